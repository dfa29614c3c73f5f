// The shared caches in front (CACHE_PURGE_URLS; Varnish with deploy/varnish/default.vcl): after a write commits,
// each gets a `PURGE` naming the surrogate keys to drop, in the background. A purge that fails is logged and tried
// again a few times with growing pauses; it never fails or holds up the write (a cache that missed it serves the
// older page until its s-maxage runs out). docs/decisions/024-varnish-in-front-with-xkey-purges.md
import { dataVersion } from "~/data/reference-cache.server";
import { DATA_KEY } from "~/domain/cache";
import { env } from "~/env.server";
import { log } from "~/logger.server";

/** The request header the VCL reads the keys from (space-separated). */
export const PURGE_KEYS_HEADER = "xkey-purge";
/** Pauses before the second, third … attempt of a purge that failed: five attempts within about half a minute. */
export const RETRY_DELAYS_MS: readonly number[] = [500, 2000, 5000, 15_000];
const TIMEOUT_MS = 5000;
/**
 * A write's purge is sent once more this long after the first: a page another instance was rendering from the older
 * data while the write committed may reach the cache after the first purge (a render takes well under this).
 */
export const SETTLE_DELAY_MS = 2000;

export interface PurgeOptions {
  /** The caches' base URLs (default: CACHE_PURGE_URLS). */
  caches?: readonly string[];
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
}

export interface PurgeResult {
  cache: string;
  ok: boolean;
  attempts: number;
}

/** A cache's refusal that trying again would not change (not in its ACL, a cache that does not take PURGE). */
class PurgeRefused extends Error {}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

async function sendPurge(cache: string, keys: readonly string[], timeoutMs: number): Promise<void> {
  const response = await fetch(cache, {
    method: "PURGE",
    headers: { [PURGE_KEYS_HEADER]: keys.join(" ") },
    redirect: "manual",
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text().catch(() => "");
  if (response.ok) return;
  const message = `${response.status} ${text.trim().slice(0, 200)}`;
  if (response.status >= 500 || response.status === 429) throw new Error(message);
  throw new PurgeRefused(message);
}

/** Where a cache is, for the log (without any credentials its URL may carry). */
function cacheName(cache: string): string {
  try {
    const url = new URL(cache);
    return url.origin + url.pathname;
  } catch {
    return "(invalid URL)";
  }
}

async function purgeOne(cache: string, keys: readonly string[], options: PurgeOptions): Promise<PurgeResult> {
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      await sendPurge(cache, keys, options.timeoutMs ?? TIMEOUT_MS);
      if (attempt > 1) log().info({ cache: cacheName(cache), keys, attempt }, "Cache purge went through");
      return { cache, ok: true, attempts: attempt };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const final = error instanceof PurgeRefused || attempt > delays.length;
      const fields = { cache: cacheName(cache), keys, attempt, reason };
      if (final) {
        log().error(fields, "Cache purge failed; the cache serves older pages until they expire");
        return { cache, ok: false, attempts: attempt };
      }
      log().warn(fields, "Cache purge failed; trying again");
      await pause(delays[attempt - 1]!);
    }
  }
}

/** Purges `keys` in every cache (default: CACHE_PURGE_URLS), each tried again on failure; never rejects. */
export async function purgeKeys(keys: readonly string[], options: PurgeOptions = {}): Promise<PurgeResult[]> {
  const caches = options.caches ?? env().CACHE_PURGE_URLS;
  return Promise.all(caches.map((cache) => purgeOne(cache, keys, options)));
}

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
