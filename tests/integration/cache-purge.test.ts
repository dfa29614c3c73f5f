// Purge after commit (app/services/cache-purge.server.ts) against a real database and a local fake cache: a piece of
// work that writes to a table public pages read moves the data version, and the caches are told to drop `data`,
// at once and once more a moment later; work that only reads sends nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeCachesAfterWrites, SETTLE_DELAY_MS } from "~/workflows/purge-after-writes.server";
import { startFakePurgeCache, type FakePurgeCache } from "../fakes/purge-cache";
import { databaseForTheseTests } from "../helpers/fresh-database";

const database = databaseForTheseTests("seeded");
let cache: FakePurgeCache;

beforeAll(async () => {
  cache = await startFakePurgeCache();
});
afterAll(async () => cache?.close());

describe("purge after commit", () => {
  it("purges the data key after a write, and again once the renders of the older data are done", async () => {
    const caches = [cache.url];
    const read = await purgeCachesAfterWrites(
      async () => (await database.raw.query(`SELECT count(*) FROM "City"`)).rows.length,
      { caches },
    );
    expect(read).toBe(1);
    await purgeCachesAfterWrites(
      () => database.raw.exec(`UPDATE "City" SET "displayName" = 'Music City' WHERE id = 'nashville'`),
      { caches },
    );
    await expect.poll(() => cache.requests().length, { timeout: SETTLE_DELAY_MS + 10_000 }).toBe(2);
    // Both from the write: the read's would have come first, and its second one before the write's.
    expect(cache.requests()).toEqual([
      { method: "PURGE", url: "/", keys: "data", status: 200 },
      { method: "PURGE", url: "/", keys: "data", status: 200 },
    ]);
  });
});
