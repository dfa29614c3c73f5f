// Queries of the Activity table, and its public JSON shape (spec/public-site.md §3 "Activity").
import { Prisma, Prisma as Sql, type Activity } from "~/generated/prisma/client";
import { boundingBox } from "~/domain/activity-detail";
import { NEARBY_RADIUS_MILES, PAGE_SIZE } from "~/domain/constants";
import { ALL_CATEGORIES, type Filters, type FixedFilters } from "~/domain/filters";
import { nearbyActivities } from "~/domain/geo";
import { clampPage, pageCount, pageOffset } from "~/domain/pagination";
import { formatRating } from "~/domain/rating";
import type { ADMIN_SORT_ORDERS, SortOrder } from "~/domain/sort";
import { db } from "./db.server";
import { containsPattern, insensitiveContains } from "./like.server";
import { isUniqueViolation } from "./outcome.server";

/** What every public read of an activity loads: its tag names. */
export const activityInclude = {
  tags: { select: { tag: { select: { name: true } } } },
} satisfies Prisma.ActivityInclude;

export type ActivityRow = Prisma.ActivityGetPayload<{ include: typeof activityInclude }>;

/** The documented activity shape: coordinates and rating as strings, tags as names. */
export function toPublicActivity(a: ActivityRow) {
  return {
    id: a.id,
    slug: a.slug,
    title: a.title,
    excerpt: a.excerpt,
    image: a.image,
    latitude: String(a.latitude),
    longitude: String(a.longitude),
    cityId: a.cityId,
    category: a.category,
    tags: a.tags.map((t) => t.tag.name).sort(),
    googleRating: formatRating(a.googleRating),
    googleReviewCount: a.googleReviewCount,
    googlePhotos: a.googlePhotos,
    photoSource: a.photoSource,
    customPhotoUrl: a.customPhotoUrl,
    googleMapsUrl: a.googleMapsUrl,
    address: a.address,
    website: a.website,
    phone: a.phoneNumber,
    phoneNumber: a.phoneNumber,
    country: a.country,
    state: a.state,
    touristyLevel: a.touristyLevel,
    cost: a.cost,
    duration: a.duration,
    metaTitle: a.metaTitle,
    metaDescription: a.metaDescription,
  };
}

export type PublicActivity = ReturnType<typeof toPublicActivity>;

export async function getActivityRow(id: number) {
  const prisma = await db();
  return prisma.activity.findUnique({ where: { id }, include: activityInclude });
}

// --- Public read API (GET /api/activities): one page at a time, in id order so pages are stable. ---

export async function listPublicActivities({ cityId, limit, offset }: { cityId?: string; limit: number; offset: number }) {
  const prisma = await db();
  const where = cityId ? { cityId } : {};
  const [rows, total] = await Promise.all([
    prisma.activity.findMany({ where, include: activityInclude, orderBy: { id: "asc" }, take: limit, skip: offset }),
    prisma.activity.count({ where }),
  ]);
  return { activities: rows.map(toPublicActivity), total };
}

// --- Activity detail, nearby activities and sitemap reads (detail branch) ---

/** The activity at '{city}/things-to-do/{slug}'; when two share a slug in a city the lowest id wins. */
export async function getActivityBySlug(cityId: string, slug: string) {
  const prisma = await db();
  return prisma.activity.findFirst({ where: { cityId, slug }, orderBy: { id: "asc" }, include: activityInclude });
}

/** '/activity/{title}': the lowest id with that slug in any city. */
export async function getActivityBySlugInAnyCity(slug: string) {
  const prisma = await db();
  return prisma.activity.findFirst({ where: { slug }, orderBy: { id: "asc" }, include: activityInclude });
}

const NEARBY_BATCH = 200;

/**
 * 'Best Activities Nearby': candidates of the same city inside the 25-mile bounding box come from SQL,
 * best rated first (the cityId+googleRating index), in batches; the spec's rule (exact distance, rating then
 * distance, at most 3) is domain/geo.ts nearbyActivities. Fetching stops once three are chosen and the next
 * candidates are rated lower than the third, so a dense city never loads every row.
 */
export async function findNearbyActivities(
  activity: Pick<ActivityRow, "id" | "cityId" | "latitude" | "longitude" | "googleRating">,
) {
  const prisma = await db();
  const box = boundingBox({ lat: activity.latitude, lng: activity.longitude }, NEARBY_RADIUS_MILES);
  const where = {
    cityId: activity.cityId,
    id: { not: activity.id },
    latitude: { gte: box.minLat, lte: box.maxLat },
    longitude: { gte: box.minLng, lte: box.maxLng },
  } satisfies Prisma.ActivityWhereInput;
  const select = { id: true, cityId: true, latitude: true, longitude: true, googleRating: true } as const;
  type Candidate = Prisma.ActivityGetPayload<{ select: typeof select }>;
  const origin: Candidate = {
    id: activity.id,
    cityId: activity.cityId,
    latitude: activity.latitude,
    longitude: activity.longitude,
    googleRating: activity.googleRating,
  };
  const candidates: Candidate[] = [];
  let chosen: typeof candidates = [];
  for (let skip = 0; ; skip += NEARBY_BATCH) {
    const batch = await prisma.activity.findMany({
      where,
      select,
      orderBy: [{ googleRating: { sort: "desc", nulls: "last" } }, { id: "asc" }],
      skip,
      take: NEARBY_BATCH,
    });
    candidates.push(...batch);
    chosen = nearbyActivities(origin, candidates);
    if (batch.length < NEARBY_BATCH) break;
    const third = chosen[2];
    const lastRating = batch[batch.length - 1].googleRating ?? 0;
    if (third && lastRating < (third.googleRating ?? 0)) break;
  }
  if (chosen.length === 0) return [];
  const rows = await prisma.activity.findMany({ where: { id: { in: chosen.map((c) => c.id) } }, include: activityInclude });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return chosen.flatMap((c) => {
    const row = byId.get(c.id);
    return row ? [row] : [];
  });
}

// ---- City activities page: filter, sort, count and paginate in SQL (spec public-site §2, §5 "Filters", §9) ----
// The semantics are those of domain/filters.ts activityMatchesFilters and domain/sort.ts; the integration test
// tests/integration/activities-list.test.ts holds this SQL to that reference. 
/** The columns the city page's list reads: what a card shows and its map marker needs. */
const LIST_COLUMNS = [
  "id",
  "title",
  "image",
  "latitude",
  "longitude",
  "cityId",
  "category",
  "googleRating",
  "googleReviewCount",
  "googlePhotos",
  "photoSource",
  "customPhotoUrl",
] as const satisfies readonly (keyof Activity)[];
type ListField = (typeof LIST_COLUMNS)[number];
const LIST_COLUMNS_SQL = Sql.raw(LIST_COLUMNS.map((column) => `a."${column}"`).join(", "));

/** One activity of the city page's list, in the documented shapes. */
export type ActivityListItem = Pick<PublicActivity, ListField | "tags">;

export type ActivityListPage = { items: ActivityListItem[]; total: number; page: number; pageCount: number };

/** The page's fixed category or tag always applies, whatever the query string says. */
function withFixedFilters(f: Filters, fixed: FixedFilters): Filters {
  const add = (values: string[], value: string | undefined) =>
    value && value !== ALL_CATEGORIES && !values.includes(value) ? [value, ...values] : values;
  return { ...f, categories: add(f.categories, fixed.category), tags: add(f.tags, fixed.tag) };
}

function hasTagMatchingAny(patterns: string[]): Sql.Sql {
  return Sql.sql`EXISTS (SELECT 1 FROM "ActivityTag" at JOIN "Tag" t ON t.id = at."tagId"
    WHERE at."activityId" = a.id AND t.name ILIKE ANY (ARRAY[${Sql.join(patterns)}]::text[]))`;
}

function activityFilterSql(cityId: string, f: Filters): Sql.Sql {
  const conditions: Sql.Sql[] = [Sql.sql`a."cityId" = ${cityId}`];
  if (f.categories.length > 0) conditions.push(Sql.sql`a.category IN (${Sql.join(f.categories)})`);
  const q = f.q.trim();
  if (q) {
    const p = containsPattern(q);
    conditions.push(
      Sql.sql`(a.title ILIKE ${p} OR a.excerpt ILIKE ${p} OR a.category ILIKE ${p} OR ${hasTagMatchingAny([p])})`,
    );
  }
  if (f.tags.length > 0) {
    const patterns = f.tags.map(containsPattern);
    if (f.tagMode === "and") conditions.push(...patterns.map((p) => hasTagMatchingAny([p])));
    else conditions.push(hasTagMatchingAny(patterns));
  }
  if (f.touristyLevel !== null) conditions.push(Sql.sql`a."touristyLevel" = ${f.touristyLevel}`);
  if (f.cost !== null) conditions.push(Sql.sql`a.cost = ${f.cost}`);
  if (f.duration !== null) conditions.push(Sql.sql`a.duration = ${f.duration}`);
  // A missing rating counts as 0, so it only passes the 'Any' minimum, which needs no condition.
  if (f.minRating > 0) conditions.push(Sql.sql`a."googleRating" >= ${f.minRating}::float8`);
  return Sql.join(conditions, " AND ");
}

// Titles compare like Intl.Collator('en', { sensitivity: 'accent' }): ICU root order, case ignored.
const TITLE_KEY = Sql.raw(`lower(a.title COLLATE "und-x-icu")`);

const ORDER_SQL: Record<SortOrder, Sql.Sql> = {
  // Written exactly as the best-match indexes of migration 20261121070000 so the planner can use them.
  "best-match": Sql.sql`a."googleRating" DESC NULLS LAST, (COALESCE(a."googleReviewCount", 0)) DESC, a.id ASC`,
  "rating-high": Sql.sql`a."googleRating" DESC NULLS LAST, a.id DESC`,
  "rating-low": Sql.sql`a."googleRating" ASC NULLS LAST, a.id ASC`,
  "name-asc": Sql.sql`${TITLE_KEY} ASC, a.id ASC`,
  "name-desc": Sql.sql`${TITLE_KEY} DESC, a.id ASC`,
  newest: Sql.sql`a.id DESC`,
  oldest: Sql.sql`a.id ASC`,
};

/**
 * How many activities of a city pass the filters (the page number is ignored). With `atMost`, counting stops
 * there: enough for the SEO count wording ('100+') or an emptiness check, at a fraction of the cost.
 */
export async function countActivities(
  cityId: string,
  filters: Filters,
  fixed: FixedFilters = {},
  { atMost }: { atMost?: number } = {},
): Promise<number> {
  const prisma = await db();
  const where = activityFilterSql(cityId, withFixedFilters(filters, fixed));
  const limit = atMost === undefined ? Sql.empty : Sql.sql`LIMIT ${Math.max(0, Math.floor(atMost))}`;
  const [row] = await prisma.$queryRaw<{ total: number }[]>`
    SELECT count(*)::int AS total FROM (SELECT 1 FROM "Activity" a WHERE ${where} ${limit}) AS matching`;
  return row?.total ?? 0;
}

type ListRow = Pick<Activity, ListField> & { tagNames: string[] };

/**
 * One page (48) of a city's activities passing the filters, in the filters' sort order, with the total.
 * A page past the end shows the last page.
 */
export async function listActivities(cityId: string, filters: Filters, fixed: FixedFilters = {}): Promise<ActivityListPage> {
  const prisma = await db();
  const where = activityFilterSql(cityId, withFixedFilters(filters, fixed));
  // The page and the total are two queries run side by side: with an index in the sort's order the page is a
  // short range scan, where a window count over the same query would have to read and sort every match.
  // The page's rows with the card's columns and tag names, in one query. The tag lookup sits outside the
  // LIMIT/OFFSET so it runs for the 48 rows shown, not for every row skipped to reach a later page.
  const pageRows = (page: number) =>
    prisma.$queryRaw<ListRow[]>`
      SELECT a.*, ARRAY(SELECT t.name FROM "ActivityTag" at JOIN "Tag" t ON t.id = at."tagId"
                        WHERE at."activityId" = a.id) AS "tagNames"
      FROM (
        SELECT ${LIST_COLUMNS_SQL} FROM "Activity" a WHERE ${where}
        ORDER BY ${ORDER_SQL[filters.sort]} LIMIT ${PAGE_SIZE} OFFSET ${pageOffset(page)}
      ) a
      ORDER BY ${ORDER_SQL[filters.sort]}`;

  let page = Math.max(1, Math.floor(filters.page) || 1);
  const [firstRows, total] = await Promise.all([pageRows(page), countActivities(cityId, filters, fixed)]);
  let rows = firstRows;
  if (rows.length === 0 && page > 1) {
    // The page is past the end: show the last one (the first when nothing matches).
    page = clampPage(page, total);
    rows = total > 0 ? await pageRows(page) : [];
  }
  const items = rows.map(
    (a): ActivityListItem => ({
      id: a.id,
      title: a.title,
      image: a.image,
      latitude: String(a.latitude),
      longitude: String(a.longitude),
      cityId: a.cityId,
      category: a.category,
      tags: a.tagNames.sort(),
      googleRating: formatRating(a.googleRating),
      googleReviewCount: a.googleReviewCount,
      googlePhotos: a.googlePhotos,
      photoSource: a.photoSource,
      customPhotoUrl: a.customPhotoUrl,
    }),
  );
  return { items, total, page, pageCount: pageCount(total) };
}

// ---- Admin: the Activities tab and the admin activity API (spec/admin.md §2, §7) ----

export type AdminSortOrder = (typeof ADMIN_SORT_ORDERS)[number];

export type AdminActivityFilters = {
  search?: string;
  cityId?: string;
  sort: AdminSortOrder;
  untaggedOnly: boolean;
  page: number;
};

const ADMIN_ORDER_BY: Record<AdminSortOrder, Prisma.ActivityOrderByWithRelationInput[]> = {
  "name-asc": [{ title: "asc" }, { id: "asc" }],
  "name-desc": [{ title: "desc" }, { id: "asc" }],
  newest: [{ id: "desc" }],
  oldest: [{ id: "asc" }],
};

const adminListInclude = {
  ...activityInclude,
  city: { select: { id: true, stateCode: true, country: true, displayName: true } },
} satisfies Prisma.ActivityInclude;

export type AdminActivityRow = Prisma.ActivityGetPayload<{ include: typeof adminListInclude }>;

function adminWhere(f: Omit<AdminActivityFilters, "sort" | "page">): Prisma.ActivityWhereInput {
  const where: Prisma.ActivityWhereInput = {};
  if (f.search) {
    where.OR = [
      { title: insensitiveContains(f.search) },
      { excerpt: insensitiveContains(f.search) },
    ];
  }
  if (f.cityId) where.cityId = f.cityId;
  if (f.untaggedOnly) where.tags = { none: {} };
  return where;
}

/** One page (48) of the admin list, filtered and sorted in SQL; an out-of-range page becomes the last one. */
export async function adminListActivities(f: AdminActivityFilters) {
  const prisma = await db();
  const where = adminWhere(f);
  const total = await prisma.activity.count({ where });
  const page = clampPage(f.page, total, PAGE_SIZE);
  const activities = await prisma.activity.findMany({
    where,
    orderBy: ADMIN_ORDER_BY[f.sort],
    skip: pageOffset(page, PAGE_SIZE),
    take: PAGE_SIZE,
    include: adminListInclude,
  });
  return { activities, total, page };
}

/** Every activity in the directory (the admin total banner, GET /api/activities/count). */
export async function countAllActivities() {
  const prisma = await db();
  return prisma.activity.count();
}

/** The form's choices: category names in their display order, tag names, and the cities. */
export async function activityFormChoices() {
  const prisma = await db();
  const [categories, tags, cities] = await Promise.all([
    prisma.category.findMany({ orderBy: [{ sortOrder: "asc" }, { name: "asc" }], select: { name: true } }),
    prisma.tag.findMany({ orderBy: { name: "asc" }, select: { name: true } }),
    prisma.city.findMany({ orderBy: [{ displayName: "asc" }], select: { id: true, displayName: true, state: true } }),
  ]);
  return { categories: categories.map((c) => c.name), tags: tags.map((t) => t.name), cities };
}

export async function activityTitles(ids: readonly number[]) {
  const prisma = await db();
  return prisma.activity.findMany({ where: { id: { in: [...ids] } }, select: { id: true, title: true }, orderBy: { title: "asc" } });
}

/** Raised when another activity of the city already has the title's slug: both would share one public URL. */
export class DuplicateActivityError extends Error {
  constructor(readonly title: string) {
    super(`An activity named "${title}" already exists in this city`);
  }
}

type Tx = Prisma.TransactionClient;

async function assertUniqueSlug(tx: Tx, data: { cityId: string; slug: string; title: string }, exceptId?: number) {
  const clash = await tx.activity.findFirst({
    where: { cityId: data.cityId, slug: data.slug, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash) throw new DuplicateActivityError(data.title);
}

async function setTags(tx: Tx, activityId: number, tagNames: readonly string[]) {
  await tx.activityTag.deleteMany({ where: { activityId } });
  if (tagNames.length === 0) return;
  const tags = await tx.tag.findMany({ where: { name: { in: [...tagNames] } }, select: { id: true } });
  await tx.activityTag.createMany({ data: tags.map((t) => ({ activityId, tagId: t.id })) });
}

export type ActivityWrite = Omit<Prisma.ActivityUncheckedCreateInput, "tags" | "id">;

/**
 * The unique (cityId, slug) index is the guarantee (two simultaneous creates cannot both pass the check); the
 * check before the write only saves a round of work in the common case.
 */
function duplicateOnUniqueViolation(title: string) {
  return (error: unknown): never => {
    throw isUniqueViolation(error) ? new DuplicateActivityError(title) : error;
  };
}

export async function createActivity(data: ActivityWrite, tagNames: readonly string[]) {
  const prisma = await db();
  const id = await prisma
    .$transaction(async (tx) => {
      await assertUniqueSlug(tx, data);
      const created = await tx.activity.create({ data, select: { id: true } });
      await setTags(tx, created.id, tagNames);
      return created.id;
    })
    .catch(duplicateOnUniqueViolation(data.title));
  return (await getActivityRow(id))!;
}

/** Null when the activity does not exist. */
export async function updateActivity(id: number, data: ActivityWrite, tagNames: readonly string[]) {
  const prisma = await db();
  const found = await prisma
    .$transaction(async (tx) => {
      if (!(await tx.activity.findUnique({ where: { id }, select: { id: true } }))) return false;
      await assertUniqueSlug(tx, data, id);
      await tx.activity.update({ where: { id }, data });
      await setTags(tx, id, tagNames);
      return true;
    })
    .catch(duplicateOnUniqueViolation(data.title));
  return found ? getActivityRow(id) : null;
}

/** Whether it existed. Tags, validation and review notes go with it (cascade). */
export async function deleteActivity(id: number): Promise<boolean> {
  const prisma = await db();
  const { count } = await prisma.activity.deleteMany({ where: { id } });
  return count > 0;
}

/** All or nothing: the number deleted. */
export async function deleteActivities(ids: readonly number[]): Promise<number> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => (await tx.activity.deleteMany({ where: { id: { in: [...ids] } } })).count);
}

export async function updateActivitiesCategory(ids: readonly number[], categoryName: string): Promise<number> {
  const prisma = await db();
  return prisma.$transaction(
    async (tx) => (await tx.activity.updateMany({ where: { id: { in: [...ids] } }, data: { category: categoryName } })).count,
  );
}
