// Import CSV, its last step (admin §5 'CSV import'): plans the file's rows (domain/activities/activity-csv.ts planRows) while
// the previous batch is written (data/activities/batch-writes.server.ts), in one transaction, and reports what it did.
import {
  importedColumns,
  planRows,
  type CsvColumn,
  type CsvFile,
  type ImportContext,
  type NewActivityValues,
  type PlannedUpdate,
  type SkippedRow,
} from "~/domain/activities/activity-csv";
import { createActivities, updateActivityColumns, WRITE_BATCH } from "~/data/activities/batch-writes.server";
import { lockActivityStamps } from "~/data/activities/csv.server";
import { bulkTransaction } from "~/data/db.server";
import { recordBatch, setBatchSummary } from "~/data/history.server";
import type { RawSql } from "~/data/migrate.server";

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
  // A row still at the version the context read holds what the context read, so only the others are read again to
  // be compared with the file's values.
  const lockAndWrite = async (sql: RawSql, updates: readonly PlannedUpdate[], batchId: number) => {
    if (updates.length === 0) return;
    const stamps = await lockActivityStamps(
      sql,
      updates.map((u) => u.id),
      { withTags: written.includes("tags") },
    );
    const locked = new Map<number, Record<string, unknown>>();
    const moved = new Map<number, (typeof stamps)[number]>();
    for (const stamp of stamps) {
      const read = context.stored.get(stamp.id) as (Record<string, unknown> & { version?: unknown }) | undefined;
      if (read && read.version === stamp.version)
        locked.set(stamp.id, stamp.tags ? { ...read, tags: stamp.tags } : read);
      const previewed = previewVersions?.[stamp.id];
      if (previewed !== undefined && previewed !== stamp.version) moved.set(stamp.id, stamp);
    }
    const writtenIds = await updateActivityColumns(written, updates, sql, { batchId, by, locked });
    if (moved.size === 0) return;
    const lines = new Map(updates.map((u) => [u.id, u.line]));
    for (const id of writtenIds) {
      const stamp = moved.get(id);
      if (!stamp) continue;
      result.changedSincePreview.push({
        line: lines.get(id) ?? 0,
        id,
        updatedBy: stamp.updatedBy,
        updatedAt: new Date(stamp.updatedAt),
      });
    }
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
          await lockAndWrite(sql, batch.updates, batchId);
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
