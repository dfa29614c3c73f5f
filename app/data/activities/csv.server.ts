// CSV export and import of activities (admin §2 'Activities tab', §5 'CSV import').
import { Prisma as Sql } from "~/generated/prisma/client";
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
import type { GooglePhotoColumn, StoredActivity } from "~/domain/activity-record";
import { bulkSql, bulkTransaction, db } from "../db.server";
import { recordBatch, setBatchSummary } from "../history.server";
import type { RawSql } from "../migrate.server";
import { activityChoices, schemaChoices } from "./admin-list.server";
import { chunks, createActivities, run, updateActivityColumns, WRITE_BATCH } from "./batch-writes.server";
import { activityInclude, tagNamesOf } from "./rows.server";

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
