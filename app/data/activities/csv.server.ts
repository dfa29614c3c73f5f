// The reads of CSV export and import (admin §2 'Activities tab', §5 'CSV import'); the import itself is
// workflows/csv-import.server.ts.
import { Prisma as Sql } from "~/generated/prisma/client";
import {
  CSV_EXPORT_START,
  csvRow,
  csvText,
  fileAddresses,
  fileIds,
  slugKey,
  type CsvFile,
  type ImportContext,
} from "~/domain/activities/activity-csv";
import type { GooglePhotoColumn, StoredActivity } from "~/domain/activities/activity-record";
import { bulkSql, db } from "../db.server";
import type { RawSql } from "../migrate.server";
import { activityChoices, schemaChoices } from "./admin-list.server";
import { chunks, run } from "./batch-writes.server";
import { activityInclude, TAG_NAMES_SQL, tagNamesOf } from "./rows.server";

/** Rows per page of the export. */
const CSV_PAGE = 1000;

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

/**
 * What an import of `file` is checked against (domain/activities/activity-csv.ts ImportContext): the choices, the stored
 * activities its ids name, and whose are the addresses (cityId, slug) its rows would take — only those, not the
 * whole table's.
 */
export async function csvImportContext(file: CsvFile): Promise<ImportContext> {
  // On the driver itself: the file's ids and addresses go as parameters of tens of thousands of values. The reads are
  // independent, so they run at once (on PostgreSQL, each on a connection of its own).
  const sql = await bulkSql();
  const wanted = fileAddresses(file);
  const [choices, addresses, ...storedParts] = await Promise.all([
    activityChoices(),
    run<{ id: number; cityId: string; slug: string }>(
      sql,
      Sql.sql`SELECT a.id, a."cityId", a.slug FROM "Activity" a
      JOIN unnest(${wanted.cityIds}::text[], ${wanted.slugs}::text[]) AS w("cityId", slug)
        ON a."cityId" = w."cityId" AND a.slug = w.slug`,
    ),
    ...chunks(fileIds(file), 10_000).map((part) =>
      run<Omit<StoredActivity, GooglePhotoColumn>>(
        sql,
        Sql.sql`SELECT a.*, ARRAY(SELECT t.name FROM "ActivityTag" at JOIN "Tag" t ON t.id = at."tagId"
                        WHERE at."activityId" = a.id) AS tags
      FROM "Activity" a WHERE a.id = ANY (${part}::int4[])`,
      ),
    ),
  ]);
  const stored = new Map<number, Omit<StoredActivity, "id" | GooglePhotoColumn>>();
  const taken = new Map(addresses.map((a) => [slugKey(a.cityId, a.slug), a.id]));
  for (const rows of storedParts) {
    for (const row of rows) {
      stored.set(row.id, row);
      taken.set(slugKey(row.cityId, row.slug), row.id);
    }
  }
  return { choices: schemaChoices(choices), stored, taken };
}

/** An activity's version and its last writer, as the import reads them before it writes over the row. */
export type ActivityStampRow = {
  id: number;
  version: number;
  updatedBy: string | null;
  updatedAt: Date;
  /** Its tag names, when asked for (a tag renamed or deleted changes them without moving the version). */
  tags?: string[];
};

/**
 * Locks these activities in the import's transaction and reads their version stamps: no one can change them again
 * until it commits, so a version past the preview's was changed since, and a row still at the version its import
 * context read holds the values that context read (every UPDATE moves the version).
 */
export async function lockActivityStamps(
  sql: RawSql,
  ids: readonly number[],
  { withTags = false }: { withTags?: boolean } = {},
): Promise<ActivityStampRow[]> {
  return run<ActivityStampRow>(
    sql,
    Sql.sql`SELECT a.id, a.version, a."updatedBy", a."updatedAt" ${withTags ? Sql.sql`, ${TAG_NAMES_SQL} AS tags` : Sql.empty}
      FROM "Activity" a WHERE a.id = ANY (${[...ids]}::int4[]) ORDER BY a.id FOR UPDATE OF a`,
  );
}
