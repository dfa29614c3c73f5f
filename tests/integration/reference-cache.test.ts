// The in-memory copies of cities, categories, tags, SEO settings and page scripts (app/data/reference-cache.server.ts)
// against a real database: reused while nothing changed, fresh on the first read after any write to those tables,
// whoever made it — here plain SQL on the connection, as another process or a person at psql would.
import { describe, expect, it } from "vitest";
import { getCity } from "~/data/cities.server";
import { listCategories } from "~/data/categories.server";
import { listTagsByName } from "~/data/tags.server";
import { getPageScripts } from "~/data/scripts.server";
import { getSeoTemplates } from "~/data/seo.server";
import { databaseForTheseTests } from "../helpers/fresh-database";

const database = databaseForTheseTests("seeded");

async function version(): Promise<number> {
  const { rows } = await database.raw.query<{ version: string }>(`SELECT version::text FROM "ReferenceVersion"`);
  return Number(rows[0]!.version);
}

describe("reference data kept in memory", () => {
  it("answers from memory while none of the tables changed", async () => {
    const [city, categories, tags, templates] = await Promise.all([
      getCity("nashville"),
      listCategories(),
      listTagsByName(),
      getSeoTemplates(),
    ]);
    // What the table holds now (a test in this file renames the city).
    const { rows } = await database.raw.query<{ displayName: string }>(
      `SELECT "displayName" FROM "City" WHERE id = 'nashville'`,
    );
    expect(city?.displayName).toBe(rows[0]!.displayName);
    expect(await getCity("nashville")).toBe(city);
    expect(await listCategories()).toBe(categories);
    expect(await listTagsByName()).toBe(tags);
    expect(await getSeoTemplates()).toBe(templates);
  });

  it("sees a change to each table on the very next read", async () => {
    await getCity("nashville");
    await database.raw.exec(`UPDATE "City" SET "displayName" = 'Music City' WHERE id = 'nashville'`);
    expect((await getCity("nashville"))?.displayName).toBe("Music City");

    const before = (await listCategories()).length;
    await database.raw.exec(`INSERT INTO "Category" (name, slug, "sortOrder") VALUES ('Caves', 'caves', 99)`);
    expect((await listCategories()).map((c) => c.name)).toContain("Caves");
    expect((await listCategories()).length).toBe(before + 1);

    await database.raw.exec(`UPDATE "Tag" SET name = 'Romantic' WHERE name = 'Date Night'`);
    expect((await listTagsByName()).map((t) => t.name)).toContain("Romantic");

    await database.raw.exec(
      `INSERT INTO "SeoSettings" (id, "cityTitleTemplate", "updatedAt") VALUES (1, 'See {city}', now())
       ON CONFLICT (id) DO UPDATE SET "cityTitleTemplate" = 'See {city}'`,
    );
    expect((await getSeoTemplates()).cityTitleTemplate).toBe("See {city}");

    await database.raw.exec(
      `INSERT INTO "ScriptSettings" (id, "headScripts", "updatedAt") VALUES (1, '<script>x()</script>', now())
       ON CONFLICT (id) DO UPDATE SET "headScripts" = '<script>x()</script>'`,
    );
    expect((await getPageScripts()).headScripts).toContain("x()");
  });

  it("counts every kind of statement on the tables public pages read, and nothing on the others", async () => {
    let v = await version();
    const [activity] = await database.prisma.activity.findMany({ take: 1, orderBy: { id: "asc" } });
    for (const sql of [
      `UPDATE "Category" SET "sortOrder" = "sortOrder" WHERE false`,
      `DELETE FROM "Category" WHERE name = 'Caves'`,
      `INSERT INTO "Tag" (name) VALUES ('Rainy Day')`,
      `UPDATE "ScriptSettings" SET "bodyScripts" = ''`,
      `UPDATE "SeoSettings" SET "cityTitleTemplate" = ''`,
      `UPDATE "City" SET "showPhotos" = "showPhotos"`,
      // The data version of the page cache (migration 20261126090000_data_version).
      `UPDATE "Activity" SET "metaTitle" = 'Kept' WHERE id = ${activity!.id}`,
      `DELETE FROM "ActivityTag" WHERE "activityId" = ${activity!.id}`,
      `UPDATE "PhotoSettings" SET "hybridPhotosEnabled" = false`,
    ]) {
      await database.raw.exec(sql);
      expect(await version(), sql).toBe(++v);
    }
    for (const sql of [
      `UPDATE "JobRun" SET kind = kind`,
      `DELETE FROM "CsvImportDraft"`,
      `UPDATE "ActivityValidation" SET "needsReview" = "needsReview"`,
    ]) {
      await database.raw.exec(sql);
      expect(await version(), sql).toBe(v);
    }
  });

  it("does not keep a failed load", async () => {
    await database.raw.exec(`ALTER TABLE "Tag" RENAME TO "TagGone"`);
    try {
      await database.raw.exec(`UPDATE "ReferenceVersion" SET version = version + 1`);
      await expect(listTagsByName()).rejects.toThrow();
    } finally {
      await database.raw.exec(`ALTER TABLE "TagGone" RENAME TO "Tag"`);
    }
    expect((await listTagsByName()).length).toBeGreaterThan(0);
  });
});
