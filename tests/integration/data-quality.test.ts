// The Data-quality tab's operations against a real database (PGlite, or PostgreSQL with DATABASE_URL): the review
// list's filters, address auto-correction, coordinate synchronization (maps URLs read by a plain function here),
// and the review dialog's save.
import { beforeAll, describe, expect, it } from "vitest";
import {
  addressDiscrepancyIds,
  autoCorrectAddresses,
  needsReviewList,
  recordValidation,
  reviewListIds,
  saveReviewedActivity,
} from "~/data/validations.server";
import { activityFormValues, activitySchema } from "~/domain/activities/activity-form";
import { parseMapsUrl } from "~/domain/data-quality/maps-url";
import { parseReviewList } from "~/domain/data-quality/review-list";
import { syncCoordinatesFromMaps } from "~/workflows/coordinate-sync.server";
import { activityChoices, schemaChoices } from "~/data/activities/admin-list.server";
import { getActivityRow, tagNamesOf } from "~/data/activities/rows.server";
import { activityRow, cityRow } from "../helpers/factories";
import { databaseForTheseTests } from "../helpers/fresh-database";

const database = databaseForTheseTests("migrated");
const ids: Record<string, number> = {};

const pin = (lat: number, lng: number) => `https://www.google.com/maps/place/X/@${lat},${lng},15z`;

/** An activity in Nashville; its id is kept under its title. */
async function make(title: string, columns: Parameters<typeof activityRow>[2] = {}): Promise<number> {
  const id = (await database.prisma.activity.create({ data: activityRow("nashville", title, columns) })).id;
  ids[title] = id;
  return id;
}

/**
 * The rows every test reads. A test that changes a row makes its own and leaves it off the review list (or deletes
 * it), so the tests hold in any order.
 */
beforeAll(async () => {
  await database.prisma.city.create({
    data: cityRow("nashville", { centerLatitude: 36.16, centerLongitude: -86.78 }),
  });
  await make("Broken Site Bar", { latitude: 36.16, longitude: -86.78, website: "https://gone.example" });
  await make("Bad Phone Museum", { latitude: 36.16, longitude: -86.78, phoneNumber: "12" });
  await make("Good Park", { latitude: 36.16, longitude: -86.78 });
  await make("Right Pin", { latitude: 36.1612, longitude: -86.7785, googleMapsUrl: pin(36.1612, -86.7785) });
  await make("No Point", { latitude: 36.16, longitude: -86.78, googleMapsUrl: "https://www.google.com/maps?cid=123" });
  await make("Wrong Address", { address: "1 Old Rd", latitude: 36.16, longitude: -86.78 });

  await recordValidation(ids["Broken Site Bar"]!, { websiteStatus: "failed" });
  await recordValidation(ids["Bad Phone Museum"]!, { phoneStatus: "invalid_format" });
  await recordValidation(ids["Good Park"]!, { websiteStatus: "accessible" });
  await recordValidation(ids["Wrong Address"]!, {
    addressStatus: "address_mismatch",
    mapsAddress: "116 Rep. John Lewis Way N, Nashville, TN 37219",
  });
});

const list = (query: string) => needsReviewList(parseReviewList(new URLSearchParams(query)));
const titles = async (query: string) => (await list(query)).entries.map((e) => e.activity.title).sort();

describe("Activities Needing Review", () => {
  it("lists the activities with a red status, each with its validation record", async () => {
    expect(await titles("")).toEqual(["Bad Phone Museum", "Broken Site Bar", "Wrong Address"]);
    const { entries, total } = await list("");
    expect(total).toBe(3);
    expect(entries[0]!.validation.needsReview).toBe(true);
  });

  it("filters by issue type, title and quality score range", async () => {
    expect(await titles("issue=website")).toEqual(["Broken Site Bar"]);
    expect(await titles("issue=phone")).toEqual(["Bad Phone Museum"]);
    expect(await titles("issue=location")).toEqual([]);
    expect(await titles("q=museum")).toEqual(["Bad Phone Museum"]);
    // '%' is a literal character in the title search, not a wildcard.
    expect(await titles("q=%25")).toEqual([]);
    const scores = (await list("")).entries.map((e) => e.validation.qualityScore!);
    const low = Math.min(...scores);
    const above = await list(`min=${low + 0.5}`);
    expect(above.entries.length).toBeGreaterThan(0);
    expect(above.entries.length).toBeLessThan(scores.length);
    expect(above.entries.every((e) => e.validation.qualityScore! >= low + 0.5)).toBe(true);
    expect(await titles(`max=${low}`)).toContain("Broken Site Bar");
    expect(await titles("min=10&max=10")).toEqual([]);
  });

  it("pages by the chosen size and clamps a page past the end", async () => {
    const page = await list("size=10&page=9");
    expect(page.page).toBe(1);
    expect(page.entries).toHaveLength(3);
  });

  it("clears only what the filters match", async () => {
    expect(await reviewListIds(parseReviewList(new URLSearchParams("issue=website")))).toEqual([
      ids["Broken Site Bar"],
    ]);
  });
});

describe("address auto-correction", () => {
  it("writes the maps URL's address onto each discrepancy, in one go, and skips the rest", async () => {
    const misfiled = await make("Misfiled Address", { address: "9 Gone Ave", latitude: 36.16, longitude: -86.78 });
    await recordValidation(misfiled, {
      addressStatus: "address_mismatch",
      mapsAddress: "222 5th Ave S, Nashville, TN 37203",
    });
    expect((await addressDiscrepancyIds()).sort((a, b) => a - b)).toEqual([ids["Wrong Address"]!, misfiled]);
    const result = await autoCorrectAddresses([misfiled, ids["Good Park"]!, 999_999]);
    expect(result).toEqual({ correctedCount: 1, skippedCount: 2 });
    const row = await database.prisma.activity.findUniqueOrThrow({
      where: { id: misfiled },
      include: { validation: true },
    });
    expect(row.address).toBe("222 5th Ave S, Nashville, TN 37203");
    expect(row.validation!.addressStatus).toBe("address_verified");
    // A second run has nothing left to do for it, and the discrepancy it was not given is still there.
    expect(await addressDiscrepancyIds()).toEqual([ids["Wrong Address"]]);
  });
});

describe("coordinate synchronization", () => {
  const resolve = async (url: string) => parseMapsUrl(url);
  /** Each test's own pin whose coordinates are off its maps URL's, removed when the test ends. */
  async function withMovedPin(run: (id: number) => Promise<void>) {
    const id = await make("Moved Pin", { latitude: 36.0, longitude: -86.0, googleMapsUrl: pin(36.1612, -86.7785) });
    try {
      await run(id);
    } finally {
      await database.prisma.activity.delete({ where: { id } });
    }
  }
  const coordinates = async (id: number) => {
    const row = await database.prisma.activity.findUniqueOrThrow({ where: { id } });
    return [row.latitude, row.longitude];
  };

  it("previews without writing anything", () =>
    withMovedPin(async (moved) => {
      const results = await syncCoordinatesFromMaps({ dryRun: true }, resolve);
      expect(results).toMatchObject({ total: 3, updated: 1, unchanged: 1, failed: 1 });
      expect(results.updates[0]).toMatchObject({
        title: "Moved Pin",
        currentCoords: [36, -86],
        mapsCoords: [36.1612, -86.7785],
      });
      expect(await coordinates(moved)).toEqual([36, -86]);
    }));

  it("updates the coordinates, and a second run finds nothing to change", () =>
    withMovedPin(async (moved) => {
      expect(await syncCoordinatesFromMaps({ dryRun: false }, resolve)).toMatchObject({ updated: 1, failed: 1 });
      expect(await coordinates(moved)).toEqual([36.1612, -86.7785]);
      expect(await syncCoordinatesFromMaps({ dryRun: false }, resolve)).toMatchObject({ updated: 0, unchanged: 2 });
    }));

  it("keeps coordinates an administrator changed after they were read", () =>
    withMovedPin(async (moved) => {
      const results = await syncCoordinatesFromMaps({ dryRun: false }, async (url) => {
        // The administrator saves while the sync is reading the URLs.
        await database.prisma.activity.update({ where: { id: moved }, data: { latitude: 35.5 } });
        return parseMapsUrl(url);
      });
      expect(results.updated).toBe(0);
      expect(await coordinates(moved)).toEqual([35.5, -86]);
    }));
});

describe("the review dialog's save", () => {
  it("updates the activity and takes it off the list, together", async () => {
    const id = await make("Bad Phone Gallery", { latitude: 36.16, longitude: -86.78, phoneNumber: "34" });
    await recordValidation(id, { phoneStatus: "invalid_format" });
    expect(await titles("")).toContain("Bad Phone Gallery");
    const row = (await getActivityRow(id))!;
    const values = {
      ...activityFormValues({ ...row, tags: tagNamesOf(row) }),
      image: "https://images.example/museum.jpg",
      phoneNumber: "(615) 555-0100",
    };
    const input = activitySchema(schemaChoices(await activityChoices())).parse(values);
    const saved = await saveReviewedActivity(id, input);
    expect(saved.ok).toBe(true);
    expect(await titles("")).not.toContain("Bad Phone Gallery");
    const notes = await database.prisma.reviewNote.findMany({ where: { activityId: id } });
    expect(notes.map((n) => n.reviewedBy)).toEqual(["Admin"]);
  });

  it("writes nothing when the activity is gone", async () => {
    const row = (await getActivityRow(ids["Good Park"]!))!;
    const input = activitySchema(schemaChoices(await activityChoices())).parse({
      ...activityFormValues({ ...row, tags: tagNamesOf(row) }),
      image: "https://images.example/park.jpg",
    });
    const outcome = await saveReviewedActivity(999_999, input);
    expect(outcome).toMatchObject({ ok: false, reason: "not-found" });
    expect(await database.prisma.reviewNote.count({ where: { activityId: 999_999 } })).toBe(0);
  });
});

describe("a changed value", () => {
  it("clears the statuses that were about the old value, whatever wrote it", async () => {
    const id = await make("Changing Park", { latitude: 36.16, longitude: -86.78 });
    await recordValidation(id, {
      websiteStatus: "accessible",
      phoneStatus: "valid_format",
      locationAccuracy: "location_verified",
      addressStatus: "address_verified",
    });
    await database.prisma.activity.update({ where: { id }, data: { website: "https://new.example" } });
    expect(await database.prisma.activityValidation.findUniqueOrThrow({ where: { activityId: id } })).toMatchObject({
      websiteStatus: null,
      phoneStatus: "valid_format",
      locationAccuracy: "location_verified",
      addressStatus: "address_verified",
    });
    await database.prisma.activity.update({ where: { id }, data: { latitude: 36.17, address: "2 New St" } });
    expect(await database.prisma.activityValidation.findUniqueOrThrow({ where: { activityId: id } })).toMatchObject({
      phoneStatus: "valid_format",
      locationAccuracy: null,
      addressStatus: null,
    });
    // Writing the same values again changes nothing.
    await recordValidation(id, { phoneStatus: "valid_format", websiteStatus: "accessible" });
    await database.prisma.activity.update({ where: { id }, data: { website: "https://new.example" } });
    expect(
      (await database.prisma.activityValidation.findUniqueOrThrow({ where: { activityId: id } })).websiteStatus,
    ).toBe("accessible");
  });
});
