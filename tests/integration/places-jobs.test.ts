// The places jobs on the real queue (pg-boss on this run's database) against the fake Google Places: a job runs to
// the end with its progress recorded, a second one runs after it, a kind never runs twice at once, a chunk cut
// short resumes without repeating finished items, a worker whose count moved on stops, a spent quota stops the
// job keeping what was done, a queued job cancelled never runs, a chunk whose worker died is retried after its
// expiry, and a chunk out of tries fails its run (app/jobs/queue.server.ts, decision 035).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createJobRun, getJobRun } from "~/data/job-runs.server";
import { readTally, type JobKind } from "~/domain/places/jobs";
import { runPlacesChunk } from "~/jobs/places-jobs.server";
import { bossForDatabase, cancelJob, enqueue, startJobs, stopJobs } from "~/jobs/queue.server";
import { createPlacesClient, type PlacesClient } from "~/services/google-places.server";
import { startFakePlaces, type FakePlaces } from "../fakes/google-places";
import { reloadEnv } from "~/env.server";
import { databaseForTheseTests } from "../helpers/fresh-database";
import { activityRow, cityRow } from "../helpers/factories";

const database = databaseForTheseTests("migrated");
let fake: FakePlaces;
const ids: number[] = [];

beforeAll(async () => {
  fake = await startFakePlaces();
  Object.assign(process.env, fake.env());
  reloadEnv(); // the database, opened first, has read the environment already
  await database.prisma.city.create({ data: cityRow("testville", { centerLatitude: 36, centerLongitude: -86 }) });
  for (let i = 1; i <= 6; i++) {
    const row = await database.prisma.activity.create({
      data: activityRow("testville", `Job Place ${i}`, { latitude: 36, longitude: -86 }),
    });
    ids.push(row.id);
  }
});

afterAll(async () => {
  await stopJobs();
  await fake.close();
});

beforeEach(() => {
  fake.reset();
  for (let i = 1; i <= 6; i++) {
    fake.addPlace({
      id: `P${i}`,
      displayName: `Job Place ${i}`,
      location: { latitude: 36, longitude: -86 },
      rating: 4 + i / 10,
      userRatingCount: i,
    });
  }
});

/** A run's first chunk over the six activities. */
const chunk = { activityIds: ids, from: 0 };
/** A queued run over the six activities, as the admin's start makes it. */
const newRun = (kind: JobKind) => createJobRun({ id: crypto.randomUUID(), kind, total: ids.length, createdBy: "test" });

const client = (): PlacesClient => createPlacesClient({ apiKey: fake.apiKey, baseUrl: fake.url, backoffMs: 1 });

/** A client that passes each call on to a real one, but for those `change` makes (given the real one). */
function clientWith(change: (real: PlacesClient) => Partial<Omit<PlacesClient, "calls">>): PlacesClient {
  const real = client();
  return {
    get calls() {
      return real.calls;
    },
    searchText: (...a) => real.searchText(...a),
    placeDetails: (...a) => real.placeDetails(...a),
    photoUri: (...a) => real.photoUri(...a),
    ...change(real),
  };
}

/** The run once it has ended (completed, failed or cancelled). */
async function finished(id: string, timeout = 20_000) {
  await expect
    .poll(async () => (await getJobRun(id))?.status, {
      timeout,
      interval: 200,
      message: `job ${id} did not finish`,
    })
    .toMatch(/^(completed|failed|cancelled)$/);
  return (await getJobRun(id))!;
}

describe("the queue", () => {
  it("runs Refresh Ratings to the end, then a second one, and never two at once", async () => {
    await startJobs();
    const first = await enqueue("refresh-ratings", { activityIds: ids }, "test");
    expect(first.ok).toBe(true);
    const second = await enqueue("refresh-ratings", { activityIds: ids }, "test");
    expect(second).toMatchObject({ ok: false, reason: "busy" });
    const done = await finished(first.ok ? first.run.id : "");
    expect(done).toMatchObject({ status: "completed", current: 6, total: 6 });
    expect(readTally(done.result)).toMatchObject({ processed: 6, found: 6, calls: 6 });
    const rated = await database.prisma.activity.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    expect(rated.map((a) => [a.googleRating, a.googlePlaceId])).toEqual(
      ids.map((_, i) => [4 + (i + 1) / 10, `P${i + 1}`]),
    );

    const again = await enqueue("refresh-ratings", { activityIds: ids }, "test");
    expect(again.ok).toBe(true);
    // The place ids are known now: Place Details, no searches.
    expect(readTally((await finished(again.ok ? again.run.id : "")).result)).toMatchObject({ processed: 6, calls: 6 });
    expect(fake.requests.slice(6).map((r) => r.path)).toEqual(ids.map((_, i) => `/v1/places/P${i + 1}`));
  });
});

describe("a chunk run directly", () => {
  it("resumes after being cut short without repeating finished items", async () => {
    const run = await newRun("enhance-photos");
    let calls = 0;
    const crash = clientWith((dying) => ({
      searchText: (...a) => (++calls > 2 ? Promise.reject(new Error("killed")) : dying.searchText(...a)),
      placeDetails: (...a) => (++calls > 2 ? Promise.reject(new Error("killed")) : dying.placeDetails(...a)),
    }));
    await expect(runPlacesChunk("enhance-photos", run.id, chunk, crash)).rejects.toThrow("killed");
    expect((await getJobRun(run.id))?.current).toBe(2);
    const searchedBefore = fake.requests.length;
    expect(await runPlacesChunk("enhance-photos", run.id, chunk, client())).toBeNull();
    const done = await getJobRun(run.id);
    expect(done).toMatchObject({ status: "completed", current: 6 });
    expect(readTally(done!.result).processed).toBe(6);
    // Only the four unfinished activities were asked about the second time (their place ids are known by now).
    expect(fake.requests.slice(searchedBefore).map((r) => r.path)).toEqual(
      ["P3", "P4", "P5", "P6"].map((p) => `/v1/places/${p}`),
    );
  });

  it("stops a worker whose count another worker moved on, so the two never both go on", async () => {
    const run = await newRun("refresh-ratings");
    fake.delayMs = 50;
    const asked = fake.requests.length;
    const a = runPlacesChunk("refresh-ratings", run.id, chunk, client());
    // The second worker (pg-boss handed the chunk on) starts while the first is asking Google about an item.
    await expect.poll(() => fake.requests.length).toBeGreaterThan(asked);
    const b = runPlacesChunk("refresh-ratings", run.id, chunk, client());
    await Promise.all([a, b]);
    const done = await getJobRun(run.id);
    expect(done?.status).toBe("completed");
    // At most the one item the second worker was on when it found the count moved on is asked twice.
    const searches = fake.requests.filter(
      (r) => r.path === "/v1/places:searchText" || r.path.startsWith("/v1/places/P"),
    );
    expect(searches.length).toBeLessThanOrEqual(ids.length + 1);
  });

  it("stops at a spent quota, keeping what was done, with a clear message", async () => {
    const run = await newRun("refresh-ratings");
    let n = 0;
    const limited = clientWith((quick) => ({
      placeDetails: (...a) => {
        if (++n === 3) fake.fail(429, 3);
        return quick.placeDetails(...a);
      },
    }));
    expect(await runPlacesChunk("refresh-ratings", run.id, chunk, limited)).toBeNull();
    const done = await getJobRun(run.id);
    expect(done).toMatchObject({ status: "failed", current: 2 });
    expect(done?.error).toContain("quota");
    expect(readTally(done!.result)).toMatchObject({ processed: 2, found: 2 });
  });
});

describe("Cancel", () => {
  it("cancels a queued job at once: its worker, when it comes to it, asks Google nothing", async () => {
    const run = await newRun("refresh-ratings");
    expect(await cancelJob(run.id)).toBe("Refresh Ratings was cancelled.");
    expect(await getJobRun(run.id)).toMatchObject({ status: "cancelled", current: 0 });
    const asked = fake.requests.length;
    expect(await runPlacesChunk("refresh-ratings", run.id, chunk, client())).toBeNull();
    expect(fake.requests.length).toBe(asked);
    expect(await getJobRun(run.id)).toMatchObject({ status: "cancelled", current: 0 });
    // An unknown id is not found (the route's 'Job not found.').
    expect(await cancelJob("no-such-job")).toBeNull();
  });
});

describe("pg-boss's guarantees", () => {
  it("retries a chunk whose worker died after its expiry, and the run ends with every item done once", async () => {
    // A worker of another instance takes the first chunk, does two items and dies: its chunk stays active.
    await stopJobs();
    const other = await bossForDatabase();
    await other.start();
    const asked = fake.requests.length;
    try {
      const run = await newRun("refresh-ratings");
      await other.send(
        "refresh-ratings",
        { runId: run.id, chunk: 0, ...chunk },
        { id: run.id, singletonKey: run.id, expireInSeconds: 2 },
      );
      const [taken] = await other.fetch("refresh-ratings");
      expect(taken?.id).toBe(run.id);
      const dying = client();
      let calls = 0;
      const dies: PlacesClient = {
        get calls() {
          return dying.calls;
        },
        searchText: (...a) => (++calls > 2 ? new Promise(() => {}) : dying.searchText(...a)),
        placeDetails: (...a) => (++calls > 2 ? new Promise(() => {}) : dying.placeDetails(...a)),
        photoUri: (...a) => dying.photoUri(...a),
      };
      void runPlacesChunk("refresh-ratings", run.id, chunk, dies);
      await expect.poll(async () => (await getJobRun(run.id))?.current).toBe(2);
      expect((await other.getJobById("refresh-ratings", run.id))?.state).toBe("active");

      // This instance's workers: pg-boss's maintenance fails the expired chunk, which is retried here.
      await startJobs();
      const done = await finished(run.id, 60_000);
      expect(done).toMatchObject({ status: "completed", current: 6 });
      expect(readTally(done.result)).toMatchObject({ processed: 6 });
      // Two by the dead worker (its third question never left), then the four left: each once.
      const questions = fake.requests.slice(asked).map((r) => `${r.path} ${JSON.stringify(r.body ?? "")}`);
      expect(questions).toHaveLength(6);
      expect(new Set(questions).size).toBe(6);
    } finally {
      await other.stop({ graceful: false, wait: true });
    }
  }, 90_000);

  it("fails a run whose chunk ran out of tries (the dead-letter queue)", async () => {
    const { boss } = await startJobs();
    const release = fake.hold();
    const asked = fake.requests.length;
    const run = await newRun("refresh-ratings");
    // A chunk that may hold its job a second and has no retry: its worker waits on Google past that.
    await boss.send(
      "refresh-ratings",
      { runId: run.id, chunk: 0, ...chunk },
      { id: run.id, singletonKey: run.id, expireInSeconds: 1, retryLimit: 0 },
    );
    await expect.poll(() => fake.requests.length).toBe(asked + 1);
    const done = await finished(run.id, 30_000);
    expect(done).toMatchObject({ status: "failed", current: 0, error: "The job stopped and could not be resumed." });
    expect((await boss.getJobById("refresh-ratings", run.id))?.state).toBe("failed");
    release();
  }, 60_000);
});
