// The city activities page's list: filter, sort, count and paginate in SQL (spec public-site §2, §5 "Filters", §9).
// Each filter's condition is the SQL of the clause its entry declares in domain/pages/public-filters.ts; the semantics
// are those of the entries' reference predicates and domain/pages/sort.ts, and the integration test
// tests/integration/activities-list.test.ts holds this SQL to that reference.
import { Prisma as Sql, type Activity } from "~/generated/prisma/client";
import { CARD_COLUMNS, cardActivity, type ActivityCardItem } from "~/domain/activities/activity-record";
import { PAGE_SIZE } from "~/domain/constants";
import type { Filters } from "~/domain/pages/filters";
import { FILTER_ENTRIES, type FilterClause } from "~/domain/pages/public-filters";
import { clampPage, pageCount, pageOffset } from "~/domain/pages/pagination";
import { cardPhotoCredits, type PhotoCredit } from "~/domain/activities/photos";
import { GOOGLE_RATING_MAX_DAYS, staleBefore, withFreshRating } from "~/domain/places/rating-freshness";
import type { SortOrder } from "~/domain/pages/sort";
import { readRows } from "../db.server";
import { containsPattern } from "../like.server";

const LIST_COLUMNS_SQL = Sql.raw(CARD_COLUMNS.map((column) => `a."${column}"`).join(", "));

/** One activity of the city page's list, in the documented shapes. */
export type ActivityListItem = ActivityCardItem & { photoCredits: PhotoCredit[] };

export type ActivityListPage = { items: ActivityListItem[]; total: number; page: number; pageCount: number };

function hasTagMatchingAny(patterns: string[]): Sql.Sql {
  return Sql.sql`EXISTS (SELECT 1 FROM "ActivityTag" at JOIN "Tag" t ON t.id = at."tagId"
    WHERE at."activityId" = a.id AND t.name ILIKE ANY (ARRAY[${Sql.join(patterns)}]::text[]))`;
}

/**
 * The city's activities with a tag matching any of `patterns`, taken from the city's links of those tags (one range
 * of the index on (tagId, cityId, activityId), migration 20261130050000), so a tag page costs its own rows
 * (decision 041). A page of the list takes them as an array: as a join, the planner would walk the city in the
 * sort's order checking each activity's tags, and where the tag is rare among the first in that order (the bench
 * seed ties tags to categories) the walk crosses the whole city (Indoors in Nashville: 190,000 buffers). A count has
 * no order to walk, and there the join lets a big city's count hash the links (300 buffers in Nashville, where the
 * array's lookups take 22,000).
 */
function taggedInCity(cityId: string, patterns: string[], form: StatementForm): Sql.Sql {
  const links = Sql.sql`SELECT at."activityId" FROM "ActivityTag" at JOIN "Tag" t ON t.id = at."tagId"
    WHERE at."cityId" = ${cityId} AND t.name ILIKE ANY (ARRAY[${Sql.join(patterns)}]::text[])`;
  return form === "list" ? Sql.sql`a.id = ANY (ARRAY(${links}))` : Sql.sql`a.id IN (${links})`;
}

/** The statement a filter condition is written for: a page of the list, or a count. */
type StatementForm = "list" | "count";

const column = (name: string) => Sql.raw(`a."${name}"`);

/** The condition of one filter's clause for its value in `f`, or none at the filter's default. */
function clauseSql(
  clause: FilterClause,
  value: Filters[keyof Filters],
  f: Filters,
  cityId: string,
  form: StatementForm,
): Sql.Sql[] {
  switch (clause.kind) {
    case "oneOf":
      return Array.isArray(value) && value.length > 0 ? [Sql.sql`${column(clause.column)} IN (${Sql.join(value)})`] : [];
    case "equals":
      return value === null ? [] : [Sql.sql`${column(clause.column)} = ${value}`];
    case "text": {
      const q = String(value).trim();
      if (!q) return [];
      const p = containsPattern(q);
      const inColumns = clause.columns.map((name) => Sql.sql`${column(name)} ILIKE ${p}`);
      return [Sql.sql`(${Sql.join([...inColumns, hasTagMatchingAny([p])], " OR ")})`];
    }
    case "tags": {
      if (!Array.isArray(value) || value.length === 0) return [];
      const patterns = value.map(containsPattern);
      return f.tagMode === "and"
        ? patterns.map((p) => taggedInCity(cityId, [p], form))
        : [taggedInCity(cityId, patterns, form)];
    }
    case "shownRatingAtLeast": {
      // A missing rating counts as 0, so it only passes the 'Any' minimum, which needs no condition.
      if (typeof value !== "number" || value <= 0) return [];
      // A Google rating past its window is not shown, so it does not pass a minimum either.
      const shownSince = staleBefore(new Date(), GOOGLE_RATING_MAX_DAYS);
      return [
        Sql.sql`a."googleRating" >= ${value}::float8`,
        Sql.sql`(a."googleRatingUpdatedAt" IS NULL OR a."googleRatingUpdatedAt" >= ${shownSince})`,
      ];
    }
  }
}

function activityFilterSql(cityId: string, f: Filters, form: StatementForm): Sql.Sql {
  const conditions: Sql.Sql[] = [Sql.sql`a."cityId" = ${cityId}`];
  for (const entry of FILTER_ENTRIES) if (entry.sql) conditions.push(...clauseSql(entry.sql, f[entry.field], f, cityId, form));
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
  { atMost }: { atMost?: number } = {},
): Promise<number> {
  const [row] = await readRows<{ total: number }>(countStatement(cityId, filters, atMost));
  return row?.total ?? 0;
}

/** The statement of countActivities (exported for scripts/bench/list-plans.ts, which explains it). */
export function countStatement(cityId: string, filters: Filters, atMost?: number): Sql.Sql {
  const where = activityFilterSql(cityId, filters, "count");
  const limit = atMost === undefined ? Sql.empty : Sql.sql`LIMIT ${Math.max(0, Math.floor(atMost))}`;
  return Sql.sql`
    SELECT count(*)::int AS total FROM (SELECT 1 FROM "Activity" a WHERE ${where} ${limit}) AS matching`;
}

type ListRow = Pick<Activity, (typeof CARD_COLUMNS)[number] | "googlePhotoAttributions" | "googleRatingUpdatedAt"> & {
  tagNames: string[];
};

/**
 * One page (48) of a city's activities passing the filters, in the filters' sort order, with the total.
 * A page past the end shows the last page.
 */
export async function listActivities(cityId: string, filters: Filters): Promise<ActivityListPage> {
  // The page and the total are two queries run side by side: with an index in the sort's order the page is a
  // short range scan, where a window count over the same query would have to read and sort every match.
  const pageRows = (page: number) => readRows<ListRow>(pageStatement(cityId, filters, page));

  let page = Math.max(1, Math.floor(filters.page) || 1);
  const [firstRows, total] = await Promise.all([pageRows(page), countActivities(cityId, filters)]);
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

/**
 * The statement of one page of listActivities (exported for scripts/bench/list-plans.ts): the page's rows with the
 * card's columns and tag names. The tag lookup sits outside the LIMIT/OFFSET so it runs for the 48 rows shown, not
 * for every row skipped to reach a later page.
 */
export function pageStatement(cityId: string, filters: Filters, page: number): Sql.Sql {
  const where = activityFilterSql(cityId, filters, "list");
  return Sql.sql`
      SELECT a.*, ARRAY(SELECT t.name FROM "ActivityTag" at JOIN "Tag" t ON t.id = at."tagId"
                        WHERE at."activityId" = a.id) AS "tagNames"
      FROM (
        SELECT ${LIST_COLUMNS_SQL}, a."googlePhotoAttributions", a."googleRatingUpdatedAt" FROM "Activity" a WHERE ${where}
        ORDER BY ${ORDER_SQL[filters.sort]} LIMIT ${PAGE_SIZE} OFFSET ${pageOffset(page)}
      ) a
      ORDER BY ${ORDER_SQL[filters.sort]}`;
}
