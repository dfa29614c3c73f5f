// The scheduled rating refresh (issue #29, decision 021) on the real queue against the fake Google Places: one tick
// a day across processes; a tick refreshes only the ratings older than the settings' days, oldest first, as many as
// the month's cost cap pays for, records the changes in the history under the job's name, and starts nothing once
// the cap is reached, when nothing is due, or when it is off.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listActivities } from "~/data/activities/city-list.server";
import { toPublicActivity, getActivityRow } from "~/data/activities/rows.server";
import { entityHistory } from "~/data/history.server";
import { DEFAULT_FILTERS } from "~/domain/pages/filters";
import { getJobRun } from "~/data/job-runs.server";
import { saveRatingRefreshSettings, scheduledSpendThisMonth } from "~/data/rating-refresh.server";
import {
  RATING_REFRESH_QUEUE,
  runScheduledRatingRefresh,
  scheduleRatingRefresh,
  startJobs,
  stopJobs,
} from "~/jobs/queue.server";
import { startFakePlaces, type FakePlaces } from "../fakes/google-places";
import { reloadEnv } from "~/env.server";
import { databaseForTheseTests } from "../helpers/fresh-database";
import { activityRow, cityRow } from "../helpers/factories";

const database = databaseForTheseTests("migrated");
let fake: FakePlaces;
const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const ago = (days: number) => new Date(now.getTime() - days * DAY);
/** Activity ids by name: three stale (12, 11 and 10 days), one fresh (2 days), one never from Google. */
const ids: Record<string, number> = {};

beforeAll(async () => {
  fake = await startFakePlaces();
  Object.assign(process.env, fake.env());
  reloadEnv(); // the database, opened first, has read the environment already
  await database.prisma.city.create({ data: cityRow("testville", { centerLatitude: 36, centerLongitude: -86 }) });
  const rows: [string, Date | null][] = [
    ["Oldest", ago(12)],
    ["Older", ago(11)],
    ["Old", ago(10)],
    ["Fresh", ago(2)],
    ["Seeded", null],
  ];
  for (const [i, [title, at]] of rows.entries()) {
    const row = await database.prisma.activity.create({
      data: activityRow("testville", title, {
        latitude: 36,
        longitude: -86,
        googlePlaceId: `P${i}`,
        googleRating: 3,
        googleReviewCount: 1,
        googleRatingUpdatedAt: at,
      }),
    });
    ids[title] = row.id;
    fake.addPlace({
      id: `P${i}`,
      displayName: title,
      location: { latitude: 36, longitude: -86 },
      rating: 4.5,
      userRatingCount: 99,
    });
  }
});

afterAll(async () => {
  await stopJobs();
  await fake.close();
});

async function finished(id: string) {
  await expect
    .poll(async () => (await getJobRun(id))?.status, { timeout: 20_000, interval: 100 })
    .toMatch(/completed|failed|cancelled/);
  return (await getJobRun(id))!;
}

async function ratings() {
  const rows = await database.prisma.activity.findMany({ orderBy: { id: "asc" } });
  return Object.fromEntries(rows.map((r) => [r.title, r.googleRating]));
}

describe("the scheduled rating refresh", () => {
  it("ticks once a day across processes", async () => {
    const { boss } = await startJobs();
    // This process asked for today's tick as it started (the settings are off: it does nothing); asking again
    // queues nothing, whoever asks.
    await expect.poll(() => scheduleRatingRefresh(boss), { timeout: 10_000 }).toBeNull();
    const queued = await boss.fetch(RATING_REFRESH_QUEUE);
    for (const job of queued ?? []) await boss.complete(RATING_REFRESH_QUEUE, job.id);
    expect(await runScheduledRatingRefresh(now)).toMatchObject({ started: false, reason: "off" });
  });

  it("refreshes only the stale ratings, oldest first, and stops at the month's cap", async () => {
    // $0.04 pays for two activities at the Place Details rate ($0.017), not three.
    expect((await saveRatingRefreshSettings({ enabled: true, maxAgeDays: 7, monthlyCap: 0.04 })).ok).toBe(true);
    const first = await runScheduledRatingRefresh(now);
    if (!first.started) throw new Error(`not started: ${first.message}`);
    expect(first.run).toMatchObject({ kind: "refresh-ratings", total: 2, createdBy: "schedule" });
    expect(await finished(first.run.id)).toMatchObject({ status: "completed", current: 2 });
    expect(await ratings()).toEqual({ Oldest: 4.5, Older: 4.5, Old: 3, Fresh: 3, Seeded: 3 });
    const oldest = await database.prisma.activity.findUniqueOrThrow({ where: { id: ids.Oldest } });
    expect(oldest.googleRatingUpdatedAt!.getTime()).toBeGreaterThan(ago(1).getTime());
    // The change is in the activity's history, under the job's name.
    const [entry] = (await entityHistory("activity", ids.Oldest)).entries;
    expect(entry).toMatchObject({ actor: "job:refresh-ratings", changes: { googleRating: [3, 4.5] } });

    expect(await scheduledSpendThisMonth(now)).toBe(0.034);
    expect(await runScheduledRatingRefresh(now)).toMatchObject({ started: false, reason: "cap-reached" });
    expect(await ratings()).toMatchObject({ Old: 3 });

    // A higher cap pays for the one still due; then nothing is.
    expect((await saveRatingRefreshSettings({ enabled: true, maxAgeDays: 7, monthlyCap: 1 })).ok).toBe(true);
    const second = await runScheduledRatingRefresh(now);
    if (!second.started) throw new Error(`not started: ${second.message}`);
    expect(second.run.total).toBe(1);
    await finished(second.run.id);
    expect(await ratings()).toEqual({ Oldest: 4.5, Older: 4.5, Old: 4.5, Fresh: 3, Seeded: 3 });
    expect(await runScheduledRatingRefresh(now)).toMatchObject({ started: false, reason: "nothing-due" });
    // The age is the settings': two days makes the fresh one due too (the seeded one never is).
    expect((await saveRatingRefreshSettings({ enabled: true, maxAgeDays: 1, monthlyCap: 1 })).ok).toBe(true);
    const third = await runScheduledRatingRefresh(now);
    expect(third.started && third.run.total).toBe(1);
    if (third.started) await finished(third.run.id);
    expect(await ratings()).toEqual({ Oldest: 4.5, Older: 4.5, Old: 4.5, Fresh: 4.5, Seeded: 3 });
  });
});

describe("a Google rating past the policy's 30 days", () => {
  it("is left out of the city list, its minimum-rating filter and the public shape, on this database", async () => {
    await database.prisma.city.create({ data: cityRow("staleville") });
    const stale = await database.prisma.activity.create({
      data: activityRow("staleville", "Stale Place", {
        googleRating: 4.8,
        googleReviewCount: 10,
        googleRatingUpdatedAt: ago(31),
      }),
    });
    const fresh = await database.prisma.activity.create({
      data: activityRow("staleville", "Fresh Place", {
        googleRating: 4.2,
        googleReviewCount: 5,
        googleRatingUpdatedAt: ago(29),
      }),
    });
    const all = await listActivities("staleville", DEFAULT_FILTERS);
    expect(all.items.map((a) => [a.title, a.googleRating, a.googleReviewCount])).toEqual(
      expect.arrayContaining([
        ["Stale Place", null, null],
        ["Fresh Place", "4.2", 5],
      ]),
    );
    const atLeast4 = await listActivities("staleville", { ...DEFAULT_FILTERS, minRating: 4 });
    expect(atLeast4.items.map((a) => a.id)).toEqual([fresh.id]);
    expect(toPublicActivity((await getActivityRow(stale.id))!)).toMatchObject({
      googleRating: null,
      googleReviewCount: null,
    });
    expect(toPublicActivity((await getActivityRow(stale.id))!)).not.toHaveProperty("googleRatingUpdatedAt");
  });
});
