// The CsvImportDraft table: a CSV file between the import's preview and its column step (admin §4 'Import moves
// from file choice to column selection'). A database row, not memory, so whichever app instance serves the second
// step finds it; it expires, and expired drafts are removed whenever a new one is saved.
import { randomUUID } from "node:crypto";
import { CSV_LIMITS, type CsvFile, type CsvRow } from "~/domain/activities/activity-csv";
import { bulkSql, db } from "./db.server";

export type CsvDraft = CsvFile & {
  id: string;
  fileName: string;
  /** The versions of the activities its preview was planned against, by id (null before a preview). */
  previewVersions: Record<string, number> | null;
};

/** Saves a parsed file for `admin` (their e-mail): the draft's id. */
export async function saveCsvDraft(admin: string, fileName: string, file: CsvFile, now = new Date()): Promise<string> {
  const prisma = await db();
  const id = randomUUID();
  await prisma.csvImportDraft.deleteMany({ where: { expiresAt: { lt: now } } });
  // [line, ...cells]: compact for 50,000 rows.
  const rows = JSON.stringify(file.rows.map((r) => [r.line, ...r.cells]));
  const expiresAt = new Date(now.getTime() + CSV_LIMITS.draftMinutes * 60_000);
  const sql = await bulkSql();
  await sql.query(
    `INSERT INTO "CsvImportDraft" (id, "createdBy", "fileName", headers, rows, "expiresAt") VALUES ($1, $2, $3, $4, $5::json, $6)`,
    [id, admin, fileName, file.headers, rows, expiresAt],
  );
  return id;
}

/** The admin's unexpired draft, or null. */
export async function getCsvDraft(admin: string, id: string, now = new Date()): Promise<CsvDraft | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const sql = await bulkSql();
  const found = await sql.query<{
    id: string;
    fileName: string;
    headers: string[];
    rows: unknown;
    previewVersions: Record<string, number> | null;
  }>(
    `SELECT id, "fileName", headers, rows, "previewVersions" FROM "CsvImportDraft"
     WHERE id = $1 AND "createdBy" = $2 AND "expiresAt" > $3`,
    [id, admin, now],
  );
  const row = found.rows[0];
  if (!row) return null;
  const rows = (row.rows as Array<[number, ...string[]]>).map(([line, ...cells]): CsvRow => ({ line, cells }));
  return { id: row.id, fileName: row.fileName, headers: row.headers, rows, previewVersions: row.previewVersions };
}

/**
 * Keeps the versions of the activities a preview of the draft was planned against (the last preview shown wins):
 * confirming the import then tells which rows' activities someone changed in between.
 */
export async function savePreviewVersions(admin: string, id: string, versions: Record<string, number>): Promise<void> {
  const sql = await bulkSql();
  await sql.query(`UPDATE "CsvImportDraft" SET "previewVersions" = $1::jsonb WHERE id = $2 AND "createdBy" = $3`, [
    JSON.stringify(versions),
    id,
    admin,
  ]);
}

export async function deleteCsvDraft(admin: string, id: string): Promise<void> {
  const prisma = await db();
  await prisma.csvImportDraft.deleteMany({ where: { id, createdBy: admin } });
}
