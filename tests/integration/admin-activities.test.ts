// The admin Activities tab's queries and mutations against a real database (PGlite, or PostgreSQL in CI).
import { beforeAll, describe, expect, it } from "vitest";
import { adminListActivities, countAllActivities } from "~/data/activities/admin-list.server";
import { deleteActivities, updateActivitiesCategory } from "~/data/activities/bulk.server";
import { createActivity, deleteActivity, updateActivity } from "~/data/activities/writes.server";
import type { Outcome } from "~/data/outcome.server";
import { activitySchema } from "~/domain/activities/activity-form";
import { databaseForTheseTests } from "../helpers/fresh-database";
import { activityRow, cityRow } from "../helpers/factories";

const database = databaseForTheseTests("migrated");
const ids: Record<string, number> = {};

function row(title: string, cityId: string, extra: Parameters<typeof activityRow>[2] = {}) {
  const where = { latitude: 36.16, longitude: -86.78 };
  return activityRow(cityId, title, { image: "/images/default-activity.svg", ...where, category: "Museums", ...extra });
}

/** Validated input, as the admin form or API would pass it. */
function input(title: string, cityId: string, { tags = [], ...extra }: Record<string, unknown> = {}) {
  const schema = activitySchema({
    categories: ["Museums", "Parks"],
    tags: ["Historic", "Music"],
    cityIds: ["nashville", "austin"],
  });
  const { slug: _slug, ...fields } = row(title, cityId, extra);
  return schema.parse({ ...fields, tags, state: cityId === "austin" ? "Texas" : "Tennessee" });
}

/** The written row of an outcome that must have succeeded. */
function written<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome)}`);
  return outcome.value;
}

beforeAll(async () => {
  const prisma = database.prisma;
  await prisma.city.createMany({
    data: [
      cityRow("nashville", {
        name: "Nashville",
        displayName: "Nashville",
        state: "Tennessee",
        stateCode: "TN",
        centerLatitude: 36.16,
        centerLongitude: -86.78,
      }),
      cityRow("austin", {
        name: "Austin",
        displayName: "Austin",
        state: "Texas",
        stateCode: "TX",
        centerLatitude: 30.27,
        centerLongitude: -97.74,
      }),
    ],
  });
  await prisma.tag.createMany({ data: [{ name: "Historic" }, { name: "Music" }] });
  await prisma.category.createMany({
    data: [
      { name: "Museums", slug: "museums" },
      { name: "Parks", slug: "parks" },
    ],
  });
  // 55 numbered places in Nashville (paging), plus a few named ones to search and sort.
  for (let i = 1; i <= 55; i++) {
    const a = await prisma.activity.create({ data: row(`Place ${String(i).padStart(2, "0")}`, "nashville") });
    ids[`Place ${i}`] = a.id;
  }
  const ryman = written(
    await createActivity(
      input("Ryman Auditorium", "nashville", {
        excerpt: "The Mother Church of Country Music.",
        tags: ["Historic", "Music"],
      }),
    ),
  );
  const zilker = written(
    await createActivity(input("Zilker Park", "austin", { category: "Parks", excerpt: "Green heart of Austin." })),
  );
  const bullock = written(
    await createActivity(
      input("Bullock Museum", "austin", { excerpt: "Texas history, told big.", tags: ["Historic"] }),
    ),
  );
  Object.assign(ids, { ryman: ryman.id, zilker: zilker.id, bullock: bullock.id });
  // Every numbered place but the first is tagged, so "untagged" finds Place 01 and Zilker Park only.
  const tag = await prisma.tag.findUniqueOrThrow({ where: { name: "Music" } });
  await prisma.activityTag.createMany({
    data: Array.from({ length: 54 }, (_, i) => ({ activityId: ids[`Place ${i + 2}`], tagId: tag.id })),
  });
});

const base = { sort: "name-asc" as const, untaggedOnly: false, page: 1 };

describe("admin activity list", () => {
  it("pages by 48 with the total, clamping a page past the end", async () => {
    const first = await adminListActivities(base);
    expect(first.total).toBe(58);
    expect(first.activities).toHaveLength(48);
    const second = await adminListActivities({ ...base, page: 2 });
    expect(second.activities).toHaveLength(10);
    expect(second.page).toBe(2);
    const beyond = await adminListActivities({ ...base, page: 9 });
    expect(beyond.page).toBe(2);
    expect(beyond.activities.map((a) => a.id)).toEqual(second.activities.map((a) => a.id));
    expect(await countAllActivities()).toBe(58);
  });

  it("searches title and excerpt, case-insensitively", async () => {
    const byTitle = await adminListActivities({ ...base, search: "ryman" });
    expect(byTitle.activities.map((a) => a.title)).toEqual(["Ryman Auditorium"]);
    const byExcerpt = await adminListActivities({ ...base, search: "COUNTRY MUSIC" });
    expect(byExcerpt.activities.map((a) => a.title)).toEqual(["Ryman Auditorium"]);
    expect((await adminListActivities({ ...base, search: "nowhere at all" })).total).toBe(0);
  });

  it("filters by city and untagged-only, together with search", async () => {
    const austin = await adminListActivities({ ...base, cityId: "austin" });
    expect(austin.activities.map((a) => a.title)).toEqual(["Bullock Museum", "Zilker Park"]);
    const untagged = await adminListActivities({ ...base, untaggedOnly: true });
    expect(untagged.activities.map((a) => a.title)).toEqual(["Place 01", "Zilker Park"]);
    const both = await adminListActivities({ ...base, untaggedOnly: true, cityId: "austin", search: "park" });
    expect(both.activities.map((a) => a.title)).toEqual(["Zilker Park"]);
  });

  it("sorts by name both ways, newest (higher id first) and oldest", async () => {
    const austin = { ...base, cityId: "austin" };
    expect((await adminListActivities({ ...austin, sort: "name-desc" })).activities.map((a) => a.title)).toEqual([
      "Zilker Park",
      "Bullock Museum",
    ]);
    expect((await adminListActivities({ ...austin, sort: "newest" })).activities.map((a) => a.id)).toEqual([
      ids.bullock,
      ids.zilker,
    ]);
    expect((await adminListActivities({ ...austin, sort: "oldest" })).activities.map((a) => a.id)).toEqual([
      ids.zilker,
      ids.bullock,
    ]);
    const newest = await adminListActivities({ ...base, sort: "newest" });
    expect(newest.activities[0].id).toBe(ids.bullock);
  });
});

describe("admin activity mutations", () => {
  // Each test here writes rows of its own and removes them, so the list's figures above hold in any order.
  it("updates fields and tags, and recomputes nothing it was not given", async () => {
    const pease = written(await createActivity(input("Pease Park", "austin", { category: "Museums" })));
    const updated = written(
      await updateActivity(pease.id, input("Pease District Park", "austin", { category: "Parks", tags: ["Historic"] })),
    );
    expect(updated.slug).toBe("pease-district-park");
    expect(updated.category).toBe("Parks");
    expect(updated.tags.map((t) => t.tag.name)).toEqual(["Historic"]);
    expect(await updateActivity(999_999, input("Ghost", "austin"))).toEqual({ ok: false, reason: "not-found" });
    expect((await deleteActivity(pease.id)).ok).toBe(true);
  });

  it("refuses a second activity with the same title in one city", async () => {
    const duplicate = { ok: false, reason: "conflict", field: "title" };
    expect(await createActivity(input("Ryman Auditorium", "nashville"))).toMatchObject(duplicate);
    expect(await updateActivity(ids.bullock, input("Zilker Park", "austin"))).toMatchObject(duplicate);
    // The same title elsewhere is another page, so it is allowed.
    const elsewhere = written(await createActivity(input("Ryman Auditorium", "austin")));
    expect((await deleteActivity(elsewhere.id)).ok).toBe(true);
    expect(await deleteActivity(elsewhere.id)).toEqual({ ok: false, reason: "not-found" });
  });

  it("stores one of 20 simultaneous identical creates and refuses the rest as duplicates", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => createActivity(input("Concurrent Gardens", "austin"))),
    );
    const created = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r).toMatchObject({ ok: false, reason: "conflict", field: "title" });
    expect(await database.prisma.activity.count({ where: { cityId: "austin", slug: "concurrent-gardens" } })).toBe(1);
    await deleteActivity(written(created[0]).id);
  });

  it("gives a title of symbols or emoji only a working slug, not an empty one", async () => {
    const party = written(await createActivity(input("🎉🎉", "austin")));
    expect(party.slug).toMatch(/^activity-[0-9a-z]+$/);
    await deleteActivity(party.id);
  });

  it("changes the category of many at once, ignoring unknown ids", async () => {
    const count = await updateActivitiesCategory([ids["Place 1"], ids["Place 2"], 999_999], "Parks");
    expect(count).toBe(2);
    const parks = await database.prisma.activity.findMany({ where: { category: "Parks" }, select: { id: true } });
    expect(parks.map((p) => p.id).sort((a, b) => a - b)).toEqual(
      [ids["Place 1"], ids["Place 2"], ids.zilker].sort((a, b) => a - b),
    );
  });

  it("deletes many at once with their tags", async () => {
    const before = await countAllActivities();
    const doomed = await Promise.all(
      ["Gone One", "Gone Two", "Gone Three"].map(async (title) =>
        written(await createActivity(input(title, "nashville", { tags: ["Music"] }))),
      ),
    );
    const doomedIds = doomed.map((a) => a.id);
    expect(await database.prisma.activityTag.count({ where: { activityId: { in: doomedIds } } })).toBe(3);
    expect(await deleteActivities([...doomedIds, 999_999])).toBe(3);
    expect(await countAllActivities()).toBe(before);
    expect(await database.prisma.activityTag.count({ where: { activityId: { in: doomedIds } } })).toBe(0);
  });
});
