// The history of admin writes (issue #24 'History and undo') against a real database: every write of an activity,
// city, tag or category records who, what and the changed columns in its own transaction; a bulk action or an
// import is one entry its rows name.
import { beforeAll, describe, expect, it } from "vitest";
import { countAllActivities } from "~/data/activities/admin-list.server";
import { deleteActivities, updateActivitiesCategory } from "~/data/activities/bulk.server";
import { countActivities, listActivities } from "~/data/activities/city-list.server";
import { csvImportContext } from "~/data/activities/csv.server";
import { importActivities } from "~/workflows/csv-import.server";
import { searchActivities } from "~/data/activities/discover.server";
import { getActivityRow, listPublicActivities } from "~/data/activities/rows.server";
import { createActivity, deleteActivity, updateActivity } from "~/data/activities/writes.server";
import { createCity, deleteCity, updateCity, updateCityColumns } from "~/data/cities.server";
import { createCategory, deleteCategory, updateCategory } from "~/data/categories.server";
import { sitemapRows } from "~/data/sitemap.server";
import { purgeTrash, restoreFromTrash, trashedEntryOf } from "~/data/trash.server";
import { recordValidation } from "~/data/validations.server";
import { revertEntry } from "~/data/undo.server";
import { DEFAULT_FILTERS } from "~/domain/pages/filters";
import { bossForDatabase, PURGE_TRASH_QUEUE, runPurgeJob, schedulePurge, setUpQueue } from "~/jobs/queue.server";
import { asActor, entityHistory, recentChanges } from "~/data/history.server";
import type { Outcome } from "~/data/outcome.server";
import { createTag, deleteTag, updateTag } from "~/data/tags.server";
import { parseCsv } from "~/domain/activities/activity-csv";
import { activitySchema } from "~/domain/activities/activity-form";
import { databaseForTheseTests } from "../helpers/fresh-database";
import { cityRow } from "../helpers/factories";

const database = databaseForTheseTests("migrated");
const ADMIN = "ann@example.com";

function written<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome)}`);
  return outcome.value;
}

const schema = activitySchema({
  categories: ["Museums", "Parks", "Other"],
  tags: ["Historic", "Music"],
  cityIds: ["nashville"],
});

function input(title: string, extra: Record<string, unknown> = {}) {
  return schema.parse({
    title,
    excerpt: `About ${title}.`,
    image: "/images/default-activity.svg",
    latitude: 36.16,
    longitude: -86.78,
    cityId: "nashville",
    category: "Museums",
    state: "Tennessee",
    tags: [],
    ...extra,
  });
}

/** A category's form values: no icons, no description. */
function categoryInput(name: string, color: string) {
  return { name, color, icon: "", filterIcon: "", pinIcon: "", description: "" } as never;
}

beforeAll(async () => {
  await database.prisma.city.create({
    data: cityRow("nashville", {
      displayName: "Nashville",
      state: "Tennessee",
      stateCode: "TN",
      centerLatitude: 36.16,
      centerLongitude: -86.78,
    }),
  });
  await database.prisma.tag.createMany({ data: [{ name: "Historic" }, { name: "Music" }] });
  await database.prisma.category.createMany({
    data: [
      { name: "Museums", slug: "museums" },
      { name: "Parks", slug: "parks" },
      { name: "Other", slug: "other" },
    ],
  });
});

const DAY = 24 * 60 * 60 * 1000;

/** Two activities created and deleted, the first one's deletion moved back to `deletedAt`. */
async function twoInTheTrash(oldTitle: string, keptTitle: string, deletedAt: Date) {
  const old = written(await createActivity(input(oldTitle)));
  const kept = written(await createActivity(input(keptTitle)));
  await deleteActivity(old.id);
  await deleteActivity(kept.id);
  await database.prisma.trashedRow.updateMany({
    where: { entity: "activity", entityId: String(old.id) },
    data: { deletedAt },
  });
  return { old, kept };
}

describe("the history of an activity", () => {
  it("records a create and an edit with who, when, what and each changed column's old and new value", async () => {
    const created = written(await asActor(ADMIN, () => createActivity(input("Ryman Auditorium", { tags: ["Music"] }))));
    await asActor("bob@example.com", () =>
      updateActivity(
        created.id,
        input("Ryman Auditorium", { phoneNumber: "(615) 889-3060", tags: ["Historic", "Music"] }),
      ),
    );
    const { entries } = await entityHistory("activity", created.id);
    expect(entries.map((e) => [e.actor, e.action])).toEqual([
      ["bob@example.com", "update"],
      [ADMIN, "create"],
    ]);
    expect(entries[0]!.label).toBe("Ryman Auditorium");
    expect(entries[0]!.changes).toEqual({
      phoneNumber: [null, "(615) 889-3060"],
      tags: [["Music"], ["Historic", "Music"]],
    });
    expect(entries[1]!.changes.title).toEqual([null, "Ryman Auditorium"]);
    expect(entries[0]!.at.getTime()).toBeGreaterThanOrEqual(entries[1]!.at.getTime());
  });

  it("writes the entry in the write's own transaction: a write rolled back leaves no entry", async () => {
    await expect(
      database.prisma.$transaction(async (tx) => {
        written(await createActivity(input("Rolled Back Museum"), tx));
        throw new Error("the caller gave up");
      }),
    ).rejects.toThrow("the caller gave up");
    expect(await database.prisma.activity.count({ where: { title: "Rolled Back Museum" } })).toBe(0);
    expect(await database.prisma.auditEntry.count({ where: { label: "Rolled Back Museum" } })).toBe(0);
  });

  it("records a bulk action once in Recent changes, its rows naming it", async () => {
    const a = written(await createActivity(input("Bulk One")));
    const b = written(await createActivity(input("Bulk Two", { category: "Parks" })));
    await asActor(ADMIN, () => updateActivitiesCategory([a.id, b.id], "Parks"));
    const recent = await recentChanges({ page: 1 });
    const bulk = recent.entries[0]!;
    expect(bulk).toMatchObject({ action: "bulk", actor: ADMIN, label: "Moved 1 activity to Parks" });
    const rows = await recentChanges({ batchId: bulk.id, page: 1 });
    expect(rows.entries.map((e) => [e.entityId, e.changes])).toEqual([
      [String(a.id), { category: ["Museums", "Parks"] }],
    ]);

    await asActor(ADMIN, () => deleteActivities([a.id, b.id]));
    const deleted = (await recentChanges({ page: 1 })).entries[0]!;
    expect(deleted).toMatchObject({ action: "bulk", label: "Deleted 2 activities" });
    const deletedRows = await recentChanges({ batchId: deleted.id, page: 1 });
    expect(deletedRows.entries.map((e) => e.action)).toEqual(["delete", "delete"]);
    expect(deletedRows.entries.every((e) => e.batchId === deleted.id)).toBe(true);
  });

  it("records an import as one entry listing the rows it created and changed, not those it left alone", async () => {
    const kept = written(await createActivity(input("Kept As Is")));
    const changed = written(await createActivity(input("Changed By Import")));
    const csv = [
      "id,title,excerpt,image,latitude,longitude,category,cityId",
      `${kept.id},Kept As Is,About Kept As Is.,/images/default-activity.svg,36.16,-86.78,Museums,nashville`,
      `${changed.id},Changed By Import,A new excerpt.,/images/default-activity.svg,36.16,-86.78,Museums,nashville`,
      ",Imported Place,About it.,/images/default-activity.svg,36.1,-86.7,Parks,nashville",
    ].join("\n");
    const parsed = parseCsv(csv);
    if (!parsed.ok) throw new Error(parsed.message);
    const columns = ["id", "title", "excerpt", "image", "latitude", "longitude", "category", "cityId"] as const;
    const result = await asActor(ADMIN, async () =>
      importActivities(parsed.file, columns, await csvImportContext(parsed.file)),
    );
    expect(result).toMatchObject({ created: 1, updated: 2 });
    const batch = (await recentChanges({ page: 1, actor: ADMIN })).entries[0]!;
    expect(batch).toMatchObject({
      action: "import",
      entity: "activity",
      label: "CSV import: 1 created, 2 updated, 0 skipped",
    });
    const rows = (await recentChanges({ batchId: batch.id, page: 1 })).entries;
    expect(rows.map((e) => [e.action, e.label]).sort()).toEqual([
      ["create", "Imported Place"],
      ["update", "Changed By Import"],
    ]);
    expect(rows.find((e) => e.action === "update")!.changes).toEqual({
      excerpt: ["About Changed By Import.", "A new excerpt."],
    });
    expect((await entityHistory("activity", kept.id)).entries.map((e) => e.action)).toEqual(["create"]);
  });

  it("compares a row changed after the import's context was read with what is stored then, not what the context read", async () => {
    const moved = written(await createActivity(input("Moved On Meanwhile", { excerpt: "As read." })));
    const still = written(await createActivity(input("Still As Read", { excerpt: "As read." })));
    const csv = [
      "id,title,excerpt,image,latitude,longitude,category,cityId",
      `${moved.id},Moved On Meanwhile,As read.,/images/default-activity.svg,36.16,-86.78,Museums,nashville`,
      `${still.id},Still As Read,As read.,/images/default-activity.svg,36.16,-86.78,Museums,nashville`,
    ].join("\n");
    const parsed = parseCsv(csv);
    if (!parsed.ok) throw new Error(parsed.message);
    const columns = ["id", "title", "excerpt", "image", "latitude", "longitude", "category", "cityId"] as const;
    const context = await csvImportContext(parsed.file);
    // Edited between the context's read and the import: the file's excerpt is what the context read, which is no
    // longer what is stored, so the row is written back and its entry records the edit it undoes.
    written(await updateActivity(moved.id, input("Moved On Meanwhile", { excerpt: "Edited meanwhile." })));
    const result = await asActor(ADMIN, () => importActivities(parsed.file, columns, context));
    expect(result).toMatchObject({ created: 0, updated: 2 });
    expect((await database.prisma.activity.findUniqueOrThrow({ where: { id: moved.id } })).excerpt).toBe("As read.");
    const batch = (await recentChanges({ page: 1, actor: ADMIN })).entries[0]!;
    const rows = (await recentChanges({ batchId: batch.id, page: 1 })).entries;
    expect(rows.map((e) => [e.entityId, e.changes])).toEqual([
      [String(moved.id), { excerpt: ["Edited meanwhile.", "As read."] }],
    ]);
    // The other row, as the context read it and as stored, is left alone: no entry, no new version.
    expect((await entityHistory("activity", still.id)).entries.map((e) => e.action)).toEqual(["create"]);
  });
});

describe("the history of cities, tags and categories", () => {
  it("records their creates, edits and deletes", async () => {
    await asActor(ADMIN, async () => {
      written(
        await createCity({
          ...cityRow("memphis", { displayName: "Memphis", state: "Tennessee", stateCode: "TN" }),
        } as never),
      );
      const city = await database.prisma.city.findUniqueOrThrow({ where: { id: "memphis" } });
      const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = city;
      written(await updateCity("memphis", { ...fields, description: "Home of the blues." } as never));
      written(await deleteCity("memphis"));
    });
    const city = await entityHistory("city", "memphis");
    expect(city.entries.map((e) => e.action)).toEqual(["delete", "update", "create"]);
    expect(city.entries[1]!.changes).toEqual({ description: ["", "Home of the blues."] });
    expect(city.entries.every((e) => e.actor === ADMIN && e.label === "Memphis")).toBe(true);

    const tag = written(await createTag({ name: "Quiet", color: "gray", icon: "", description: "" }));
    written(await updateTag(tag.id, { name: "Calm", color: "gray", icon: "", description: "" }));
    written(await deleteTag(tag.id));
    expect((await entityHistory("tag", tag.id)).entries.map((e) => [e.action, e.changes.name])).toEqual([
      ["delete", ["Calm", null]],
      ["update", ["Quiet", "Calm"]],
      ["create", [null, "Quiet"]],
    ]);

    const category = written(await createCategory(categoryInput("Zoos", "green")));
    written(await updateCategory(category.id, categoryInput("Zoos", "blue")));
    expect((await entityHistory("category", category.id)).entries[0]!.changes).toEqual({ color: ["green", "blue"] });
  });
});

describe("the trash", () => {
  async function sitemapTitles() {
    const titles: string[] = [];
    for await (const rows of sitemapRows(0, 100_000))
      titles.push(...rows.filter((r) => r.kind === "activity").map((r) => r.name));
    return titles;
  }

  it("hides a deleted activity from every public list, count, search and the sitemap, and restores it with its tags and validation record", async () => {
    const zoo = written(
      await createActivity(input("Trashed Zoo", { tags: ["Historic", "Music"], phoneNumber: "(615) 555-0100" })),
    );
    written(await recordValidation(zoo.id, { phoneStatus: "invalid_format" }));
    const before = await countAllActivities();
    expect((await listActivities("nashville", DEFAULT_FILTERS)).items.map((a) => a.title)).toContain("Trashed Zoo");

    await asActor(ADMIN, () => deleteActivity(zoo.id));
    expect(await getActivityRow(zoo.id)).toBeNull();
    expect(await countAllActivities()).toBe(before - 1);
    expect((await listActivities("nashville", DEFAULT_FILTERS)).items.map((a) => a.title)).not.toContain("Trashed Zoo");
    expect(await countActivities("nashville", { ...DEFAULT_FILTERS, q: "Trashed Zoo" })).toBe(0);
    expect((await searchActivities("Trashed Zoo", { limit: 10 })).total).toBe(0);
    expect((await listPublicActivities({ limit: 1000, offset: 0 })).activities.map((a) => a.title)).not.toContain(
      "Trashed Zoo",
    );
    expect(await sitemapTitles()).not.toContain("Trashed Zoo");

    const entryId = await trashedEntryOf("activity", zoo.id);
    expect(entryId).not.toBeNull();
    const restored = await asActor("bob@example.com", () => restoreFromTrash(entryId!));
    expect(restored).toMatchObject({
      ok: true,
      value: { entity: "activity", entityId: String(zoo.id), label: "Trashed Zoo" },
    });
    const back = await getActivityRow(zoo.id);
    expect(back?.tags.map((t) => t.tag.name).sort()).toEqual(["Historic", "Music"]);
    expect(back?.phoneNumber).toBe("(615) 555-0100");
    expect(await database.prisma.activityValidation.findUnique({ where: { activityId: zoo.id } })).toMatchObject({
      phoneStatus: "invalid_format",
    });
    expect(await sitemapTitles()).toContain("Trashed Zoo");
    expect(await trashedEntryOf("activity", zoo.id)).toBeNull();
    expect((await entityHistory("activity", zoo.id)).entries.map((e) => [e.action, e.actor]).slice(0, 2)).toEqual([
      ["restore", "bob@example.com"],
      ["delete", ADMIN],
    ]);
    // Restored once: the entry no longer offers it.
    expect(await restoreFromTrash(entryId!)).toEqual({ ok: false, reason: "not-found" });
  });

  it("refuses to restore an activity whose address another took meanwhile, and keeps it in the trash", async () => {
    const first = written(await createActivity(input("Twice Named")));
    await deleteActivity(first.id);
    written(await createActivity(input("Twice Named")));
    const entryId = (await trashedEntryOf("activity", first.id))!;
    expect(await restoreFromTrash(entryId)).toMatchObject({ ok: false, reason: "conflict", field: "title" });
    expect(await trashedEntryOf("activity", first.id)).toBe(entryId);
  });

  it("restores a deleted category with the activities it moved to Other, and a deleted tag on its activities", async () => {
    const category = written(await createCategory(categoryInput("Aquariums", "blue")));
    const fish = written(await createActivity(input("Fish House", { category: "Museums", tags: ["Historic"] })));
    await database.prisma.activity.update({ where: { id: fish.id }, data: { category: "Aquariums" } });
    written(await deleteCategory(category.id));
    expect((await getActivityRow(fish.id))?.category).toBe("Other");
    written(await restoreFromTrash((await trashedEntryOf("category", category.id))!));
    expect((await getActivityRow(fish.id))?.category).toBe("Aquariums");

    const historic = await database.prisma.tag.findUniqueOrThrow({ where: { name: "Historic" } });
    written(await deleteTag(historic.id));
    expect((await getActivityRow(fish.id))?.tags).toEqual([]);
    written(await restoreFromTrash((await trashedEntryOf("tag", historic.id))!));
    expect((await getActivityRow(fish.id))?.tags.map((t) => t.tag.name)).toEqual(["Historic"]);
  });

  it("purges what was deleted more than 30 days ago, and only that", async () => {
    const { old, kept: recent } = await twoInTheTrash("Long Gone", "Just Gone", new Date(Date.now() - 31 * DAY));
    expect(await purgeTrash(new Date(Date.now() - 30 * DAY))).toBe(1);
    expect(await trashedEntryOf("activity", old.id)).toBeNull();
    expect(await trashedEntryOf("activity", recent.id)).not.toBeNull();
  });
});

describe("undo", () => {
  it("reverts an edit of an activity, tags included, and records the undo", async () => {
    const park = written(await createActivity(input("Centennial Park", { tags: ["Music"] })));
    written(await updateActivity(park.id, input("Centennial Park West", { tags: ["Historic"], cost: "Free" })));
    const edit = (await entityHistory("activity", park.id)).entries[0]!;
    const undone = await asActor("bob@example.com", () => revertEntry(edit.id));
    expect(undone.ok).toBe(true);
    const row = (await getActivityRow(park.id))!;
    expect([row.title, row.slug, row.cost, row.tags.map((t) => t.tag.name)]).toEqual([
      "Centennial Park",
      "centennial-park",
      "Not available",
      ["Music"],
    ]);
    const latest = (await entityHistory("activity", park.id)).entries[0]!;
    expect(latest).toMatchObject({ action: "revert", actor: "bob@example.com" });
    expect(latest.changes.title).toEqual(["Centennial Park West", "Centennial Park"]);
    // The undo is itself an edit: undoing it redoes the change.
    expect((await revertEntry(latest.id)).ok).toBe(true);
    expect((await getActivityRow(park.id))!.title).toBe("Centennial Park West");
  });

  it("refuses, with the reason, to undo an edit whose row changed again since, and writes nothing", async () => {
    const hall = written(await createActivity(input("Music Hall")));
    written(await updateActivity(hall.id, input("Music Hall", { cost: "Low" })));
    const first = (await entityHistory("activity", hall.id)).entries[0]!;
    written(await updateActivity(hall.id, input("Music Hall", { cost: "High" })));
    const entries = (await entityHistory("activity", hall.id)).total;
    expect(await revertEntry(first.id)).toEqual({
      ok: false,
      reason: "refused",
      message:
        '"Music Hall" was changed again after this change (Cost). Undoing it would overwrite the later change: edit it instead.',
    });
    expect((await getActivityRow(hall.id))!.cost).toBe("High");
    expect((await entityHistory("activity", hall.id)).total).toBe(entries);
    // Only edits can be undone.
    const created = (await entityHistory("activity", hall.id)).entries.at(-1)!;
    expect(await revertEntry(created.id)).toMatchObject({ ok: false, message: "Only an edit can be undone." });
  });

  it("reverts a city's edit and a category's rename, its activities renamed back", async () => {
    await database.prisma.city.create({ data: cityRow("knoxville", { displayName: "Knoxville" }) });
    written(await updateCityColumns("knoxville", { showPhotos: 0 }));
    expect((await revertEntry((await entityHistory("city", "knoxville")).entries[0]!.id)).ok).toBe(true);
    expect((await database.prisma.city.findUniqueOrThrow({ where: { id: "knoxville" } })).showPhotos).toBe(1);

    const category = written(await createCategory(categoryInput("Galleries", "gray")));
    const gallery = written(await createActivity(input("Frist Gallery")));
    await database.prisma.activity.update({ where: { id: gallery.id }, data: { category: "Galleries" } });
    written(await updateCategory(category.id, categoryInput("Art Galleries", "gray")));
    expect((await getActivityRow(gallery.id))!.category).toBe("Art Galleries");
    expect((await revertEntry((await entityHistory("category", category.id)).entries[0]!.id)).ok).toBe(true);
    expect((await getActivityRow(gallery.id))!.category).toBe("Galleries");
    expect((await database.prisma.category.findUniqueOrThrow({ where: { id: category.id } })).slug).toBe("galleries");
  });
});

describe("the purge job", () => {
  it("is asked for once a day however many processes ask, and removes what has been in the trash over 30 days", async () => {
    const { old, kept } = await twoInTheTrash(
      "Purged By The Job",
      "Kept By The Job",
      new Date(Date.now() - 30 * DAY - 60_000),
    );
    const boss = await bossForDatabase();
    try {
      await setUpQueue(boss);
      const asked = await schedulePurge(boss);
      expect(asked).not.toBeNull();
      expect(await schedulePurge(boss)).toBeNull();
      const [job] = await boss.fetch(PURGE_TRASH_QUEUE);
      expect(job?.id).toBe(asked);
      expect(await runPurgeJob()).toBe(1);
      await boss.complete(PURGE_TRASH_QUEUE, job!.id);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
    expect(await trashedEntryOf("activity", old.id)).toBeNull();
    expect(await trashedEntryOf("activity", kept.id)).not.toBeNull();
  });
});

describe("a tag page after every kind of write (decision 041: a link to a tag carries its activity's city)", () => {
  const twoCities = activitySchema({
    categories: ["Museums", "Parks", "Other"],
    tags: ["Historic", "Music"],
    cityIds: ["nashville", "chattanooga"],
  });
  const musicIn = async (cityId: string) =>
    (await listActivities(cityId, { ...DEFAULT_FILTERS, tags: ["Music"] })).items.map((a) => a.title);
  const musicCount = (cityId: string) => countActivities(cityId, { ...DEFAULT_FILTERS, tags: ["Music"] });
  async function linksOutOfTheirCity() {
    const rows = await database.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "ActivityTag" at
      JOIN "Activity" a ON a.id = at."activityId" WHERE at."cityId" IS DISTINCT FROM a."cityId"`;
    return rows[0]!.n;
  }

  it("follows an activity moved by an edit, an undo, an import, a delete and restore, and a tag's delete and restore", async () => {
    await database.prisma.city.create({
      data: cityRow("chattanooga", { displayName: "Chattanooga", state: "Tennessee", stateCode: "TN" }),
    });
    const hall = written(await createActivity(input("Moving Music Hall", { tags: ["Music", "Historic"] })));
    expect(await musicIn("nashville")).toContain("Moving Music Hall");

    // An edit moves it; undoing the edit moves it back.
    const moved = twoCities.parse({
      ...input("Moving Music Hall", { tags: ["Music", "Historic"] }),
      cityId: "chattanooga",
    });
    written(await updateActivity(hall.id, moved));
    expect(await musicIn("chattanooga")).toEqual(["Moving Music Hall"]);
    expect(await musicCount("chattanooga")).toBe(1);
    expect(await musicIn("nashville")).not.toContain("Moving Music Hall");
    written(await revertEntry((await entityHistory("activity", hall.id)).entries[0]!.id));
    expect(await musicIn("nashville")).toContain("Moving Music Hall");
    expect(await musicCount("chattanooga")).toBe(0);

    // An import moves it, and creates one with tags in the other city.
    const csv = [
      "id,title,excerpt,image,latitude,longitude,category,cityId,tags",
      `${hall.id},Moving Music Hall,About it.,/images/default-activity.svg,36.16,-86.78,Museums,chattanooga,Music;Historic`,
      ",Imported Music Barn,About it.,/images/default-activity.svg,36.1,-86.7,Parks,chattanooga,Music",
    ].join("\n");
    const parsed = parseCsv(csv);
    if (!parsed.ok) throw new Error(parsed.message);
    const columns = ["id", "title", "excerpt", "image", "latitude", "longitude", "category", "cityId", "tags"] as const;
    expect(await importActivities(parsed.file, columns, await csvImportContext(parsed.file))).toMatchObject({
      created: 1,
      updated: 1,
    });
    expect((await musicIn("chattanooga")).sort()).toEqual(["Imported Music Barn", "Moving Music Hall"]);
    expect(await musicCount("chattanooga")).toBe(2);
    expect(await musicIn("nashville")).not.toContain("Moving Music Hall");

    // Deleted and restored from the trash: back on its city's tag page.
    written(await deleteActivity(hall.id));
    expect(await musicIn("chattanooga")).toEqual(["Imported Music Barn"]);
    written(await restoreFromTrash((await trashedEntryOf("activity", hall.id))!));
    expect((await musicIn("chattanooga")).sort()).toEqual(["Imported Music Barn", "Moving Music Hall"]);

    // A tag deleted and restored puts its links back with their cities.
    const music = await database.prisma.tag.findUniqueOrThrow({ where: { name: "Music" } });
    written(await deleteTag(music.id));
    expect(await musicCount("chattanooga")).toBe(0);
    written(await restoreFromTrash((await trashedEntryOf("tag", music.id))!));
    expect(await musicCount("chattanooga")).toBe(2);

    // A bulk category move leaves the links where they are.
    await updateActivitiesCategory([hall.id], "Parks");
    expect(await musicCount("chattanooga")).toBe(2);
    expect(await linksOutOfTheirCity()).toBe(0);
  });
});
