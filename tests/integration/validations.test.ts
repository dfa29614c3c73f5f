// The data-quality records and the batch validation against a real database (PGlite, or PostgreSQL with
// DATABASE_URL), websites and short maps links served by local fakes, Google Places given as a plain function.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  acceptNormalizedPhone,
  addressDiscrepancies,
  clearReviewList,
  getValidation,
  markReviewed,
  recordValidation,
  reviewNotes,
  unvalidatedActivities,
  validationCoverage,
  validationStats,
} from "~/data/validations.server";
import type { FindPlace, PlaceQuery } from "~/domain/data-quality/location-check";
import type { Resolver } from "~/services/http.server";
import { resolveMapsUrl } from "~/services/maps-url.server";
import { validateActivities, type Validators } from "~/workflows/validate-activities.server";
import { checkWebsite } from "~/services/website-check.server";
import { RYMAN_MAPS_URL, startFakeWebsites, type FakeWebsites } from "../fakes/websites";
import { databaseForTheseTests } from "../helpers/fresh-database";

const database = databaseForTheseTests("migrated");
let sites: FakeWebsites;
let validators: Validators;
const places: PlaceQuery[] = [];
let placeAnswers: Record<string, Awaited<ReturnType<FindPlace>> | Error> = {};

const RYMAN = { latitude: 36.1612, longitude: -86.7785 };

beforeAll(async () => {
  sites = await startFakeWebsites();
  await database.prisma.city.create({
    data: {
      id: "nashville",
      name: "Nashville",
      displayName: "Nashville",
      state: "Tennessee",
      stateCode: "TN",
      centerLatitude: 36.1627,
      centerLongitude: -86.7816,
      radius: 60,
    },
  });
  // Short links reach the fake through a resolver; only the fake's origins are let through.
  const resolve: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
  const allowPrivateOrigins = [sites.origin, `http://maps.app.goo.gl:${sites.port}`];
  validators = {
    checkWebsite: (url) => checkWebsite(url, { allowPrivateOrigins, timeoutMs: 5000 }),
    resolveMapsUrl: (url) => resolveMapsUrl(url, { allowPrivateOrigins, resolve, timeoutMs: 5000 }),
    findPlace: async (query) => {
      places.push(query);
      const answer = placeAnswers[query.text.split(",")[0]] ?? null;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
});
afterAll(async () => sites?.close());

let counter = 0;
async function activity(data: Partial<Parameters<typeof database.prisma.activity.create>[0]["data"]> = {}) {
  counter++;
  const title = (data.title as string | undefined) ?? `Place ${counter}`;
  const row = await database.prisma.activity.create({
    data: {
      slug: `place-${counter}`,
      excerpt: "A place.",
      cityId: "nashville",
      ...RYMAN,
      ...data,
      title,
    } as Parameters<typeof database.prisma.activity.create>[0]["data"],
  });
  return row.id;
}

async function validated(id: number) {
  return database.prisma.activityValidation.findUniqueOrThrow({ where: { activityId: id } });
}

beforeEach(async () => {
  await database.prisma.activity.deleteMany();
  places.length = 0;
  placeAnswers = {};
});

describe("recordValidation", () => {
  it("creates one record per activity and merges the statuses of later runs into it", async () => {
    const id = await activity();
    const first = await recordValidation(id, { websiteStatus: "failed", websiteReason: "HTTP 404" });
    expect(first).toMatchObject({ ok: true, value: { activityId: id, qualityScore: 8, needsReview: true } });
    const second = await recordValidation(id, { phoneStatus: "valid_format", phoneNormalized: "+1 615 254 1600" });
    expect(second.ok && second.value).toMatchObject({
      websiteStatus: "failed",
      websiteReason: "HTTP 404",
      phoneStatus: "valid_format",
      phoneNormalized: "+1 615 254 1600",
      qualityScore: 8,
      needsReview: true,
    });
    expect(await database.prisma.activityValidation.count({ where: { activityId: id } })).toBe(1);
    expect((await validated(id)).lastValidated).toBeInstanceOf(Date);
  });

  it("keeps every run's findings when several write one activity at once", async () => {
    const id = await activity();
    const results = await Promise.all([
      recordValidation(id, { websiteStatus: "accessible" }),
      recordValidation(id, { phoneStatus: "invalid_format" }),
      recordValidation(id, { locationAccuracy: "location_verified", locationDistance: 0.1 }),
      recordValidation(id, { businessStatus: "CLOSED_TEMPORARILY" }),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await validated(id)).toMatchObject({
      websiteStatus: "accessible",
      phoneStatus: "invalid_format",
      locationAccuracy: "location_verified",
      businessStatus: "CLOSED_TEMPORARILY",
      qualityScore: 8,
      needsReview: true,
    });
  });

  it("refuses an activity that does not exist, and joins a caller's transaction", async () => {
    expect(await recordValidation(999_999, { websiteStatus: "accessible" })).toEqual({
      ok: false,
      reason: "not-found",
    });
    const id = await activity();
    await database.prisma.$transaction(async (tx) => {
      expect((await recordValidation(id, { phoneStatus: "valid_format" }, tx)).ok).toBe(true);
    });
    expect((await getValidation(id))?.phoneStatus).toBe("valid_format");
  });
});

describe("which activities each type picks", () => {
  it("takes only those with the field, and only until checked", async () => {
    const withWebsite = await activity({ website: "https://a.example/" });
    const withPhone = await activity({ phoneNumber: "615-254-1600" });
    const withMaps = await activity({ googleMapsUrl: RYMAN_MAPS_URL });
    const empty = await activity({ website: "", phoneNumber: null });
    expect(await unvalidatedActivities("website")).toEqual({ ids: [withWebsite], total: 1 });
    expect(await unvalidatedActivities("phone")).toEqual({ ids: [withPhone], total: 1 });
    expect(await unvalidatedActivities("address")).toEqual({ ids: [withMaps], total: 1 });
    expect(await unvalidatedActivities("free")).toEqual({ ids: [withWebsite, withPhone, withMaps], total: 3 });
    expect(await unvalidatedActivities("location")).toEqual({
      ids: [withWebsite, withPhone, withMaps, empty],
      total: 4,
    });
    expect((await unvalidatedActivities("location", 2)).ids).toEqual([withWebsite, withPhone]);

    await recordValidation(withWebsite, { websiteStatus: "accessible" });
    await recordValidation(withPhone, { locationAccuracy: "location_verified" });
    expect((await unvalidatedActivities("website")).total).toBe(0);
    expect((await unvalidatedActivities("phone")).ids).toEqual([withPhone]);
    expect((await unvalidatedActivities("free")).ids).toEqual([withPhone, withMaps]);
    expect((await unvalidatedActivities("location")).ids).toEqual([withWebsite, withMaps, empty]);

    expect(await validationCoverage()).toEqual({
      website: { eligible: 1, unvalidated: 0 },
      phone: { eligible: 1, unvalidated: 1 },
      location: { eligible: 4, unvalidated: 3 },
      address: { eligible: 1, unvalidated: 1 },
      business: { eligible: 4, unvalidated: 4 },
      free: { eligible: 3, unvalidated: 2 },
    });
  });
});

describe("validationStats", () => {
  it("counts activities, validated ones, the review list, websites and phones (§3)", async () => {
    const [a, b, c] = [await activity(), await activity(), await activity()];
    await activity();
    await recordValidation(a, { websiteStatus: "accessible", phoneStatus: "valid_format" });
    await recordValidation(b, { websiteStatus: "failed", phoneStatus: "invalid_format" });
    await recordValidation(c, { websiteStatus: "failed" });
    expect(await validationStats()).toEqual({
      totalActivities: 4,
      validatedActivities: 3,
      needsReview: 2,
      websiteStats: { working: 1, broken: 2 },
      phoneStats: { valid: 1, invalid: 1 },
    });
  });
});

describe("addressDiscrepancies", () => {
  it("lists activities whose address differs from or lacks their maps URL's, with the total", async () => {
    const mismatch = await activity({ title: "Mismatch", address: "200 Broadway" });
    const missing = await activity({ title: "Missing", address: null });
    const fine = await activity({ title: "Fine", address: "116 5th Ave N" });
    const maps = "116 5th Ave N, Nashville, TN 37219";
    await recordValidation(mismatch, { addressStatus: "address_mismatch", mapsAddress: maps });
    await recordValidation(missing, { addressStatus: "no_address", mapsAddress: maps });
    await recordValidation(fine, { addressStatus: "address_verified", mapsAddress: maps });
    expect(await addressDiscrepancies()).toEqual({
      items: [
        { id: mismatch, title: "Mismatch", address: "200 Broadway", validation: { mapsAddress: maps } },
        { id: missing, title: "Missing", address: null, validation: { mapsAddress: maps } },
      ],
      total: 2,
    });
    expect(await addressDiscrepancies({ take: 1 })).toMatchObject({ items: [{ id: mismatch }], total: 2 });
  });
});

describe("review", () => {
  it("marks reviewed with the fixed reviewer label and notes, taking the activity off the list (§6)", async () => {
    const id = await activity();
    await recordValidation(id, { websiteStatus: "failed" });
    const marked = await markReviewed(id, "Site is down for renovation; checked by phone.");
    expect(marked).toMatchObject({ ok: true, value: { activityId: id, reviewedBy: "Admin" } });
    expect((await validated(id)).needsReview).toBe(false);
    expect((await reviewNotes(id)).map((n) => [n.reviewedBy, n.notes])).toEqual([
      ["Admin", "Site is down for renovation; checked by phone."],
    ]);
    // Checked again with the same finding: it stays off the list; a new problem puts it back.
    await recordValidation(id, { websiteStatus: "failed", websiteReason: "HTTP 503" });
    expect((await validated(id)).needsReview).toBe(false);
    await recordValidation(id, { phoneStatus: "invalid_format" });
    expect((await validated(id)).needsReview).toBe(true);
    expect(await markReviewed(999_999, "")).toEqual({ ok: false, reason: "not-found" });
  });

  it("reviews an activity without a record, keeping the note", async () => {
    const id = await activity();
    expect((await markReviewed(id, "")).ok).toBe(true);
    expect(await getValidation(id)).toBeNull();
    expect(await reviewNotes(id)).toHaveLength(1);
  });

  it("clears the review list for the given activities only", async () => {
    const [a, b, c] = [await activity(), await activity(), await activity()];
    for (const id of [a, b, c]) await recordValidation(id, { websiteStatus: "failed" });
    expect(await clearReviewList([a, b, 999_999])).toBe(2);
    expect((await validationStats()).needsReview).toBe(1);
    expect((await validated(c)).needsReview).toBe(true);
    expect(await database.prisma.reviewNote.count()).toBe(0);
  });
});

describe("acceptNormalizedPhone", () => {
  it("stores the offered form only while the number is the one checked", async () => {
    const id = await activity({ phoneNumber: "(615) 254-1600" });
    expect(await acceptNormalizedPhone(id)).toMatchObject({ ok: false, reason: "refused" });
    const run = await validateActivities([id], "phone", validators);
    expect(run.ok && run.value.results[0]).toMatchObject({
      phoneStatus: "valid_format",
      phoneNormalized: "+1 615 254 1600",
    });
    // Nothing is stored until the administrator accepts it.
    expect((await database.prisma.activity.findUniqueOrThrow({ where: { id } })).phoneNumber).toBe("(615) 254-1600");
    expect(await acceptNormalizedPhone(id)).toEqual({ ok: true, value: { phoneNumber: "+1 615 254 1600" } });
    expect((await database.prisma.activity.findUniqueOrThrow({ where: { id } })).phoneNumber).toBe("+1 615 254 1600");
    expect((await validated(id)).phoneNormalized).toBeNull();

    const edited = await activity({ phoneNumber: "(615) 254-1600" });
    await validateActivities([edited], "phone", validators);
    await database.prisma.activity.update({ where: { id: edited }, data: { phoneNumber: "(615) 999-1600" } });
    expect(await acceptNormalizedPhone(edited)).toMatchObject({ ok: false, reason: "refused", field: "phoneNumber" });
    expect((await database.prisma.activity.findUniqueOrThrow({ where: { id: edited } })).phoneNumber).toBe(
      "(615) 999-1600",
    );
  });
});

describe("validateActivities", () => {
  it("checks websites against the fake sites and writes a record per activity (§7 shape)", async () => {
    const ok = await activity({ title: "Open", website: `${sites.origin}/ok` });
    const missing = await activity({ title: "Gone", website: `${sites.origin}/missing` });
    const sneaky = await activity({ title: "Sneaky", website: `${sites.origin}/to-metadata` });
    const none = await activity({ title: "No site" });
    const outcome = await validateActivities([ok, missing, sneaky, none, 999_999], "website", validators);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const { processed, results, errors } = outcome.value;
    expect(processed).toBe(3);
    expect(results.map((r) => [r.title, r.websiteStatus, r.websiteReason, r.qualityScore, r.needsReview])).toEqual([
      ["Open", "accessible", null, 10, false],
      ["Gone", "failed", "HTTP 404", 8, true],
      ["Sneaky", "failed", expect.stringContaining("169.254.169.254"), 8, true],
    ]);
    expect(errors).toEqual([
      { activityId: none, message: "The activity has no website" },
      { activityId: 999_999, message: "Activity not found." },
    ]);
    expect((await validated(missing)).websiteReason).toBe("HTTP 404");
    expect(await getValidation(none)).toBeNull();
    expect((await validationStats()).websiteStats).toEqual({ working: 1, broken: 2 });
  });

  it("checks at most 3 websites of one host at once", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await activity({ website: `${sites.origin}/wait/${i}` }));
    sites.resetPeak();
    const outcome = await validateActivities(ids, "website", validators);
    expect(outcome.ok && outcome.value.results.map((r) => r.websiteStatus)).toEqual(Array(8).fill("accessible"));
    expect(sites.peakWaiting()).toBe(3);
  });

  it("refuses more ids than a call takes (50 for websites, 100 for the others)", async () => {
    const many = Array.from({ length: 51 }, (_, i) => i + 1);
    expect(await validateActivities(many, "website", validators)).toEqual({
      ok: false,
      reason: "refused",
      field: "activityIds",
      message: "At most 50 activities at once",
    });
    expect((await validateActivities(many, "phone", validators)).ok).toBe(true);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(await validateActivities(tooMany, "phone", validators)).toMatchObject({ ok: false, field: "activityIds" });
  });

  it("checks maps URLs (short links too) and addresses, keeping mapsAddress", async () => {
    const verified = await activity({
      title: "Ryman",
      googleMapsUrl: RYMAN_MAPS_URL,
      address: "116 Fifth Avenue North, Nashville, TN",
    });
    const short = await activity({
      title: "Short",
      googleMapsUrl: `http://maps.app.goo.gl:${sites.port}/ryman`,
      address: "200 Broadway, Nashville, TN",
    });
    const far = await activity({
      title: "Far",
      googleMapsUrl: "https://www.google.com/maps/place/Somewhere/@36.2,-86.9,17z",
      latitude: 36.1612,
      longitude: -86.7785,
    });
    const none = await activity({ title: "No URL" });
    const brokenShort = await activity({ title: "Busy", googleMapsUrl: `http://maps.app.goo.gl:${sites.port}/busy` });
    const outcome = await validateActivities([verified, short, far, none, brokenShort], "address", validators);
    if (!outcome.ok) throw new Error("refused");
    const byTitle = Object.fromEntries(outcome.value.results.map((r) => [r.title, r]));
    expect(byTitle.Ryman).toMatchObject({
      mapsUrlStatus: "maps_url_verified",
      addressStatus: "address_verified",
      mapsAddress: "116 5th Ave N, Nashville, TN 37219",
    });
    expect(byTitle.Short).toMatchObject({
      mapsUrlStatus: "maps_url_verified",
      addressStatus: "address_mismatch",
      mapsAddress: "116 5th Ave N, Nashville, TN 37219",
      needsReview: true,
    });
    expect(byTitle.Far).toMatchObject({
      mapsUrlStatus: "maps_url_mismatch",
      addressStatus: "no_maps_address",
      mapsAddress: null,
    });
    expect(byTitle.Far.mapsUrlDistance).toBeGreaterThan(5);
    expect(byTitle["No URL"]).toMatchObject({ mapsUrlStatus: null, addressStatus: "no_maps_url" });
    // A link service that cannot answer now leaves the activity to the next run.
    expect(outcome.value.errors).toEqual([
      {
        activityId: brokenShort,
        message: expect.stringMatching(/^Google Maps URL: The short link could not be followed/),
      },
    ]);
    expect(await getValidation(brokenShort)).toBeNull();
    expect((await addressDiscrepancies()).items.map((i) => i.title)).toEqual(["Short"]);
  });

  it("runs website, phone and address together for 'free'", async () => {
    const id = await activity({
      website: `${sites.origin}/no-head`,
      phoneNumber: "12345",
      googleMapsUrl: RYMAN_MAPS_URL,
    });
    const outcome = await validateActivities([id], "free", validators);
    expect(outcome.ok && outcome.value.results[0]).toMatchObject({
      websiteStatus: "accessible",
      phoneStatus: "invalid_format",
      mapsUrlStatus: "maps_url_verified",
      addressStatus: "no_address",
      locationAccuracy: null,
      qualityScore: 9,
      needsReview: true,
    });
    expect(outcome.ok && outcome.value.errors).toEqual([]);
  });

  it("checks location accuracy with the given find-place function, asking Google only when it can matter", async () => {
    const near = await activity({ title: "Near", address: "116 5th Ave N" });
    const off = await activity({ title: "Off" });
    const unknown = await activity({ title: "Unknown" });
    const memphis = await activity({ title: "Memphis", latitude: 35.1495, longitude: -90.049 });
    const broken = await activity({ title: "Broken", latitude: 0, longitude: 0 });
    const failing = await activity({ title: "Failing" });
    placeAnswers = {
      Near: { location: { latitude: 36.1615, longitude: -86.779 } },
      Off: { location: { latitude: 36.18, longitude: -86.7785 } },
      Failing: new Error("Places answered 500"),
    };
    const outcome = await validateActivities([near, off, unknown, memphis, broken, failing], "location", validators);
    if (!outcome.ok) throw new Error("refused");
    expect(outcome.value.results.map((r) => [r.title, r.locationAccuracy, r.locationDistance])).toEqual([
      ["Near", "location_verified", 0.035],
      ["Off", "location_mismatch", 1.299],
      ["Unknown", "coordinates_valid", null],
      ["Memphis", "out_of_range", null],
      ["Broken", "invalid_coordinates", null],
    ]);
    expect(outcome.value.errors).toEqual([{ activityId: failing, message: "Location: Places answered 500" }]);
    expect(places.map((q) => q.text.split(",")[0]).sort()).toEqual(["Failing", "Near", "Off", "Unknown"]);
    expect(places.find((q) => q.text.startsWith("Near"))).toMatchObject({
      text: "Near, 116 5th Ave N",
      want: "location",
      near: { lat: 36.1612, lng: -86.7785 },
      radiusMiles: 60,
    });
  });

  it("records business status, closed places needing review", async () => {
    const open = await activity({ title: "Open" });
    const closed = await activity({ title: "Closed" });
    const paused = await activity({ title: "Paused" });
    const nowhere = await activity({ title: "Nowhere" });
    placeAnswers = {
      Open: { businessStatus: "OPERATIONAL" },
      Closed: { businessStatus: "CLOSED_PERMANENTLY" },
      Paused: { businessStatus: "CLOSED_TEMPORARILY" },
    };
    const outcome = await validateActivities([open, closed, paused, nowhere], "business", validators);
    if (!outcome.ok) throw new Error("refused");
    expect(outcome.value.results.map((r) => [r.title, r.businessStatus, r.qualityScore, r.needsReview])).toEqual([
      ["Open", "OPERATIONAL", 10, false],
      ["Closed", "CLOSED_PERMANENTLY", 6, true],
      ["Paused", "CLOSED_TEMPORARILY", 9, true],
      ["Nowhere", "NOT_FOUND", 10, false],
    ]);
    expect(places.every((q) => q.want === "businessStatus")).toBe(true);
  });

  it("says plainly when Google Places is not configured", async () => {
    const id = await activity();
    for (const type of ["location", "business"] as const) {
      expect(await validateActivities([id], type, { ...validators, findPlace: null })).toEqual({
        ok: false,
        reason: "refused",
        message: expect.stringMatching(/^Google Places is not configured/),
      });
    }
    expect((await validateActivities([id], "phone", { ...validators, findPlace: null })).ok).toBe(true);
  });
});
