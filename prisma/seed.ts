// Seeds the built-in cities, categories, tags, SEO templates and real activities; idempotent.
// `--synthetic N` also keeps exactly N deterministic synthetic activities, for benchmarks.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { PrismaClient } from "../app/generated/prisma/client";
import { activityColumnSchemas, activityWrite } from "../app/domain/activities/activity-record";
import { COSTS, DURATIONS, TOURISTY_LEVELS } from "../app/domain/constants";
import { DEFAULT_ACTIVITY_IMAGE } from "../app/domain/activities/photos";
import { DEFAULT_SEO_TEMPLATES } from "../app/domain/seo/seo";
import { titleSlug } from "../app/domain/taxonomy/slug";
import { BUILT_IN_CATEGORIES as CATEGORIES, BUILT_IN_TAGS as TAGS } from "../app/domain/taxonomy/taxonomy";

/** From the project's root, as the migrations are (MIGRATIONS_DIR): `npm run` and the launcher run there. */
const DATA_DIR = path.resolve("prisma", "seed-data");
export const SYNTHETIC_SLUG_PREFIX = "synthetic-place-";

const numeric = z.string().regex(/^-?\d+(\.\d+)?$/);

const citySchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  name: z.string().min(1),
  displayName: z.string().min(1),
  state: z.string().min(1),
  stateCode: z.string().min(1),
  country: z.string().min(1),
  description: z.string().min(1),
  centerLatitude: numeric,
  centerLongitude: numeric,
});

/** A seed activity: the columns of the activity record (app/domain/activities/activity-record.ts), its city from the file name. */
function activitySchema(cityIds: readonly string[]) {
  return z.object(
    activityColumnSchemas({ categories: CATEGORIES.map((c) => c.name), tags: TAGS.map((t) => t.name), cityIds }),
  );
}

export type SeedCity = z.infer<typeof citySchema>;
export type SeedActivity = z.output<ReturnType<typeof activitySchema>>;

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, "utf8"));
}

export async function loadSeedData() {
  const cities = z.array(citySchema).parse(await readJson(path.join(DATA_DIR, "cities.json")));
  const cityById = new Map(cities.map((c) => [c.id, c]));
  const schema = activitySchema([...cityById.keys()]);
  const activities: SeedActivity[] = [];
  const files = (await readdir(path.join(DATA_DIR, "activities"))).filter((f) => f.endsWith(".json")).sort();
  for (const file of files) {
    const cityId = file.replace(/\.json$/, "");
    if (!cityById.has(cityId)) throw new Error(`Seed activities for unknown city ${cityId}`);
    const city = cityById.get(cityId)!;
    const rows = z
      .array(z.record(z.string(), z.unknown()))
      .parse(await readJson(path.join(DATA_DIR, "activities", file)));
    for (const row of rows) {
      // What the files leave out: the default image, and the city's country and state.
      const parsed = schema.safeParse({
        image: DEFAULT_ACTIVITY_IMAGE,
        country: city.country,
        state: city.state,
        ...row,
        cityId,
      });
      if (!parsed.success)
        throw new Error(`prisma/seed-data/activities/${file}: ${row.title}: ${parsed.error.message}`);
      activities.push(parsed.data);
    }
  }
  return { cities, activities };
}

export interface SeedResult {
  cities: number;
  activitiesCreated: number;
  activitiesKept: number;
  synthetic?: number;
}

export async function seed(prisma: PrismaClient, options: { synthetic?: number } = {}): Promise<SeedResult> {
  const { cities, activities } = await loadSeedData();
  const result: SeedResult = { cities: cities.length, activitiesCreated: 0, activitiesKept: 0 };

  await prisma.$transaction(
    async (tx) => {
      for (const c of cities) {
        const data = {
          name: c.name,
          displayName: c.displayName,
          state: c.state,
          stateCode: c.stateCode,
          country: c.country,
          description: c.description,
          centerLatitude: Number(c.centerLatitude),
          centerLongitude: Number(c.centerLongitude),
        };
        // Curated fields (photos switch, image, meta) are left alone on an existing city.
        await tx.city.upsert({ where: { id: c.id }, create: { id: c.id, radius: 60, ...data }, update: data });
      }
      for (const c of CATEGORIES) {
        await tx.category.upsert({ where: { name: c.name }, create: c, update: {} });
      }
      for (const t of TAGS) {
        await tx.tag.upsert({ where: { name: t.name }, create: t, update: {} });
      }
      await tx.seoSettings.upsert({ where: { id: 1 }, create: { id: 1, ...DEFAULT_SEO_TEMPLATES }, update: {} });
      await tx.scriptSettings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
      await tx.photoSettings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });

      const tagIds = new Map((await tx.tag.findMany()).map((t) => [t.name, t.id]));
      const existing = await tx.activity.findMany({
        where: { slug: { in: activities.map((a) => titleSlug(a.title)) } },
        select: { id: true, cityId: true, slug: true },
      });
      const existingId = new Map(existing.map((e) => [`${e.cityId}/${e.slug}`, e.id]));

      const toCreate = activities.filter((a) => !existingId.has(`${a.cityId}/${titleSlug(a.title)}`));
      const created = await tx.activity.createManyAndReturn({
        data: toCreate.map((a) => activityWrite(a)),
        select: { id: true, cityId: true, slug: true },
      });
      const createdId = new Map(created.map((e) => [`${e.cityId}/${e.slug}`, e.id]));
      await tx.activityTag.createMany({
        data: toCreate.flatMap((a) => {
          const id = createdId.get(`${a.cityId}/${titleSlug(a.title)}`)!;
          return a.tags.map((name) => ({ activityId: id, tagId: tagIds.get(name)! }));
        }),
        skipDuplicates: true,
      });
      result.activitiesCreated = created.length;
      result.activitiesKept = activities.length - toCreate.length;
    },
    { timeout: 120_000 },
  );

  if (options.synthetic !== undefined) result.synthetic = await seedSynthetic(prisma, options.synthetic);
  return result;
}

/**
 * Replaces the synthetic activities with exactly `count` deterministic ones, generated inside the database
 * (generate_series) so 100,000 rows take seconds. They spread over the cities as visitors' interest does, a few
 * holding most: the city of rank r (nashville first, then by id) gets a share proportional to 1 / r^1.2 (about 30%
 * for nashville, 60% for the first five, a few hundred each for the last). Each one's slug is its title's, as for
 * any activity, so its card links to its page. Its excerpt, address, website and phone number are a real seeded
 * activity's (the i-th synthetic one borrows from the i-th real one, modulo their number), so pages, API answers
 * and exports carry text as long and as varied as real places': one sentence repeated 100,000 times compressed 24
 * times where the real seed's JSON compresses 5.6 times, which flattered every comparison of bytes.
 */
export async function seedSynthetic(prisma: PrismaClient, count: number): Promise<number> {
  const categories = CATEGORIES.map((c) => c.name);
  const levels = [...TOURISTY_LEVELS, "Not available"];
  const costs = [...COSTS, "Not available"];
  const durations = [...DURATIONS, "Not available"];
  const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;
  await prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`DELETE FROM "Activity" WHERE slug LIKE '${SYNTHETIC_SLUG_PREFIX}%'`);
      if (count <= 0) return;
      await tx.$executeRawUnsafe(`
        WITH real AS (SELECT row_number() OVER (ORDER BY id) - 1 AS k, excerpt, address, website, "phoneNumber"
                      FROM "Activity" WHERE slug NOT LIKE '${SYNTHETIC_SLUG_PREFIX}%'),
             ranked AS (SELECT id, "centerLatitude" AS lat, "centerLongitude" AS lng, country, state,
                               1.0 / power(row_number() OVER (ORDER BY id <> 'nashville', id), 1.2) AS w FROM "City"),
             c AS (SELECT *, (sum(w) OVER (ORDER BY w DESC, id) - w) / sum(w) OVER () AS lo,
                             sum(w) OVER (ORDER BY w DESC, id) / sum(w) OVER () AS hi FROM ranked),
             s AS (SELECT i, ((i::bigint * 2654435761) % 1000003) / 1000003.0 AS u
                   FROM generate_series(1, ${Math.floor(count)}) AS i)
        INSERT INTO "Activity" (slug, title, excerpt, image, latitude, longitude, "cityId", category, country, state,
                                "touristyLevel", cost, duration, "googleRating", "googleReviewCount", address, website,
                                "phoneNumber", "updatedAt")
        SELECT '${SYNTHETIC_SLUG_PREFIX}' || s.i,
               'Synthetic Place ' || s.i,
               coalesce(real.excerpt, 'A generated place number ' || s.i || ' used to measure pages and queries at scale.'),
               '${DEFAULT_ACTIVITY_IMAGE}',
               c.lat + ((s.i * 7919) % 1000 - 500) / 2000.0,
               c.lng + ((s.i * 6271) % 1000 - 500) / 2000.0,
               c.id,
               (${sqlArray(categories)})[1 + s.i % ${categories.length}],
               c.country, c.state,
               (${sqlArray(levels)})[1 + s.i % ${levels.length}],
               (${sqlArray(costs)})[1 + (s.i / 3) % ${costs.length}],
               (${sqlArray(durations)})[1 + (s.i / 7) % ${durations.length}],
               CASE WHEN s.i % 4 = 0 THEN NULL ELSE 3.0 + ((s.i * 37) % 21) / 10.0 END,
               CASE WHEN s.i % 4 = 0 THEN NULL ELSE (s.i * 13) % 5000 END,
               real.address, real.website, real."phoneNumber",
               now()
        FROM s JOIN c ON s.u >= c.lo AND s.u < c.hi
        LEFT JOIN real ON real.k = s.i % greatest((SELECT count(*) FROM real), 1)
        ORDER BY s.i`);
      await tx.$executeRawUnsafe(`
        INSERT INTO "ActivityTag" ("activityId", "tagId")
        SELECT a.id, t.id FROM "Activity" a JOIN "Tag" t ON (a.id + t.id) % 4 = 0
        WHERE a.slug LIKE '${SYNTHETIC_SLUG_PREFIX}%'`);
    },
    { timeout: 600_000 },
  );
  return count;
}

/** `npm run db:seed [-- --synthetic N]`. */
export async function seedCommand(args: readonly string[]) {
  const at = args.indexOf("--synthetic");
  const synthetic = at >= 0 ? Number(args[at + 1]) : undefined;
  if (synthetic !== undefined && (!Number.isInteger(synthetic) || synthetic < 0)) {
    throw new Error("--synthetic needs a whole number, e.g. --synthetic 100000");
  }
  const { openDatabase } = await import("../app/data/db.server");
  const database = await openDatabase();
  const started = performance.now();
  try {
    const result = await seed(database.prisma, { synthetic });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${result.cities} cities, ${result.activitiesCreated} new activities (${result.activitiesKept} already there)` +
        (result.synthetic !== undefined ? `, ${result.synthetic} synthetic activities` : "") +
        ` in ${seconds}s`,
    );
  } finally {
    await database.close();
  }
}
