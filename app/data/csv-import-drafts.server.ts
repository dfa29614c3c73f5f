// The CsvImportDraft table: a CSV file between the import's preview and its column step (admin §4 'Import moves
// from file choice to column selection'). A database row, not memory, so whichever app instance serves the second
// step finds it; it expires, and expired drafts are removed whenever a new one is saved.
import { randomUUID } from "node:crypto";
import { CSV_LIMITS, type CsvFile, type CsvRow } from "~/domain/activity-csv";
import { db } from "./db.server";

export type CsvDraft = CsvFile & { id: string; fileName: string };

/** Saves a parsed file for `admin` (their e-mail): the draft's id. */
export async function saveCsvDraft(admin: string, fileName: string, file: CsvFile, now = new Date()): Promise<string> {
  const prisma = await db();
  const id = randomUUID();
  await prisma.csvImportDraft.deleteMany({ where: { expiresAt: { lt: now } } });
  await prisma.csvImportDraft.create({
    data: {
      id,
      createdBy: admin,
      fileName,
      headers: file.headers,
      // [line, ...cells]: compact for 50,000 rows.
      rows: file.rows.map((r) => [r.line, ...r.cells]),
      expiresAt: new Date(now.getTime() + CSV_LIMITS.draftMinutes * 60_000),
    },
  });
  return id;
}

/** The admin's unexpired draft, or null. */
export async function getCsvDraft(admin: string, id: string, now = new Date()): Promise<CsvDraft | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const prisma = await db();
  const row = await prisma.csvImportDraft.findFirst({ where: { id, createdBy: admin, expiresAt: { gt: now } } });
  if (!row) return null;
  const rows = (row.rows as Array<[number, ...string[]]>).map(([line, ...cells]): CsvRow => ({ line, cells }));
  return { id: row.id, fileName: row.fileName, headers: row.headers, rows };
}

export async function deleteCsvDraft(admin: string, id: string): Promise<void> {
  const prisma = await db();
  await prisma.csvImportDraft.deleteMany({ where: { id, createdBy: admin } });
}
