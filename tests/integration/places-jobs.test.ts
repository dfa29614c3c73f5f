// The places jobs on the real queue (pg-boss on this run's database) against the fake Google Places: a job runs to
// the end with its progress recorded, a second one runs after it, a kind never runs twice at once, a job cut
// short resumes without repeating finished items, a worker whose lease was taken stops, a spent quota stops
// the job keeping what was done, a queued job cancelled never runs, and the stalled-job sweep.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activeJobRun, createJobRun, getJobRun } from "~/data/job-runs.server";
import { readTally } from "~/domain/places/jobs";
import { runPlacesJob } from "~/jobs/places-jobs.server";
import { cancelJob, enqueue, startJobs, stopJobs, sweepStalled } from "~/jobs/queue.server";
import { createPlacesClient, type PlacesClient } from "~/services/google-places.server";
import { startFakePlaces, type FakePlaces } from "../fakes/google-places";
import { useFreshDatabase, type TestDatabase } from "../helpers/database";
import { activityRow, cityRow } from "../helpers/factories";

let database: TestDatabase;
let fake: FakePlaces;
const ids: number[] = [];

beforeAll(async () => {
  fake = await startFakePlaces();
  process.env.GOOGLE_PLACES_API_KEY = fake.apiKey;
  process.env.GOOGLE_PLACES_BASE_URL = fake.url;
  database = await useFreshDatabase("migrated");
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
  await database.dispose();
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

const client = (): PlacesClient => createPlacesClient({ apiKey: fake.apiKey, baseUrl: fake.url, backoffMs: 1 });

/** The run once it has ended (completed, failed or cancelled). */
async function finished(id: string) {
  await expect
    .poll(async () => (await getJobRun(id))?.status, {
      timeout: 20_000,
      interval: 200,
      message: `job ${id} did not finish`,
    })
    .toMatch(/^(completed|failed|cancelled)$/);
  return (await getJobRun(id))!;
}

describe("the queue", () => {
  it("runs Refresh Ratings to the end, then a second one, and never two at once", async () => {
    await startJobs();
    const busy = () => activeJobRun("refresh-ratings");
    const first = await enqueue("refresh-ratings", { activityIds: ids }, "test", busy);
    expect(first.ok).toBe(true);
    const second = await enqueue("refresh-ratings", { activityIds: ids }, "test", busy);
    expect(second).toMatchObject({ ok: false, reason: "busy" });
    const done = await finished(first.ok ? first.run.id : "");
    expect(done).toMatchObject({ status: "completed", current: 6, total: 6 });
    expect(readTally(done.result)).toMatchObject({ processed: 6, found: 6, calls: 6 });
    const rated = await database.prisma.activity.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    expect(rated.map((a) => [a.googleRating, a.googlePlaceId])).toEqual(
      ids.map((_, i) => [4 + (i + 1) / 10, `P${i + 1}`]),
    );

    const again = await enqueue("refresh-ratings", { activityIds: ids }, "test", busy);
    expect(again.ok).toBe(true);
    // The place ids are known now: Place Details, no searches.
    expect(readTally((await finished(again.ok ? again.run.id : "")).result)).toMatchObject({ processed: 6, calls: 6 });
    expect(fake.requests.slice(6).map((r) => r.path)).toEqual(ids.map((_, i) => `/v1/places/P${i + 1}`));
  });
});

describe("a job run directly", () => {
  it("resumes after being cut short without repeating finished items", async () => {
    const run = await createJobRun({
      id: crypto.randomUUID(),
      kind: "enhance-photos",
      total: ids.length,
      createdBy: "test",
    });
    const dying = client();
    let calls = 0;
    const crash: PlacesClient = {
      get calls() {
        return dying.calls;
      },
      searchText: (...a) => (++calls > 2 ? Promise.reject(new Error("killed")) : dying.searchText(...a)),
      placeDetails: (...a) => (++calls > 2 ? Promise.reject(new Error("killed")) : dying.placeDetails(...a)),
      photoUri: (...a) => dying.photoUri(...a),
    };
    await expect(runPlacesJob("enhance-photos", run.id, { activityIds: ids }, crash)).rejects.toThrow("killed");
    expect((await getJobRun(run.id))?.current).toBe(2);
    const searchedBefore = fake.requests.length;
    await runPlacesJob("enhance-photos", run.id, { activityIds: ids }, client());
    const done = await getJobRun(run.id);
    expect(done).toMatchObject({ status: "completed", current: 6 });
    expect(readTally(done!.result).processed).toBe(6);
    // Only the four unfinished activities were asked about the second time (their place ids are known by now).
    expect(fake.requests.slice(searchedBefore).map((r) => r.path)).toEqual(
      ["P3", "P4", "P5", "P6"].map((p) => `/v1/places/${p}`),
    );
  });

  it("stops a worker whose lease another worker took, so the two never both go on", async () => {
    const run = await createJobRun({
      id: crypto.randomUUID(),
      kind: "refresh-ratings",
      total: ids.length,
      createdBy: "test",
    });
    fake.delayMs = 50;
    const asked = fake.requests.length;
    const a = runPlacesJob("refresh-ratings", run.id, { activityIds: ids }, client());
    // The second worker starts once the first holds the lease and is asking Google about an item.
    await expect.poll(() => fake.requests.length).toBeGreaterThan(asked);
    const b = runPlacesJob("refresh-ratings", run.id, { activityIds: ids }, client());
    await Promise.all([a, b]);
    const done = await getJobRun(run.id);
    expect(done?.status).toBe("completed");
    // At most the one item the first worker was on when it lost the lease is asked twice.
    const searches = fake.requests.filter(
      (r) => r.path === "/v1/places:searchText" || r.path.startsWith("/v1/places/P"),
    );
    expect(searches.length).toBeLessThanOrEqual(ids.length + 1);
  });

  it("stops at a spent quota, keeping what was done, with a clear message", async () => {
    const run = await createJobRun({
      id: crypto.randomUUID(),
      kind: "refresh-ratings",
      total: ids.length,
      createdBy: "test",
    });
    const quick = client();
    let n = 0;
    const limited: PlacesClient = {
      get calls() {
        return quick.calls;
      },
      searchText: (...a) => quick.searchText(...a),
      placeDetails: (...a) => {
        if (++n === 3) fake.fail(429, 3);
        return quick.placeDetails(...a);
      },
      photoUri: (...a) => quick.photoUri(...a),
    };
    await runPlacesJob("refresh-ratings", run.id, { activityIds: ids }, limited);
    const done = await getJobRun(run.id);
    expect(done).toMatchObject({ status: "failed", current: 2 });
    expect(done?.error).toContain("quota");
    expect(readTally(done!.result)).toMatchObject({ processed: 2, found: 2 });
  });
});

describe("Cancel", () => {
  it("cancels a queued job at once: its worker, when it comes to it, asks Google nothing", async () => {
    const run = await createJobRun({ id: crypto.randomUUID(), kind: "refresh-ratings", total: 6, createdBy: "test" });
    expect(await cancelJob(run.id)).toBe("Refresh Ratings was cancelled.");
    expect(await getJobRun(run.id)).toMatchObject({ status: "cancelled", current: 0 });
    const asked = fake.requests.length;
    await runPlacesJob("refresh-ratings", run.id, { activityIds: ids }, client());
    expect(fake.requests.length).toBe(asked);
    expect(await getJobRun(run.id)).toMatchObject({ status: "cancelled", current: 0 });
    // An unknown id is not found (the route's 'Job not found.').
    expect(await cancelJob("no-such-job")).toBeNull();
  });
});

describe("the stalled-job sweep", () => {
  it("ends a running job whose worker is gone and that pg-boss can no longer hand on", async () => {
    const { boss } = await startJobs();
    const run = await createJobRun({ id: crypto.randomUUID(), kind: "refresh-ratings", total: 6, createdBy: "test" });
    await database.prisma.jobRun.update({
      where: { id: run.id },
      data: { status: "running", current: 2, lease: "dead-worker", updatedAt: new Date(Date.now() - 60_000) },
    });
    await sweepStalled(boss, 30_000);
    expect(await getJobRun(run.id)).toMatchObject({ status: "failed", current: 2 });
  });

  it("leaves a job alone while its worker is on it, and the job ends with every item done once", async () => {
    // A real run on the queue, its worker held on its first question to Google (the fake holds the answer).
    const { boss } = await startJobs();
    const release = fake.hold();
    const asked = fake.requests.length;
    const started = await enqueue("refresh-ratings", { activityIds: ids }, "test", () =>
      activeJobRun("refresh-ratings"),
    );
    if (!started.ok) throw new Error("the job was not queued");
    const id = started.run.id;
    await expect.poll(() => fake.requests.length).toBe(asked + 1);
    const handedOut = await boss.getJobById("refresh-ratings", id);
    expect(handedOut?.state).toBe("active");
    expect((await getJobRun(id))?.status).toBe("running");
    // Two sweeps: a worker judged gone at one sweep has its job failed over at the next.
    await sweepStalled(boss, 30_000);
    await sweepStalled(boss, 30_000);
    const after = await boss.getJobById("refresh-ratings", id);
    expect(after).toMatchObject({ state: "active", retryCount: handedOut!.retryCount });
    expect(new Date(after!.startedOn).getTime()).toBe(new Date(handedOut!.startedOn).getTime());
    expect((await getJobRun(id))?.status).toBe("running");
    release();
    const done = await finished(id);
    expect(done).toMatchObject({ status: "completed", current: 6 });
    expect(readTally(done.result)).toMatchObject({ processed: 6 });
    // Each activity asked about once: the held item was not handed to a second worker.
    const questions = fake.requests
      .slice(asked)
      .map((r) => `${r.path} ${(r.body as { textQuery?: string } | undefined)?.textQuery ?? ""}`);
    expect(questions).toHaveLength(6);
    expect(new Set(questions).size).toBe(6);
  });
});
