// The purge client against a local fake cache that speaks the VCL's PURGE protocol (tests/fakes/purge-cache.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "../../tests/helpers/server";
import { startFakePurgeCache, type FakePurgeCache } from "../../tests/fakes/purge-cache";
import { purgeKeys, RETRY_DELAYS_MS } from "./cache-purge.server";

// Short pauses between attempts: the rule under test is how many and when to stop, not how long to wait.
const retryDelaysMs = RETRY_DELAYS_MS.map(() => 5);

let first: FakePurgeCache;
let second: FakePurgeCache;
beforeAll(async () => {
  [first, second] = await Promise.all([startFakePurgeCache(), startFakePurgeCache()]);
});
afterAll(async () => Promise.all([first?.close(), second?.close()]));

let seenBefore: [number, number];
beforeEach(() => {
  seenBefore = [first.requests().length, second.requests().length];
});
const newRequests = (cache: FakePurgeCache) => cache.requests().slice(seenBefore[cache === first ? 0 : 1]);

describe("purgeKeys", () => {
  it("sends one PURGE naming the keys to every cache listed", async () => {
    const results = await purgeKeys(["data", "city-nashville"], {
      caches: [first.url, `${second.url}/`],
      retryDelaysMs,
    });
    expect(results.map((r) => [r.ok, r.attempts])).toEqual([
      [true, 1],
      [true, 1],
    ]);
    for (const cache of [first, second]) {
      expect(newRequests(cache)).toEqual([{ method: "PURGE", url: "/", keys: "data city-nashville", status: 200 }]);
    }
  });

  it("tries a failing cache again until it takes the purge, without holding up the others", async () => {
    first.failNext(2, 503);
    second.failNext(1, "reset");
    const results = await purgeKeys(["data"], { caches: [first.url, second.url], retryDelaysMs });
    expect(results.map((r) => [r.ok, r.attempts])).toEqual([
      [true, 3],
      [true, 2],
    ]);
    expect(newRequests(first).map((r) => r.status)).toEqual([503, 503, 200]);
    expect(newRequests(second).map((r) => r.status)).toEqual([0, 200]);
  });

  it("gives up after a bounded number of attempts", async () => {
    first.failNext(100, 500);
    const [result] = await purgeKeys(["data"], { caches: [first.url], retryDelaysMs });
    expect(result).toMatchObject({ ok: false, attempts: RETRY_DELAYS_MS.length + 1 });
    expect(newRequests(first)).toHaveLength(RETRY_DELAYS_MS.length + 1);
    first.failNext(0);
  });

  it("does not repeat a purge the cache refuses (not in its ACL)", async () => {
    first.failNext(1, 403);
    const [result] = await purgeKeys(["data"], { caches: [first.url], retryDelaysMs });
    expect(result).toMatchObject({ ok: false, attempts: 1 });
    expect(newRequests(first).map((r) => r.status)).toEqual([403]);
  });

  it("reports a cache nobody answers at as failed, and never rejects", async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const [result] = await purgeKeys(["data"], { caches: [nobody], retryDelaysMs, timeoutMs: 1000 });
    expect(result).toMatchObject({ cache: nobody, ok: false, attempts: RETRY_DELAYS_MS.length + 1 });
  });

  it("does nothing without caches", async () => {
    expect(await purgeKeys(["data"], { caches: [] })).toEqual([]);
  });
});
