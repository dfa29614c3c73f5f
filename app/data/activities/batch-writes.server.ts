// Writes of many activities in few statements (the CSV import, the selective-update API, an undo): each statement
// carries up to 5,000 rows as one JSON parameter, run on the driver itself (see Database.transaction).
import { Prisma, Prisma as Sql } from "~/generated/prisma/client";
import type { SelectiveColumn, SelectiveValues } from "~/domain/activities/activity-form";
import { slugKey, type NewActivityValues } from "~/domain/activities/activity-csv";
import { diffColumns, type HistoryAction } from "~/domain/admin/history";
import { titleSlug } from "~/domain/taxonomy/slug";
import { recordEntries, type NewEntry } from "../history.server";
import type { RawSql } from "../migrate.server";
import { TAG_NAMES_SQL } from "./rows.server";

/** Rows per statement of the import's writes: each statement carries its rows as one JSON parameter. */
export const WRITE_BATCH = 5000;

/** `items` in slices of `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
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

/** Whether an undo can write a column back (the import's and selective update's, and the tags; the slug follows the title). */
export function isRevertibleActivityColumn(column: string): boolean {
  return column === "tags" || column === "slug" || column in COLUMN_SQL_TYPES;
}

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
    // Each link names its activity's city (decision 041) from the activity itself: the trigger that would look it up
    // row by row adds 10-40% to each link's insert.
    await run(sql, Sql.sql`INSERT INTO "ActivityTag" ("activityId", "tagId", "cityId")
      SELECT v.id, t.id, a."cityId" FROM json_to_recordset(${json}::json) AS v(${TAGS_RECORD})
      JOIN "Activity" a ON a.id = v.id JOIN "Tag" t ON t.name = ANY (v.tags)
      ON CONFLICT DO NOTHING`);
  }
}

/** A statement composed with Prisma.sql, run on the driver itself (bulk writes: see Database.transaction). */
export async function run<T = unknown>(sql: RawSql, statement: Prisma.Sql): Promise<T[]> {
  return (await sql.query<T>(statement.text, statement.values)).rows;
}

/** The record type of a batch's JSON rows (the `AS v(...)` of json_to_recordset). */
const recordType = (
  columns: readonly (keyof typeof COLUMN_SQL_TYPES)[],
  { withId, withTags = false }: { withId: boolean; withTags?: boolean },
) =>
  Sql.raw(
    [
      ...(withId ? ['"id" int4'] : []),
      ...columns.map((c) => `"${c}" ${COLUMN_SQL_TYPES[c]}`),
      ...(withTags ? ['"tags" text[]'] : []),
    ].join(", "),
  );

/**
 * Writes the chosen columns of many activities (import's updates, the selective-update API, an undo): one UPDATE per
 * 5,000 changed rows, the values sent as one JSON parameter, not a statement per row. Each row is compared in Node
 * with what is stored (read and locked in the caller's transaction): a row whose values (and tags, when they are
 * written) are already stored is not written (an export imported back changes nothing, not even updatedAt or its
 * version); a row whose tags alone change is written too, so its version moves. Each statement sets only the
 * columns some of its rows change (the others hold their stored values), so an UPDATE that leaves every indexed
 * column as it was can be a HOT update (docs/decisions/031-csv-import-writes.md). The slug follows a changed title.
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
    locked,
  }: {
    batchId?: number | null;
    action?: HistoryAction;
    by?: string | null;
    /**
     * Rows the caller has already locked in this transaction and read as they are now (every column, with their
     * tag names): they are compared as given, not read again (an import's 25,000 rows with their long texts).
     */
    locked?: ReadonlyMap<number, Readonly<Record<string, unknown>>>;
  } = {},
): Promise<number[]> {
  const scalar = columns.filter((c): c is Exclude<SelectiveColumn, "tags"> => c !== "tags");
  const withSlug = columns.includes("title");
  const withTags = columns.includes("tags");
  const written: Array<keyof typeof COLUMN_SQL_TYPES> = withSlug ? [...scalar, "slug"] : scalar;
  const compared = [...written, ...(withTags ? ["tags"] : [])];
  const before = await historyValues(
    sql,
    rows.flatMap((r) => (locked?.has(r.id) ? [] : [r.id])),
    compared,
    { lock: true },
  );
  for (const [id, row] of locked ?? []) before.set(id, historyRow(row));
  const changed = rows.flatMap(({ id, values }) => {
    const old = before.get(id);
    if (!old) return [];
    const now: Record<string, unknown> = { ...values };
    if (withSlug) now.slug = titleSlug(values.title as string);
    if (withTags) now.tags = [...(values.tags ?? [])].sort();
    const changes = diffColumns(old, now, compared);
    if (Object.keys(changes).length === 0) return [];
    return [{ id, values: now as SelectiveValues, changes, label: String(values.title ?? old.title) }];
  });
  // Each statement is sent as soon as it is built, and the next is built while PostgreSQL runs it (the connection
  // runs them in the order sent).
  const updates: Array<Promise<Array<{ id: number }>>> = [];
  for (const part of chunks(changed, WRITE_BATCH)) {
    const set = written.filter((c) => part.some((r) => c in r.changes));
    const assignments = Sql.raw([...set.map((c) => `"${c}" = v."${c}"`), `"updatedAt" = now()`].join(", "));
    const json = JSON.stringify(
      part.map(({ id, values }) => {
        const record: Record<string, unknown> = { id };
        for (const c of set) record[c] = values[c as SelectiveColumn];
        return record;
      }),
    );
    updates.push(
      sent(
        run<{ id: number }>(sql, Sql.sql`UPDATE "Activity" AS a SET ${assignments}, "updatedBy" = ${by}
      FROM json_to_recordset(${json}::json) AS v(${recordType(set, { withId: true })})
      WHERE a.id = v.id
      RETURNING a.id`),
      ),
    );
  }
  const tagged = withTags
    ? sent(
        replaceTags(
          sql,
          changed.filter((r) => "tags" in r.changes).map(({ id, values }) => ({ id, tags: values.tags ?? [] })),
        ),
      )
    : undefined;
  const recorded = sent(
    recordEntries(
      sql,
      changed.map(({ id, changes, label }): NewEntry => ({ entity: "activity", entityId: id, action, label, changes, batchId })),
    ),
  );
  const [updated] = await Promise.all([Promise.all(updates), tagged, recorded]);
  return updated.flat().map((u) => u.id);
}

/**
 * A statement (or a series of them) sent on the transaction's connection and awaited later, after the next one is
 * built: marked as handled at once, so that its failure, while the caller is still building, is not reported as
 * unhandled (the caller's Promise.all still rejects with it, and the transaction rolls back).
 */
function sent<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/**
 * The stored values of `columns` (and the title) of these activities, as the history compares them; `lock` locks
 * them in the caller's transaction (in id order), so they are still the values written over.
 */
export async function historyValues(
  sql: RawSql,
  ids: readonly number[],
  columns: readonly string[],
  { lock = false }: { lock?: boolean } = {},
) {
  const scalar = ["title", ...columns.filter((c) => c !== "tags" && c !== "title")];
  const tags = columns.includes("tags") ? Sql.sql`, ${TAG_NAMES_SQL} AS tags` : Sql.empty;
  const byId = new Map<number, Record<string, unknown>>();
  for (const part of chunks(ids, 10_000)) {
    const rows = await run<Record<string, unknown> & { id: number; tags?: string[] }>(
      sql,
      Sql.sql`SELECT a.id, ${Sql.raw(scalar.map((c) => `a."${c}"`).join(", "))} ${tags} FROM "Activity" a
      WHERE a.id = ANY (${part}::int4[]) ${lock ? Sql.sql`ORDER BY a.id FOR UPDATE OF a` : Sql.empty}`,
    );
    for (const row of rows) byId.set(row.id, historyRow(row));
  }
  return byId;
}

/** A stored row as the history compares it: its tag names (when read) in order. */
function historyRow(row: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Array.isArray(row.tags) ? { ...row, tags: [...(row.tags as string[])].sort() } : { ...row };
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
    const slugs = part.map((values) => titleSlug(values.title));
    const json = JSON.stringify(
      part.map((values, i) => {
        const record: Record<string, unknown> = { slug: slugs[i] };
        for (const c of CREATE_COLUMNS) record[c] = values[c];
        return record;
      }),
    );
    const inserted = sent(
      run<{ id: number; cityId: string; slug: string }>(
        sql,
        Sql.sql`INSERT INTO "Activity" (${columns}, "updatedAt", "updatedBy")
      SELECT ${columns}, now(), ${by}::text FROM json_to_recordset(${json}::json) AS v(${recordType([...CREATE_COLUMNS, "slug"], { withId: false })})
      RETURNING id, "cityId", slug`,
      ),
    );
    // The history's changes are worked out while PostgreSQL inserts the rows.
    const changes = part.map((values, i) =>
      diffColumns(null, { ...values, slug: slugs[i], tags: [...values.tags].sort() }),
    );
    // (cityId, slug) is unique, so it tells which new id is which row.
    const idOf = new Map((await inserted).map((c) => [slugKey(c.cityId, c.slug), c.id]));
    const withIds = part.map((values, i) => ({
      id: idOf.get(slugKey(values.cityId, slugs[i]!))!,
      tags: values.tags,
    }));
    ids.push(...withIds.map((r) => r.id));
    // The tags' statement runs while the history's entries are built.
    const tagged = sent(replaceTags(sql, withIds, { fresh: true }));
    const recorded = sent(
      recordEntries(
        sql,
        part.map((values, i) => ({
          entity: "activity",
          entityId: withIds[i]!.id,
          action: "create",
          label: values.title,
          changes: changes[i],
          batchId,
        })),
      ),
    );
    await Promise.all([tagged, recorded]);
  }
  return ids;
}
