// The shared caches' client (CACHE_PURGE_URLS; Varnish with deploy/varnish/default.vcl): each gets a `PURGE` naming
// the surrogate keys to drop (app/workflows/purge-after-writes.server.ts sends one after every write). A purge that fails is logged and tried
// again a few times with growing pauses; it never fails or holds up the write (a cache that missed it serves the
// older page until its s-maxage runs out). docs/decisions/024-varnish-in-front-with-xkey-purges.md
import { env } from "~/env.server";
import { log } from "~/logger.server";

/** The request header the VCL reads the keys from (space-separated). */
export const PURGE_KEYS_HEADER = "xkey-purge";
/** Pauses before the second, third … attempt of a purge that failed: five attempts within about half a minute. */
export const RETRY_DELAYS_MS: readonly number[] = [500, 2000, 5000, 15_000];
const TIMEOUT_MS = 5000;
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
