// After a write commits, the shared caches in front drop what they keep of the data (CACHE_PURGE_URLS), in the
// background: docs/decisions/024-varnish-in-front-with-xkey-purges.md.
import { dataVersion } from "~/data/reference-cache.server";
import { DATA_KEY } from "~/domain/http/cache";
import { env } from "~/env.server";
import { purgeKeys, type PurgeOptions } from "~/services/cache-purge.server";

/**
 * A write's purge is sent once more this long after the first: a page another instance was rendering from the older
 * data while the write committed may reach the cache after the first purge (a render takes well under this).
 */
export const SETTLE_DELAY_MS = 2000;

/** The data version now, or null when it cannot be read (then a purge is sent to be safe). */
async function versionNow(): Promise<string | null> {
  try {
    return (await dataVersion()).version;
  } catch {
    return null;
  }
}

/**
 * Runs `work` (a request that may write, a background job) and, when the data version moved while it ran — a write
 * to a table public pages read committed (app/data/reference-cache.server.ts) — purges the `data` key in the caches,
 * now and once more after SETTLE_DELAY_MS, without waiting for either. Without CACHE_PURGE_URLS it only runs `work`.
 */
export async function purgeCachesAfterWrites<T>(work: () => Promise<T>, options: PurgeOptions = {}): Promise<T> {
  const caches = options.caches ?? env().CACHE_PURGE_URLS;
  if (caches.length === 0) return work();
  const before = await versionNow();
  try {
    return await work();
  } finally {
    void versionNow().then((after) => {
      if (before !== null && after === before) return;
      void purgeKeys([DATA_KEY], { ...options, caches });
      setTimeout(() => void purgeKeys([DATA_KEY], { ...options, caches }), SETTLE_DELAY_MS).unref();
    });
  }
}
