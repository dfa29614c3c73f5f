// POST /api/activities/{id}/fetch-hybrid-photos (admin §7) through its route module against the fake Google Places:
// refused with 'Feature Disabled' while the toggle is off; on, the photo count and where the shown photo comes
// from, the activity's own photo kept; 404 for an unknown activity; 503 without a key. Then the Settings tab's
// Test Single Activity and Bulk Enhance posts (admin §8 toasts): which activity they pick and cover.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeToast } from "~/auth/toast.server";
import { setHybridPhotosEnabled, hybridPhotosEnabled } from "~/data/photo-settings.server";
import { stopJobs } from "~/jobs/queue.server";
import * as bulkRoute from "~/routes/admin/settings/bulk-enhance";
import * as testRoute from "~/routes/admin/settings/hybrid-test";
import { reloadEnv } from "~/env.server";
import { HYBRID_DISABLED_MESSAGE, PLACES_NOT_CONFIGURED_MESSAGE } from "~/domain/places/places";
import * as enableRoute from "~/routes/admin/settings/hybrid-enable";
import { photoEnhancementData } from "~/routes/admin/settings/photo-enhancement.server";
import * as route from "~/routes/api/activity-hybrid-photos";
import { startFakePlaces, type FakePlaces } from "../fakes/google-places";
import { databaseForTheseTests } from "../helpers/fresh-database";
import { activityRow, cityRow } from "../helpers/factories";
import { signedInAdminCookie } from "../helpers/admin-session";
import { routeArgsWithCookie } from "../helpers/route-args";

const database = databaseForTheseTests("migrated");
let adminCookie = "";
/** Route arguments for a request from the signed-in administrator (a real session). */
const adminArgs = routeArgsWithCookie(() => adminCookie);
let fake: FakePlaces;
const ids: Record<"plain" | "custom", number> = { plain: 0, custom: 0 };

beforeAll(async () => {
  fake = await startFakePlaces();
  Object.assign(process.env, fake.env());
  reloadEnv();
  adminCookie = await signedInAdminCookie();
  // Off until an administrator enables them (before any test here sets the switch).
  expect(await hybridPhotosEnabled()).toBe(false);
  await database.prisma.city.create({ data: cityRow("hybridville", { centerLatitude: 36, centerLongitude: -86 }) });
  const near = { latitude: 36, longitude: -86 };
  ids.plain = (
    await database.prisma.activity.create({
      data: activityRow("hybridville", "Hybrid Hall", { ...near, image: "https://img.example/own.jpg" }),
    })
  ).id;
  ids.custom = (
    await database.prisma.activity.create({
      data: activityRow("hybridville", "Hybrid Custom", {
        ...near,
        photoSource: "custom",
        customPhotoUrl: "https://img.example/custom.jpg",
      }),
    })
  ).id;
  fake.addPlace({ id: "P-hall", displayName: "Hybrid Hall", location: { latitude: 36, longitude: -86 } }, 2);
  fake.addPlace({ id: "P-custom", displayName: "Hybrid Custom", location: { latitude: 36, longitude: -86 } }, 4);
});

afterAll(async () => {
  await stopJobs();
  await fake?.close();
});

async function post(id: number | string) {
  const url = `http://localhost/api/activities/${id}/fetch-hybrid-photos`;
  const response = (await route.action(adminArgs(url, { id: String(id) }, { method: "POST" }))) as Response;
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

// Each test sets the switch it needs, and those that count on the photos there are give them first, so the tests
// hold in any order.
describe("fetch-hybrid-photos", () => {
  it("answers 'Feature Disabled' while hybrid photos are off, and calls nobody", async () => {
    await setHybridPhotosEnabled(false);
    const before = fake.requests.length;
    expect(await post(ids.plain)).toEqual({ status: 409, json: { message: HYBRID_DISABLED_MESSAGE } });
    expect(fake.requests.length).toBe(before);
  });

  it("fetches the Google photos once enabled and says where the shown photo comes from", async () => {
    await setHybridPhotosEnabled(true);
    expect(await post(ids.plain)).toEqual({
      status: 200,
      json: { photoCount: 2, source: "google", message: "Photos updated" },
    });
    // A custom photo stays the one shown; the Google photos are stored beside it (at most 3 kept).
    expect(await post(ids.custom)).toMatchObject({ status: 200, json: { photoCount: 3, source: "custom" } });
    const custom = await database.prisma.activity.findUniqueOrThrow({ where: { id: ids.custom } });
    expect(custom.customPhotoUrl).toBe("https://img.example/custom.jpg");
    expect(custom.googlePhotos).toHaveLength(3);
  });

  it("answers 404 for an unknown activity and 400 for a bad id", async () => {
    await setHybridPhotosEnabled(true);
    expect(await post(999_999)).toEqual({ status: 404, json: { message: "Activity not found." } });
    expect((await post("abc")).status).toBe(400);
  });

  it("answers 503 without a Google Places key, as the other places calls do", async () => {
    await setHybridPhotosEnabled(true);
    const key = process.env.GOOGLE_PLACES_API_KEY;
    delete process.env.GOOGLE_PLACES_API_KEY;
    reloadEnv();
    try {
      const answer = await post(ids.plain);
      expect(answer.status).toBe(503);
      expect(answer.json.message).toContain("Google Places is not configured");
      // The Settings tab says so, and its enabling confirmation refuses.
      expect(await photoEnhancementData({ total: 2, withPhotos: 0 })).toMatchObject({
        configured: false,
        notConfiguredMessage: PLACES_NOT_CONFIGURED_MESSAGE,
      });
      const enable = await enableRoute.loader(adminArgs("http://localhost/admin/settings/hybrid-photos/enable", {}));
      expect(enable.refusal).toBe(PLACES_NOT_CONFIGURED_MESSAGE);
    } finally {
      process.env.GOOGLE_PLACES_API_KEY = key;
      reloadEnv();
    }
  });

  it("stops answering once disabled again", async () => {
    await setHybridPhotosEnabled(true);
    expect((await post(ids.plain)).status).toBe(200);
    await setHybridPhotosEnabled(false);
    expect((await post(ids.plain)).status).toBe(409);
  });
});

/** Where a settings post redirects, and the toast it leaves. */
async function settingsPost(run: (args: ReturnType<typeof adminArgs<object>>) => Promise<unknown>, path: string) {
  const response = (await run(adminArgs(`http://localhost${path}`, {}, { method: "POST" }))) as Response;
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  const { toast } = await takeToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return { location: response.headers.get("Location"), toast };
}
/** Every activity so far has Google photos (as fetching them above would leave them). */
const everyActivityHasGooglePhotos = () =>
  database.prisma.activity.updateMany({
    where: { googlePhotos: { isEmpty: true } },
    data: { googlePhotos: ["https://places.example/photo-1"] },
  });
const test = () => settingsPost(testRoute.action, "/admin/settings/hybrid-photos/test");
const bulk = () => settingsPost(bulkRoute.action, "/admin/settings/bulk-enhance");

describe("the Settings tab's Test Single Activity and Bulk Enhance", () => {
  it("says 'Feature Disabled' while off, 'No Test Activity Found' and 'Enhancement Failed' with nothing to do", async () => {
    await setHybridPhotosEnabled(false);
    expect(await test()).toMatchObject({ location: "/admin/settings", toast: { title: "Feature Disabled" } });
    await setHybridPhotosEnabled(true);
    await everyActivityHasGooglePhotos();
    expect((await test()).toast).toMatchObject({ title: "No Test Activity Found" });
    expect((await bulk()).toast).toEqual({
      title: "Enhancement Failed",
      description: "Every activity already has Google photos.",
      variant: "destructive",
    });
  });

  it("tests the first activity without Google photos, and bulk-enhances only those without", async () => {
    await setHybridPhotosEnabled(true);
    await everyActivityHasGooglePhotos();
    const near = { latitude: 36, longitude: -86 };
    const first = await database.prisma.activity.create({ data: activityRow("hybridville", "Hybrid Tower", near) });
    fake.addPlace({ id: "P-tower", displayName: "Hybrid Tower", location: near }, 1);
    expect((await test()).toast).toEqual({
      title: "Test Succeeded",
      description: 'Fetched 1 Google photo for "Hybrid Tower".',
    });
    expect((await database.prisma.activity.findUniqueOrThrow({ where: { id: first.id } })).googlePhotos).toHaveLength(
      1,
    );

    await database.prisma.activity.create({ data: activityRow("hybridville", "Hybrid Nowhere", near) });
    expect((await test()).toast).toEqual({
      title: "Test Failed",
      description: 'Google has no photos for "Hybrid Nowhere".',
      variant: "destructive",
    });
    expect((await bulkRoute.loader(adminArgs("http://localhost/admin/settings/bulk-enhance", {}))).count).toBe(1);
    const started = await bulk();
    expect(started).toMatchObject({ location: "/admin/activities#jobs", toast: { title: "Enhance Photos started" } });
    const run = await database.prisma.jobRun.findFirstOrThrow({ where: { kind: "enhance-photos" } });
    expect(run.total).toBe(1);
  });
});
