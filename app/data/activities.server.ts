// Queries and writes of the Activity table; its public JSON shape is domain/activity-record.ts publicActivity.
import {
  Prisma,
  Prisma as Sql,
  type Activity,
  type ActivityValidation,
  type ReviewNote,
} from "~/generated/prisma/client";
import { boundingBox } from "~/domain/activity-detail";
import { activityFormValues, type ActivityInput, type SelectiveColumn, type SelectiveValues } from "~/domain/activity-form";
import {
  CSV_EXPORT_START,
  csvRow,
  csvText,
  fileAddresses,
  fileIds,
  importedColumns,
  planRows,
  slugKey,
  type CsvColumn,
  type CsvFile,
  type ImportContext,
  type NewActivityValues,
  type PlannedUpdate,
  type SkippedRow,
} from "~/domain/activity-csv";
import {
  activityWrite,
  CARD_COLUMNS,
  cardActivity,
  categoryChoices,
  publicActivity,
  type ActivityCardItem,
  type ActivityChoices,
  type GooglePhotoColumn,
  type StoredActivity,
} from "~/domain/activity-record";
import { EARTH_RADIUS_MILES, NEARBY_LIMIT, NEARBY_RADIUS_MILES, PAGE_SIZE } from "~/domain/constants";
import { ALL_CATEGORIES, type Filters, type FixedFilters } from "~/domain/filters";
import { nearbyActivities } from "~/domain/geo";
import { HOME_SECTION_LIMIT, HOME_SECTION_THRESHOLD, selectHomeSection } from "~/domain/home";
import { MAX_ID } from "~/domain/form-values";
import { clampPage, pageCount, pageOffset } from "~/domain/pagination";
import { cardPhotoCredits, type PhotoCredit } from "~/domain/photos";
import { GOOGLE_RATING_MAX_DAYS, staleBefore, withFreshRating } from "~/domain/rating-freshness";
import { titleSlug } from "~/domain/slug";
import type { ADMIN_SORT_ORDERS, SortOrder } from "~/domain/sort";
import { listCategoryNames } from "./categories.server";
import { bulkSql, bulkTransaction, db, type Tx } from "./db.server";
import type { RawSql } from "./migrate.server";
import { containsPattern, insensitiveContains } from "./like.server";
import { isUniqueViolation, type Outcome, type Refusal, type Writer } from "./outcome.server";
import { isBehind, STAMP, staleRefusal, versionCondition } from "./row-version.server";
import {
  recordBatch,
  recordEntries,
  recordEntry,
  recordMany,
  setBatchSummary,
  trashRow,
  type NewEntry,
} from "./history.server";
import {
  changedSince,
  changedSinceMessage,
  diffColumns,
  revertValues,
  type Changes,
  type HistoryAction,
} from "~/domain/history";
import { cachedReference } from "./reference-cache.server";
import { listTagsByName } from "./tags.server";

/** What every public read of an activity loads: its tag names. */
export const activityInclude = {
  tags: { select: { tag: { select: { name: true } } } },
} satisfies Prisma.ActivityInclude;

export type ActivityRow = Prisma.ActivityGetPayload<{ include: typeof activityInclude }>;

/** An activity's tag names, as a column of a query whose activity is `a`. */
const TAG_NAMES_SQL = Sql.raw(
  `ARRAY(SELECT t.name FROM "ActivityTag" at JOIN "Tag" t ON t.id = at."tagId" WHERE at."activityId" = a.id)`,
);

/**
 * Activity rows with their tags, as `findMany({ include: activityInclude })` gives them, read with one statement
 * through $queryRaw: the public pages' reads of one activity (a detail page, an embed card, 'Best Activities
 * Nearby'). Through Prisma's query compiler a findFirst with its tags costs 3.4 ms of Node's CPU, the same row
 * read this way 0.5 ms (PostgreSQL, 2026-11-26), and a detail page made four such reads.
 */
async function activityRows(where: Sql.Sql, orderAndLimit: Sql.Sql = Sql.empty): Promise<ActivityRow[]> {
  const prisma = await db();
  const rows = await prisma.$queryRaw<Array<Activity & { tagNames: string[] }>>`
    SELECT a.*, ${TAG_NAMES_SQL} AS "tagNames" FROM "Activity" a WHERE ${where} ${orderAndLimit}`;
  return rows.map(({ tagNames, ...row }) => ({ ...row, tags: tagNames.map((name) => ({ tag: { name } })) }));
}

/** A row's tag names. */
export function tagNamesOf(row: Pick<ActivityRow, "tags">): string[] {
  return row.tags.map((t) => t.tag.name);
}

/** An activity as its edit form shows it, with its version (null when there is no such activity). */
export async function activityFormState(id: number) {
  const row = await getActivityRow(id);
  return row && { version: row.version, values: activityFormValues({ ...row, tags: tagNamesOf(row) }) };
}

/** The documented activity shape of a row; a Google rating past its window is left out (withFreshRating). */
export function toPublicActivity(row: ActivityRow) {
  return publicActivity({ ...withFreshRating(row), tags: tagNamesOf(row) });
}

/**
 * An activity as a card shows it: the documented shape, the first Google photo's card-width copy and the credits
 * of the photo the card shows.
 */
export function toCardActivity(row: ActivityRow) {
  return { ...toPublicActivity(row), googleCardPhoto: row.googleCardPhoto, photoCredits: cardPhotoCredits(row) };
}

export type { PublicActivity } from "~/domain/activity-record";

export async function getActivityRow(id: number): Promise<ActivityRow | null> {
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return null;
  const [row] = await activityRows(Sql.sql`a.id = ${id}`);
  return row ?? null;
}

/** What the photo service needs to know of an activity: the fields of its photo choice (domain/photos.ts). */
export async function getActivityPhotoFields(id: number) {
  const prisma = await db();
  return prisma.activity.findUnique({
    where: { id },
    select: {
      id: true,
      photoSource: true,
      customPhotoUrl: true,
      googlePhotos: true,
      googleCardPhoto: true,
      image: true,
      category: true,
    },
  });
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

// --- Activity detail and nearby activities ---

/** The activity at '{city}/things-to-do/{slug}'; when two share a slug in a city the lowest id wins. */
export async function getActivityBySlug(cityId: string, slug: string): Promise<ActivityRow | null> {
  const [row] = await activityRows(Sql.sql`a."cityId" = ${cityId} AND a.slug = ${slug}`, Sql.sql`ORDER BY a.id LIMIT 1`);
  return row ?? null;
}

/** '/activity/{title}': the lowest id with that slug in any city. */
export async function getActivityBySlugInAnyCity(slug: string): Promise<ActivityRow | null> {
  const [row] = await activityRows(Sql.sql`a.slug = ${slug}`, Sql.sql`ORDER BY a.id LIMIT 1`);
  return row ?? null;
}

/** How many of the best rated nearby candidates SQL sends for the rule to choose 3 from (a margin for ties). */
const NEARBY_SHORTLIST = 20;

/**
 * 'Best Activities Nearby': candidates of the same city inside the 25-mile bounding box come from SQL; the spec's
 * rule (exact distance, rating then distance, at most 3) is domain/geo.ts nearbyActivities. Only the candidates
 * rated at least as well as the box's third best are read (one index lookup on cityId+googleRating finds that
 * rating): anything rated lower ranks below three of them. SQL orders those within the radius as the rule does and
 * sends the first NEARBY_SHORTLIST (with 1,000 activities tied at the top rating, reading them all cost 12 ms of
 * Node's CPU, and paging by rating before that 6 queries and 165 ms). When
 * fewer than three of those lie within the 25 miles (the box's corners reach past them), or fewer than three are
 * rated, every candidate in the box is read, as the rule counts a missing rating as 0.
 */
export async function findNearbyActivities(
  activity: Pick<ActivityRow, "id" | "cityId" | "latitude" | "longitude" | "googleRating">,
): Promise<ActivityRow[]> {
  const prisma = await db();
  const box = boundingBox({ lat: activity.latitude, lng: activity.longitude }, NEARBY_RADIUS_MILES);
  const inBox = Sql.sql`"cityId" = ${activity.cityId} AND id <> ${activity.id}
    AND latitude BETWEEN ${box.minLat}::float8 AND ${box.maxLat}::float8
    AND longitude BETWEEN ${box.minLng}::float8 AND ${box.maxLng}::float8`;
  type Candidate = Pick<Activity, "id" | "cityId" | "latitude" | "longitude" | "googleRating">;
  const columns = Sql.raw(`id, "cityId", latitude, longitude, "googleRating"`);
  const [third] = await prisma.$queryRaw<Array<Pick<Activity, "googleRating">>>`
    SELECT "googleRating" FROM "Activity" WHERE ${inBox}
    ORDER BY "googleRating" DESC NULLS LAST, id ASC OFFSET ${NEARBY_LIMIT - 1} LIMIT 1`;
  let chosen: Candidate[] = [];
  if (typeof third?.googleRating === "number") {
    // Those rated at least the third best and within the radius (by the same haversine distance, with a hair of
    // margin for the two floating-point libraries), in the rule's order, at most NEARBY_SHORTLIST: a city where
    // a thousand places tie at the top rating sends 20 rows to Node, not a thousand. The rule still decides.
    const { latitude: lat, longitude: lng } = activity;
    const best = await prisma.$queryRaw<Candidate[]>`
      SELECT ${columns} FROM (
        SELECT ${columns},
          2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
            sin(radians(latitude - ${lat}::float8) / 2) ^ 2
            + cos(radians(${lat}::float8)) * cos(radians(latitude)) * sin(radians(longitude - ${lng}::float8) / 2) ^ 2
          ))) AS miles
        FROM "Activity"
        WHERE ${inBox} AND "googleRating" >= ${third.googleRating}::float8
      ) candidates
      WHERE miles <= ${NEARBY_RADIUS_MILES + 0.001}::float8
      ORDER BY "googleRating" DESC, miles ASC, id ASC
      LIMIT ${NEARBY_SHORTLIST}`;
    chosen = nearbyActivities<Candidate>(activity, best);
  }
  if (chosen.length < NEARBY_LIMIT) {
    const all = await prisma.$queryRaw<Candidate[]>`SELECT ${columns} FROM "Activity" WHERE ${inBox}`;
    chosen = nearbyActivities<Candidate>(activity, all);
  }
  if (chosen.length === 0) return [];
  const byId = new Map(
    (await activityRows(Sql.sql`a.id IN (${Sql.join(chosen.map((c) => c.id))})`)).map((r) => [r.id, r]),
  );
  return chosen.flatMap((c) => {
    const row = byId.get(c.id);
    return row ? [row] : [];
  });
}

// ---- City activities page: filter, sort, count and paginate in SQL (spec public-site §2, §5 "Filters", §9) ----
// The semantics are those of domain/filters.ts activityMatchesFilters and domain/sort.ts; the integration test
// tests/integration/activities-list.test.ts holds this SQL to that reference. 
const LIST_COLUMNS_SQL = Sql.raw(CARD_COLUMNS.map((column) => `a."${column}"`).join(", "));

/** One activity of the city page's list, in the documented shapes. */
export type ActivityListItem = ActivityCardItem & { photoCredits: PhotoCredit[] };

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
  if (f.minRating > 0) {
    // A Google rating past its window is not shown, so it does not pass a minimum either.
    const shownSince = staleBefore(new Date(), GOOGLE_RATING_MAX_DAYS);
    conditions.push(Sql.sql`a."googleRating" >= ${f.minRating}::float8`);
    conditions.push(Sql.sql`(a."googleRatingUpdatedAt" IS NULL OR a."googleRatingUpdatedAt" >= ${shownSince})`);
  }
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

type ListRow = Pick<Activity, (typeof CARD_COLUMNS)[number] | "googlePhotoAttributions" | "googleRatingUpdatedAt"> & {
  tagNames: string[];
};

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
        SELECT ${LIST_COLUMNS_SQL}, a."googlePhotoAttributions", a."googleRatingUpdatedAt" FROM "Activity" a WHERE ${where}
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
  const items = rows.map(({ tagNames, googlePhotoAttributions, ...a }) => ({
    ...cardActivity({ ...withFreshRating(a), tags: tagNames }),
    photoCredits: cardPhotoCredits({ ...a, googlePhotoAttributions }),
  }));
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

/**
 * What the activity inputs may choose from now: category names in their display order (with the fallback 'Other'),
 * tag names, and the cities.
 */
export async function activityChoices() {
  const prisma = await db();
  const [categories, tags, cities] = await Promise.all([
    listCategoryNames(),
    listTagsByName(),
    prisma.city.findMany({ orderBy: [{ displayName: "asc" }], select: { id: true, displayName: true, state: true } }),
  ]);
  return { categories: categoryChoices(categories), tags: tags.map((t) => t.name), cities };
}

export type ActivityFormChoices = Awaited<ReturnType<typeof activityChoices>>;

/** The choices as the activity schemas take them. */
export function schemaChoices(choices: ActivityFormChoices): ActivityChoices {
  return { categories: choices.categories, tags: choices.tags, cityIds: choices.cities.map((c) => c.id) };
}

export async function activityTitles(ids: readonly number[]) {
  const prisma = await db();
  return prisma.activity.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, title: true },
    orderBy: { title: "asc" },
  });
}

function duplicateTitle(title: string): Refusal {
  return {
    ok: false,
    reason: "conflict",
    field: "title",
    message: `An activity named "${title}" already exists in this city`,
  };
}

/** Another activity of the city already has the title's slug: both would share one public URL. */
async function slugTaken(tx: Tx, data: { cityId: string; slug: string }, exceptId?: number) {
  const clash = await tx.activity.findFirst({
    where: { cityId: data.cityId, slug: data.slug, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  return clash !== null;
}

async function setTags(tx: Tx, activityId: number, tagNames: readonly string[]) {
  await tx.activityTag.deleteMany({ where: { activityId } });
  if (tagNames.length === 0) return;
  const tags = await tx.tag.findMany({ where: { name: { in: [...tagNames] } }, select: { id: true } });
  await tx.activityTag.createMany({ data: tags.map((t) => ({ activityId, tagId: t.id })) });
}

/**
 * Runs `write` in the caller's transaction, or in one of its own. The unique (cityId, slug) index is the guarantee
 * against two activities on one address (two simultaneous creates cannot both pass the check); the check inside
 * the write only answers the common case without a failed statement, which would abort a caller's transaction.
 */
async function inTransaction<T>(tx: Tx | undefined, title: string, write: (tx: Tx) => Promise<Outcome<T>>) {
  if (tx) return write(tx);
  const prisma = await db();
  try {
    return await prisma.$transaction(write);
  } catch (error) {
    if (isUniqueViolation(error)) return duplicateTitle(title) as Outcome<T>;
    throw error;
  }
}

/** Creates an activity from validated input; a title whose slug the city already has is refused. */
export async function createActivity(input: ActivityInput, tx?: Tx, writer?: Writer): Promise<Outcome<ActivityRow>> {
  const data = { ...activityWrite(input), updatedBy: writer?.by ?? null };
  return inTransaction(tx, input.title, async (t) => {
    if (await slugTaken(t, data)) return duplicateTitle(input.title);
    const { id } = await t.activity.create({ data, select: { id: true } });
    await setTags(t, id, input.tags);
    const created = await t.activity.findUniqueOrThrow({ where: { id }, include: activityInclude });
    await recordActivity(t, "create", null, created);
    return { ok: true, value: created };
  });
}

/**
 * Replaces the form's columns of an activity (rating, reviews and photos stay). With the writer's version, only
 * if the row is still at it (a guarded write): else the stale refusal, nothing written.
 */
export async function updateActivity(
  id: number,
  input: ActivityInput,
  tx?: Tx,
  writer?: Writer,
): Promise<Outcome<ActivityRow>> {
  const data = { ...activityWrite(input), updatedBy: writer?.by ?? null };
  return inTransaction(tx, input.title, async (t) => {
    const before = await t.activity.findUnique({ where: { id }, include: activityInclude });
    if (!before) return { ok: false, reason: "not-found" };
    if (isBehind(writer, before)) return staleRefusal("activity", before);
    if (await slugTaken(t, data, id)) return duplicateTitle(input.title);
    const { count } = await t.activity.updateMany({ where: { id, ...versionCondition(writer) }, data });
    if (count === 0) return staleOrGone(t, id);
    await setTags(t, id, input.tags);
    const after = await t.activity.findUniqueOrThrow({ where: { id }, include: activityInclude });
    await recordActivity(t, "update", before, after);
    return { ok: true, value: after };
  });
}

/** A guarded write updated no row: another write came first (the stale refusal), or the row is gone. */
async function staleOrGone(t: Tx, id: number): Promise<Refusal> {
  const now = await t.activity.findUnique({ where: { id }, select: STAMP });
  return now ? staleRefusal("activity", now) : { ok: false, reason: "not-found" };
}

/** An activity's version stamp (the ETag of GET /api/activities/{id}, a form's opening version). */
export async function activityStamp(id: number) {
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return null;
  return (await db()).activity.findUnique({ where: { id }, select: STAMP });
}

/** Sets the phone number alone (accepting the normalised form data-quality offers, data/validations.server.ts). */
export async function setActivityPhoneNumber(id: number, phoneNumber: string, tx: Tx, by?: string): Promise<void> {
  const before = await tx.activity.findUniqueOrThrow({ where: { id }, select: { title: true, phoneNumber: true } });
  await tx.activity.update({ where: { id }, data: { phoneNumber, updatedBy: by ?? null } });
  await recordEntry(tx, {
    entity: "activity",
    entityId: id,
    action: "update",
    label: before.title,
    changes: diffColumns(before, { phoneNumber }, ["phoneNumber"]),
  });
}

/** Tags, validation and review notes go with it (cascade). */
/**
 * Moves an activity to `to`, only if it is still at `from` (an edit since the coordinates were read wins): whether
 * it moved. For Coordinate Synchronization (workflows/coordinate-sync.server.ts).
 */
export async function moveActivityIfAt(
  id: number,
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
  tx: Tx,
  by?: string,
): Promise<boolean> {
  const { count } = await tx.activity.updateMany({ where: { id, ...from }, data: { ...to, updatedBy: by ?? null } });
  if (count === 1) {
    const { title } = await tx.activity.findUniqueOrThrow({ where: { id }, select: { title: true } });
    await recordEntry(tx, { entity: "activity", entityId: id, action: "update", label: title, changes: diffColumns(from, to) });
  }
  return count === 1;
}

/** The next `take` activities after `afterId` that have a Google Maps URL, lowest id first. */
export async function activitiesWithMapsUrl(afterId: number, take: number) {
  const prisma = await db();
  return prisma.activity.findMany({
    where: { id: { gt: afterId }, googleMapsUrl: { not: null }, NOT: { googleMapsUrl: "" } },
    select: { id: true, title: true, latitude: true, longitude: true, googleMapsUrl: true },
    orderBy: { id: "asc" },
    take,
  });
}

/** Deletes an activity; with the writer's version (DELETE with If-Match), only if the row is still at it. */
export async function deleteActivity(id: number, writer?: Writer): Promise<Outcome<{ id: number; title: string }>> {
  const prisma = await db();
  return prisma.$transaction(async (tx): Promise<Outcome<{ id: number; title: string }>> => {
    const row = await tx.activity.findUnique({ where: { id }, include: trashInclude });
    if (!row) return { ok: false, reason: "not-found" } as const;
    if (isBehind(writer, row)) return staleRefusal("activity", row);
    const { count } = await tx.activity.deleteMany({ where: { id, ...versionCondition(writer) } });
    if (count === 0) return staleOrGone(tx, id);
    await trashActivity(tx, row, await recordActivity(tx, "delete", withoutTrashParts(row), null));
    return { ok: true, value: { id: row.id, title: row.title } } as const;
  });
}

/** All or nothing: the number deleted. */
export async function deleteActivities(ids: readonly number[]): Promise<number> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const rows = await tx.activity.findMany({ where: { id: { in: [...ids] } }, include: trashInclude, orderBy: { id: "asc" } });
    const { count } = await tx.activity.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
    const entryIds = await recordBulk(tx, `Deleted ${count} ${count === 1 ? "activity" : "activities"}`, (batchId) =>
      rows.map((row) => activityEntry("delete", withoutTrashParts(row), null, batchId)),
    );
    for (const [i, row] of rows.entries()) await trashActivity(tx, row, entryIds[i]!);
    return count;
  });
}

/** Change Category (admin §2 bulk actions, §7 bulk-category-update): the number moved. */
export async function updateActivitiesCategory(
  ids: readonly number[],
  categoryName: string,
  by?: string,
): Promise<number> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const rows = await tx.activity.findMany({
      where: { id: { in: [...ids] } },
      select: { id: true, title: true, category: true },
      orderBy: { id: "asc" },
    });
    const { count } = await tx.activity.updateMany({
      where: { id: { in: rows.map((r) => r.id) } },
      data: { category: categoryName, updatedBy: by ?? null },
    });
    const moved = rows.filter((r) => r.category !== categoryName);
    await recordBulk(tx, `Moved ${moved.length} ${moved.length === 1 ? "activity" : "activities"} to ${categoryName}`, (batchId) =>
      moved.map((row) => ({
        entity: "activity" as const,
        entityId: row.id,
        action: "update" as const,
        label: row.title,
        changes: diffColumns(row, { category: categoryName }, ["category"]),
        batchId,
      })),
    );
    return count;
  });
}

// ---- History (data/history.server.ts): what an activity's entries record, and undoing an edit ----

/** Whether an undo can write a column back (the import's and selective update's, and the tags; the slug follows the title). */
export function isRevertibleActivityColumn(column: string): boolean {
  return column === "tags" || column === "slug" || column in COLUMN_SQL_TYPES;
}

/**
 * Undoes an edit of an activity: writes back each changed column's old value, recorded as a 'revert' entry; refused
 * when the activity changed again since (a later change is never overwritten) or its title's address is taken.
 */
export async function revertActivityChange(id: number, changes: Changes): Promise<Outcome<{ title: string }>> {
  if (!Object.keys(changes).every(isRevertibleActivityColumn)) {
    return { ok: false, reason: "refused", message: "This change cannot be undone here." };
  }
  const columns = Object.keys(changes).filter((c) => c !== "slug") as SelectiveColumn[];
  const values = revertValues(changes) as SelectiveValues;
  try {
    return await bulkTransaction(async (sql): Promise<Outcome<{ title: string }>> => {
      const [row] = await run<{ title: string; cityId: string }>(
        sql,
        Sql.sql`SELECT title, "cityId" FROM "Activity" WHERE id = ${id} FOR UPDATE`,
      );
      if (!row) return { ok: false, reason: "not-found" };
      const current = (await historyValues(sql, [id], Object.keys(changes))).get(id)!;
      const since = changedSince(changes, current);
      if (since.length > 0) return { ok: false, reason: "refused", message: changedSinceMessage(row.title, since) };
      const title = String(values.title ?? row.title);
      const cityId = String(values.cityId ?? row.cityId);
      const [clash] = await run(
        sql,
        Sql.sql`SELECT 1 FROM "Activity" WHERE "cityId" = ${cityId} AND slug = ${titleSlug(title)} AND id <> ${id}`,
      );
      if (clash) return duplicateTitle(title);
      await updateActivityColumns(columns, [{ id, values }], sql, { action: "revert" });
      return { ok: true, value: { title } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return duplicateTitle(String(values.title ?? ""));
    throw error;
  }
}

/** The columns the history compares of an activity: its own and its tag names, not the derived photo columns. */
function historyColumns(row: ActivityRow) {
  const { tags, googlePhotoAttributions: _credits, googleCardPhoto: _card, ...columns } = row;
  return { ...columns, tags: tagNamesOf({ tags }).sort() };
}

function activityEntry(action: HistoryAction, before: ActivityRow | null, after: ActivityRow | null, batchId?: number): NewEntry {
  const row = (after ?? before)!;
  return {
    entity: "activity",
    entityId: row.id,
    action,
    label: row.title,
    changes: diffColumns(before && historyColumns(before), after && historyColumns(after)),
    batchId,
  };
}

async function recordActivity(tx: Tx, action: HistoryAction, before: ActivityRow | null, after: ActivityRow | null) {
  return recordEntry(tx, activityEntry(action, before, after));
}

/** A bulk action's own entry ('bulk', its summary) and its rows' entries, which name it; the rows' entry ids. */
async function recordBulk(tx: Tx, label: string, rows: (batchId: number) => NewEntry[]) {
  const batchId = await recordEntry(tx, { entity: "activity", entityId: "", action: "bulk", label });
  return recordMany(tx, rows(batchId));
}

// ---- The trash (data/trash.server.ts): a deleted activity with its tags, validation record and review notes ----

const trashInclude = { ...activityInclude, validation: true, reviewNotes: true } satisfies Prisma.ActivityInclude;

type TrashableActivity = Prisma.ActivityGetPayload<{ include: typeof trashInclude }>;

/** What the trash keeps of an activity. */
export type TrashedActivity = {
  activity: Omit<Activity, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string };
  tags: string[];
  validation: Omit<ActivityValidation, "lastValidated"> & { lastValidated: string | null } | null;
  reviewNotes: Array<Omit<ReviewNote, "createdAt"> & { createdAt: string }>;
};

function withoutTrashParts({ validation: _v, reviewNotes: _r, ...row }: TrashableActivity): ActivityRow {
  return row;
}

async function trashActivity(tx: Tx, row: TrashableActivity, entryId: number) {
  const { tags, validation, reviewNotes, ...activity } = row;
  await trashRow(tx, {
    entity: "activity",
    entityId: row.id,
    label: row.title,
    data: { activity, tags: tagNamesOf({ tags }), validation, reviewNotes },
    entryId,
  });
}

/**
 * Puts a trashed activity back as it was, its id, tags (those that still exist), validation record and review
 * notes with it; refused when its city is gone or another activity took its address meanwhile.
 */
export async function restoreActivityRow(tx: Tx, data: TrashedActivity): Promise<Outcome<ActivityRow>> {
  const { activity, tags, validation, reviewNotes } = data;
  if (!(await tx.city.findUnique({ where: { id: activity.cityId }, select: { id: true } }))) {
    return {
      ok: false,
      reason: "refused",
      message: `Its city "${activity.cityId}" no longer exists: restore the city first.`,
    };
  }
  if (await slugTaken(tx, activity, activity.id)) return duplicateTitle(activity.title);
  await tx.activity.create({
    data: { ...activity, googlePhotoAttributions: activity.googlePhotoAttributions ?? [] } as Prisma.ActivityUncheckedCreateInput,
  });
  await setTags(tx, activity.id, tags);
  if (validation) await tx.activityValidation.create({ data: validation });
  if (reviewNotes.length > 0) {
    await tx.reviewNote.createMany({ data: reviewNotes.map(({ id: _id, ...note }) => note) });
  }
  const restored = await tx.activity.findUniqueOrThrow({ where: { id: activity.id }, include: activityInclude });
  await recordActivity(tx, "restore", null, restored);
  return { ok: true, value: restored };
}

// --- Home sections (public-site §5 "Section lists on Home") and search (§5 "Search") ---

/**
 * A home section of a city, optionally one category: only the candidates the rule can pick are read —
 * the best 8 rated at or above 3.5 and the newest 8 unrated — then selectHomeSection decides.
 */
export async function homeSection(cityId: string, category?: string) {
  // Kept in memory until the data changes: every location near this city shows the same section.
  return cachedReference(`homeSection:${cityId}:${category ?? ""}`, () => loadHomeSection(cityId, category));
}

async function loadHomeSection(cityId: string, category?: string) {
  const prisma = await db();
  const where = { cityId, ...(category ? { category } : {}) };
  const [rated, unrated] = await Promise.all([
    prisma.activity.findMany({
      where: { ...where, googleRating: { gte: HOME_SECTION_THRESHOLD } },
      orderBy: [{ googleRating: "desc" }, { id: "desc" }],
      take: HOME_SECTION_LIMIT,
      include: activityInclude,
    }),
    prisma.activity.findMany({
      where: { ...where, googleRating: null },
      orderBy: { id: "desc" },
      take: HOME_SECTION_LIMIT,
      include: activityInclude,
    }),
  ]);
  return selectHomeSection([...rated, ...unrated]).map(toCardActivity);
}

const searchInclude = {
  ...activityInclude,
  city: { select: { id: true, name: true, displayName: true, state: true, stateCode: true, country: true } },
} satisfies Prisma.ActivityInclude;

function searchWhere(q: string, titleOnly: boolean): Prisma.ActivityWhereInput {
  const contains = insensitiveContains(q.trim());
  return titleOnly ? { title: contains } : { OR: [{ title: contains }, { excerpt: contains }] };
}

/**
 * The first activities whose title or excerpt (or title only, on Explore Cities) contains the text, any case, best
 * rated first (ILIKE, helped by the trigram indexes): suggestions, which need no total.
 */
export async function suggestActivities(
  q: string,
  { limit, offset = 0, titleOnly = false }: { limit: number; offset?: number; titleOnly?: boolean },
) {
  if (q.trim() === "") return [];
  const prisma = await db();
  const rows = await prisma.activity.findMany({
    where: searchWhere(q, titleOnly),
    include: searchInclude,
    orderBy: [{ googleRating: { sort: "desc", nulls: "last" } }, { id: "desc" }],
    take: limit,
    skip: offset,
  });
  return rows.map((row) => ({ ...toCardActivity(row), city: row.city }));
}

/** suggestActivities one page at a time, with the number of matches (the search page). */
export async function searchActivities(q: string, page: { limit: number; offset?: number }) {
  if (q.trim() === "") return { activities: [], total: 0 };
  const prisma = await db();
  const [activities, total] = await Promise.all([
    suggestActivities(q, page),
    prisma.activity.count({ where: searchWhere(q, false) }),
  ]);
  return { activities, total };
}

// ---- CSV export and import, selective update (admin §2 'Activities tab', §5 'CSV import', §7) ----

/** Rows per page of the export. */
const CSV_PAGE = 1000;

/** Rows per statement of the import's writes: each statement carries its rows as one JSON parameter. */
const WRITE_BATCH = 5000;

/**
 * Every activity with its tag names, in id order, one page at a time (keyset on id): the export streams them, so
 * memory holds one page whatever the size of the table.
 */
export async function* activityPages(pageSize = CSV_PAGE) {
  const prisma = await db();
  let after = 0;
  for (;;) {
    const rows = await prisma.activity.findMany({
      where: { id: { gt: after } },
      orderBy: { id: "asc" },
      take: pageSize,
      include: activityInclude,
    });
    if (rows.length === 0) return;
    yield rows.map((row) => ({ ...row, tags: tagNamesOf(row) }));
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * The export file as a stream (admin §2 Export CSV): the BOM and header, then one page of rows at a time; pull()
 * reads the next page only when the reader has taken the last, so a slow download holds one page.
 */
export function activitiesCsvStream(): ReadableStream<Uint8Array> {
  const pages = activityPages();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_EXPORT_START));
    },
    async pull(controller) {
      const next = await pages.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvText(next.value.map(csvRow))));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}

function chunks<T>(items: readonly T[], size = CSV_PAGE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * What an import of `file` is checked against (domain/activity-csv.ts ImportContext): the choices, the stored
 * activities its ids name, and whose are the addresses (cityId, slug) its rows would take — only those, not the
 * whole table's.
 */
export async function csvImportContext(file: CsvFile): Promise<ImportContext> {
  // On the driver itself: the file's ids and addresses go as parameters of tens of thousands of values.
  const sql = await bulkSql();
  const wanted = fileAddresses(file);
  const [choices, addresses] = await Promise.all([
    activityChoices(),
    run<{ id: number; cityId: string; slug: string }>(
      sql,
      Sql.sql`SELECT a.id, a."cityId", a.slug FROM "Activity" a
      JOIN unnest(${wanted.cityIds}::text[], ${wanted.slugs}::text[]) AS w("cityId", slug)
        ON a."cityId" = w."cityId" AND a.slug = w.slug`,
    ),
  ]);
  const stored = new Map<number, Omit<StoredActivity, "id" | GooglePhotoColumn>>();
  const taken = new Map(addresses.map((a) => [slugKey(a.cityId, a.slug), a.id]));
  for (const part of chunks(fileIds(file), 10_000)) {
    const rows = await run<Omit<StoredActivity, GooglePhotoColumn>>(
      sql,
      Sql.sql`SELECT a.*, ARRAY(SELECT t.name FROM "ActivityTag" at JOIN "Tag" t ON t.id = at."tagId"
                        WHERE at."activityId" = a.id) AS tags
      FROM "Activity" a WHERE a.id = ANY (${part}::int4[])`,
    );
    for (const row of rows) {
      stored.set(row.id, row);
      taken.set(slugKey(row.cityId, row.slug), row.id);
    }
  }
  return { choices: schemaChoices(choices), stored, taken };
}

/** How each column is typed when a batch of rows is sent to PostgreSQL as JSON (jsonb_to_recordset). */
const COLUMN_SQL_TYPES: Record<Exclude<SelectiveColumn, "tags"> | "slug", "text" | "float8" | "int4"> = {
  title: "text",
  slug: "text",
  excerpt: "text",
  image: "text",
  latitude: "float8",
  longitude: "float8",
  category: "text",
  cityId: "text",
  country: "text",
  state: "text",
  address: "text",
  website: "text",
  phoneNumber: "text",
  googleMapsUrl: "text",
  touristyLevel: "text",
  cost: "text",
  duration: "text",
  photoSource: "text",
  customPhotoUrl: "text",
  metaTitle: "text",
  metaDescription: "text",
  googleRating: "float8",
  googleReviewCount: "int4",
};

const TAGS_RECORD = Sql.raw(`"id" int4, "tags" text[]`);

/**
 * Sets the tags of `rows` (tag names; unknown names were refused by the schema), one pair of statements per 5,000
 * rows: links no longer wanted are removed, new ones added, unchanged ones left alone. `fresh` rows were just
 * created, so have no links to remove.
 */
async function replaceTags(
  sql: RawSql,
  rows: ReadonlyArray<{ id: number; tags: readonly string[] }>,
  { fresh = false }: { fresh?: boolean } = {},
) {
  for (const part of chunks(rows.filter((r) => !fresh || r.tags.length > 0), WRITE_BATCH)) {
    const json = JSON.stringify(part.map((r) => ({ id: r.id, tags: r.tags })));
    if (!fresh) await run(sql, Sql.sql`DELETE FROM "ActivityTag" at USING json_to_recordset(${json}::json) AS v(${TAGS_RECORD})
      WHERE at."activityId" = v.id
        AND NOT EXISTS (SELECT 1 FROM "Tag" t WHERE t.id = at."tagId" AND t.name = ANY (v.tags))`);
    await run(sql, Sql.sql`INSERT INTO "ActivityTag" ("activityId", "tagId")
      SELECT v.id, t.id FROM json_to_recordset(${json}::json) AS v(${TAGS_RECORD}) JOIN "Tag" t ON t.name = ANY (v.tags)
      ON CONFLICT DO NOTHING`);
  }
}

/** A statement composed with Prisma.sql, run on the driver itself (bulk writes: see Database.transaction). */
async function run<T = unknown>(sql: RawSql, statement: Prisma.Sql): Promise<T[]> {
  return (await sql.query<T>(statement.text, statement.values)).rows;
}

/** A batch of rows as one JSON parameter, each with its id (when it has one) and the written columns. */
function recordsJson(
  rows: ReadonlyArray<{ id?: number; values: SelectiveValues }>,
  scalar: readonly Exclude<SelectiveColumn, "tags">[],
  withSlug: boolean,
  withTags = false,
): string {
  return JSON.stringify(
    rows.map(({ id, values }) => {
      const record: Record<string, unknown> = id === undefined ? {} : { id };
      for (const c of scalar) record[c] = values[c];
      if (withSlug) record.slug = titleSlug(values.title as string);
      if (withTags) record.tags = values.tags ?? [];
      return record;
    }),
  );
}

const recordType = (columns: readonly (keyof typeof COLUMN_SQL_TYPES)[], withId: boolean) =>
  Sql.raw([...(withId ? ['"id" int4'] : []), ...columns.map((c) => `"${c}" ${COLUMN_SQL_TYPES[c]}`)].join(", "));

/** The tag names of activity `a`, and of a record's `tags`, each as a sorted list (to compare the two). */
const STORED_TAGS_SQL = `ARRAY(SELECT t.name FROM "ActivityTag" at JOIN "Tag" t ON t.id = at."tagId"
  WHERE at."activityId" = a.id ORDER BY t.name)`;
const RECORD_TAGS_SQL = `ARRAY(SELECT t.name FROM "Tag" t WHERE t.name = ANY (v.tags) ORDER BY t.name)`;

/**
 * Writes the chosen columns of many activities (import's updates, the selective-update API): one UPDATE per 5,000
 * rows, the values sent as one JSON parameter, not a statement per row. A row whose values (and tags, when they are
 * written) are already stored is not written (an export imported back changes nothing, not even updatedAt or its
 * version); a row whose tags alone change is written too, so its version moves. The slug follows a changed title.
 * `by` is the row's updatedBy. Answers the ids of the rows written.
 */
export async function updateActivityColumns(
  columns: readonly SelectiveColumn[],
  rows: ReadonlyArray<{ id: number; values: SelectiveValues }>,
  sql: RawSql,
  {
    batchId = null,
    action = "update",
    by = null,
  }: { batchId?: number | null; action?: HistoryAction; by?: string | null } = {},
): Promise<number[]> {
  const scalar = columns.filter((c): c is Exclude<SelectiveColumn, "tags"> => c !== "tags");
  const withSlug = columns.includes("title");
  const withTags = columns.includes("tags");
  const written: Array<keyof typeof COLUMN_SQL_TYPES> = withSlug ? [...scalar, "slug"] : scalar;
  const ids: number[] = [];
  const compared = [...written, ...(withTags ? ["tags"] : [])];
  const before = await historyValues(sql, rows.map((r) => r.id), compared);
  if (written.length > 0 || withTags) {
    const assignments = Sql.raw([...written.map((c) => `"${c}" = v."${c}"`), `"updatedAt" = now()`].join(", "));
    const changed = Sql.raw(
      [
        ...written.map((c) => `a."${c}" IS DISTINCT FROM v."${c}"`),
        ...(withTags ? [`${STORED_TAGS_SQL} IS DISTINCT FROM ${RECORD_TAGS_SQL}`] : []),
      ].join(" OR "),
    );
    const record = Sql.raw(
      ['"id" int4', ...written.map((c) => `"${c}" ${COLUMN_SQL_TYPES[c]}`), ...(withTags ? ['"tags" text[]'] : [])].join(
        ", ",
      ),
    );
    for (const part of chunks(rows, WRITE_BATCH)) {
      const updated = await run<{ id: number }>(sql, Sql.sql`UPDATE "Activity" AS a SET ${assignments}, "updatedBy" = ${by}
        FROM json_to_recordset(${recordsJson(part, scalar, withSlug, withTags)}::json) AS v(${record})
        WHERE a.id = v.id AND (${changed})
        RETURNING a.id`);
      ids.push(...updated.map((u) => u.id));
    }
  }
  if (withTags) await replaceTags(sql, rows.map(({ id, values }) => ({ id, tags: values.tags ?? [] })));
  await recordEntries(
    sql,
    rows.flatMap(({ id, values }): NewEntry[] => {
      const old = before.get(id);
      if (!old) return [];
      const now = { ...values, slug: withSlug ? titleSlug(values.title as string) : undefined, tags: [...(values.tags ?? [])].sort() };
      const changes = diffColumns(old, now, compared);
      if (Object.keys(changes).length === 0) return [];
      return [{ entity: "activity", entityId: id, action, label: String(values.title ?? old.title), changes, batchId }];
    }),
  );
  return ids;
}

/** The stored values of `columns` (and the title) of these activities, as the history compares them. */
async function historyValues(sql: RawSql, ids: readonly number[], columns: readonly string[]) {
  const scalar = ["title", ...columns.filter((c) => c !== "tags" && c !== "title")];
  const tags = columns.includes("tags") ? Sql.sql`, ${TAG_NAMES_SQL} AS tags` : Sql.empty;
  const byId = new Map<number, Record<string, unknown>>();
  for (const part of chunks(ids, 10_000)) {
    const rows = await run<Record<string, unknown> & { id: number; tags?: string[] }>(
      sql,
      Sql.sql`SELECT a.id, ${Sql.raw(scalar.map((c) => `a."${c}"`).join(", "))} ${tags} FROM "Activity" a
      WHERE a.id = ANY (${part}::int4[])`,
    );
    for (const row of rows) byId.set(row.id, row.tags ? { ...row, tags: [...row.tags].sort() } : row);
  }
  return byId;
}

/** The columns a new activity is written with (the rest take the table's defaults). */
const CREATE_COLUMNS = (Object.keys(COLUMN_SQL_TYPES) as Array<keyof typeof COLUMN_SQL_TYPES>).filter(
  (c) => c !== "slug",
) as Exclude<SelectiveColumn, "tags">[];

/** Creates many activities (the import's new rows): one INSERT per 5,000 rows, then their tags. */
export async function createActivities(
  rows: readonly NewActivityValues[],
  sql: RawSql,
  { batchId = null, by = null }: { batchId?: number | null; by?: string | null } = {},
): Promise<number[]> {
  const ids: number[] = [];
  const columns = Sql.raw([...CREATE_COLUMNS, "slug"].map((c) => `"${c}"`).join(", "));
  for (const part of chunks(rows, WRITE_BATCH)) {
    const json = recordsJson(
      part.map((values) => ({ values: values as SelectiveValues })),
      CREATE_COLUMNS,
      true,
    );
    const created = await run<{ id: number; cityId: string; slug: string }>(
      sql,
      Sql.sql`INSERT INTO "Activity" (${columns}, "updatedAt", "updatedBy")
      SELECT ${columns}, now(), ${by}::text FROM json_to_recordset(${json}::json) AS v(${recordType([...CREATE_COLUMNS, "slug"], false)})
      RETURNING id, "cityId", slug`,
    );
    // (cityId, slug) is unique, so it tells which new id is which row.
    const idOf = new Map(created.map((c) => [slugKey(c.cityId, c.slug), c.id]));
    const withIds = part.map((values) => ({
      id: idOf.get(slugKey(values.cityId, titleSlug(values.title)))!,
      tags: values.tags,
    }));
    await replaceTags(sql, withIds, { fresh: true });
    ids.push(...withIds.map((r) => r.id));
    await recordEntries(
      sql,
      part.map((values, i) => ({
        entity: "activity",
        entityId: withIds[i]!.id,
        action: "create",
        label: values.title,
        changes: diffColumns(null, { ...values, slug: titleSlug(values.title), tags: [...values.tags].sort() }),
        batchId,
      })),
    );
  }
  return ids;
}

/** A row of the file that updated an activity someone changed after the import's preview was shown. */
export type ChangedSincePreview = { line: number; id: number; updatedBy: string | null; updatedAt: Date };

/**
 * What an import did: the rows created and updated, every row skipped with its reason, and the rows that updated an
 * activity changed since the preview (each row is written whole, so the file's values are what it holds now).
 */
export type ImportResult = {
  created: number;
  updated: number;
  skipped: SkippedRow[];
  changedSincePreview: ChangedSincePreview[];
};

/** The versions of the stored activities an import's preview was planned against, by id. */
export type PreviewVersions = Readonly<Record<string, number>>;

/** The versions of the activities an import's context read (its `stored` rows), to keep with the previewed draft. */
export function previewVersionsOf(context: ImportContext): Record<string, number> {
  const versions: Record<string, number> = {};
  for (const [id, row] of context.stored) {
    const version = (row as { version?: unknown }).version;
    if (typeof version === "number") versions[id] = version;
  }
  return versions;
}

/** Planned rows handed to the writer at a time, and rows planned between two looks at the database's answers. */
const PLAN_SLICE = 250;

/**
 * Imports a file (admin §5) as one transaction: a failure anywhere writes nothing. The rows are planned
 * (planRows: the form's schema, row by row, in Node) while the previous batch of 5,000 is written (in PostgreSQL),
 * so the two overlap on a machine's cores instead of taking turns.
 */
export async function importActivities(
  file: CsvFile,
  columns: readonly CsvColumn[],
  context: ImportContext,
  { by = null, previewVersions = null }: { by?: string | null; previewVersions?: PreviewVersions | null } = {},
): Promise<ImportResult> {
  const rows = planRows(file, columns, context);
  const written = importedColumns(columns);
  const result: ImportResult = { created: 0, updated: 0, skipped: [], changedSincePreview: [] };
  // The rows to update are locked and their versions read in the import's transaction, before they are written:
  // those past the version the preview read were changed since, and no one can change them again until it commits.
  const noteChangedSincePreview = async (sql: RawSql, updates: readonly PlannedUpdate[]) => {
    if (!previewVersions || updates.length === 0) return async (_written: readonly number[]) => {};
    const stamps = await run<{ id: number; version: number; updatedBy: string | null; updatedAt: Date }>(
      sql,
      Sql.sql`SELECT id, version, "updatedBy", "updatedAt" FROM "Activity"
        WHERE id = ANY (${updates.map((u) => u.id)}::int4[]) ORDER BY id FOR UPDATE`,
    );
    const moved = new Map(
      stamps.filter((s) => previewVersions[s.id] !== undefined && previewVersions[s.id] !== s.version).map((s) => [s.id, s]),
    );
    return async (writtenIds: readonly number[]) => {
      for (const id of writtenIds) {
        const stamp = moved.get(id);
        if (!stamp) continue;
        const line = updates.find((u) => u.id === id)?.line ?? 0;
        result.changedSincePreview.push({ line, id, updatedBy: stamp.updatedBy, updatedAt: new Date(stamp.updatedAt) });
      }
    };
  };
  let finished = false;
  const planBatch = async () => {
    const batch = { creates: [] as NewActivityValues[], updates: [] as PlannedUpdate[] };
    while (!finished && batch.creates.length + batch.updates.length < WRITE_BATCH) {
      for (let i = 0; i < PLAN_SLICE; i++) {
        const next = rows.next();
        if (next.done) {
          finished = true;
          break;
        }
        const row = next.value;
        if ("reason" in row) result.skipped.push(row);
        else if ("id" in row) batch.updates.push(row);
        else batch.creates.push(row.values);
      }
      // Lets the writer send its next statement as soon as PostgreSQL answers the last one.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return batch;
  };
  await bulkTransaction(async (sql) => {
    // The import is one entry of the history; each row it wrote has its own, naming it.
    const batchId = await recordBatch(sql, { entity: "activity", action: "import", label: "CSV import" });
    let batch = await planBatch();
    while (batch.creates.length + batch.updates.length > 0) {
      const [, next] = await Promise.all([
        (async () => {
          const note = await noteChangedSincePreview(sql, batch.updates);
          await note(await updateActivityColumns(written, batch.updates, sql, { batchId, by }));
          result.created += (await createActivities(batch.creates, sql, { batchId, by })).length;
          result.updated += batch.updates.length;
        })(),
        planBatch(),
      ]);
      batch = next;
    }
    await setBatchSummary(
      sql,
      batchId,
      `CSV import: ${result.created} created, ${result.updated} updated, ${result.skipped.length} skipped`,
    );
  });
  result.changedSincePreview.sort((a, b) => a.line - b.line);
  return result;
}

/** PATCH /api/activities/{id}/selective-update: the chosen columns of one activity (the title's city must be free). */
export async function updateActivitySelectively(
  id: number,
  columns: readonly SelectiveColumn[],
  values: SelectiveValues,
  writer?: Writer,
): Promise<Outcome<ActivityRow>> {
  const title = String(values.title ?? "");
  try {
    const outcome = await bulkTransaction(async (sql): Promise<Outcome<null>> => {
      // Locked: the version checked is the version written over.
      const [row] = await run<{ title: string; cityId: string; version: number; updatedAt: Date; updatedBy: string | null }>(
        sql,
        Sql.sql`SELECT title, "cityId", version, "updatedAt", "updatedBy" FROM "Activity" WHERE id = ${id} FOR UPDATE`,
      );
      if (!row) return { ok: false, reason: "not-found" };
      if (isBehind(writer, row)) return staleRefusal("activity", row);
      const wanted = (values.title as string | undefined) ?? row.title;
      const cityId = (values.cityId as string | undefined) ?? row.cityId;
      const [clash] = await run(
        sql,
        Sql.sql`SELECT 1 FROM "Activity" WHERE "cityId" = ${cityId} AND slug = ${titleSlug(wanted)} AND id <> ${id}`,
      );
      if (clash) return duplicateTitle(wanted);
      await updateActivityColumns(columns, [{ id, values }], sql, { by: writer?.by ?? null });
      return { ok: true, value: null };
    });
    if (!outcome.ok) return outcome;
    const prisma = await db();
    return { ok: true, value: await prisma.activity.findUniqueOrThrow({ where: { id }, include: activityInclude }) };
  } catch (error) {
    if (isUniqueViolation(error)) return duplicateTitle(title);
    throw error;
  }
}
