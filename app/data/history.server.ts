// The history of admin writes (AuditEntry): the write functions of activities, cities, tags and categories call
// recordEntry (Prisma) or recordEntries (a bulk transaction on the driver) inside their own transaction, so a
// change and its entry commit or roll back together. Who wrote is the request's administrator (the root middleware
// opens a scope, getAdmin names the admin in it) or the job running (asActor); reads for the History and Recent
// changes pages are here too.
import { AsyncLocalStorage } from "node:async_hooks";
import { Prisma, type AuditEntry } from "~/generated/prisma/client";
import { HISTORY_PAGE_SIZE, type Changes, type HistoryAction, type HistoryEntity } from "~/domain/admin/history";
import { clampPage, pageOffset } from "~/domain/pages/pagination";
import { db, type Tx } from "./db.server";
import type { RawSql } from "./migrate.server";

/** Who writes in the current request or job; a mutable box, so the admin found after the scope opened counts. */
const actors = new AsyncLocalStorage<{ actor: string }>();

/** What writes outside any request or job are recorded as (the seed, a script, a test). */
export const SYSTEM_ACTOR = "system";

/** Runs `work` (one request) in a scope of its own; setActor names who writes in it. */
export function withActorScope<T>(work: () => T): T {
  return actors.run({ actor: SYSTEM_ACTOR }, work);
}

/** Names the writer of the current scope (the signed-in administrator's e-mail). */
export function setActor(actor: string): void {
  const scope = actors.getStore();
  if (scope) scope.actor = actor;
}

/** Runs `work` as `actor` (a job: 'job:refresh-ratings'; a test). */
export function asActor<T>(actor: string, work: () => T): T {
  return actors.run({ actor }, work);
}

export function currentActor(): string {
  return actors.getStore()?.actor ?? SYSTEM_ACTOR;
}

export interface NewEntry {
  entity: HistoryEntity;
  entityId: string | number;
  action: HistoryAction;
  /** What the pages call the row (an activity's title, a city's display name), as it was. */
  label: string;
  changes?: Changes;
  batchId?: number | null;
}

/** The row of an entry, as every writer of this module stores it. */
function entryRow(entry: NewEntry) {
  return {
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    label: entry.label,
    changes: (entry.changes ?? {}) as Prisma.InputJsonValue,
    batchId: entry.batchId ?? null,
  };
}

/** Records one entry in the caller's (Prisma) transaction; its id. */
export async function recordEntry(tx: Tx, entry: NewEntry): Promise<number> {
  const { id } = await tx.auditEntry.create({
    data: { actor: currentActor(), ...entryRow(entry) },
    select: { id: true },
  });
  return id;
}

/** Records several entries in the caller's (Prisma) transaction; their ids, in the order given. */
export async function recordMany(tx: Tx, entries: readonly NewEntry[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const actor = currentActor();
  const created = await tx.auditEntry.createManyAndReturn({
    select: { id: true },
    data: entries.map((entry) => ({ actor, ...entryRow(entry) })),
  });
  // One INSERT … RETURNING: PostgreSQL returns the rows in the order of its VALUES list; sorted by id to be sure.
  return created.map((c) => c.id).sort((a, b) => a - b);
}

/** Rows of entries written per statement. */
const ENTRY_BATCH = 5000;

/**
 * Records many entries in the caller's bulk transaction (an import, a bulk action): one INSERT per 5,000, the entries
 * sent as one JSON parameter.
 */
export async function recordEntries(sql: RawSql, entries: readonly NewEntry[]): Promise<void> {
  const actor = currentActor();
  for (let i = 0; i < entries.length; i += ENTRY_BATCH) {
    const json = JSON.stringify(entries.slice(i, i + ENTRY_BATCH).map(entryRow));
    await sql.query(
      `INSERT INTO "AuditEntry" (actor, entity, "entityId", action, label, changes, "batchId")
       SELECT $1, v.entity, v."entityId", v.action, v.label, v.changes, v."batchId"
       FROM jsonb_to_recordset($2::jsonb) AS v(entity text, "entityId" text, action text, label text, changes jsonb, "batchId" int4)`,
      [actor, json],
    );
  }
}

/** Records the one entry of a bulk action or an import in a bulk transaction; its id, for its rows' batchId. */
export async function recordBatch(
  sql: RawSql,
  entry: Omit<NewEntry, "entityId" | "batchId"> & { entityId?: string },
): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `INSERT INTO "AuditEntry" (actor, entity, "entityId", action, label, changes)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id`,
    [currentActor(), entry.entity, entry.entityId ?? "", entry.action, entry.label, JSON.stringify(entry.changes ?? {})],
  );
  return rows[0]!.id;
}

/** Sets a batch entry's summary once its rows are counted. */
export async function setBatchSummary(sql: RawSql, id: number, label: string) {
  await sql.query(`UPDATE "AuditEntry" SET label = $2 WHERE id = $1`, [id, label]);
}

// ---- The trash: deleted rows kept aside 30 days (data/trash.server.ts restores and purges them) ----

/** A row as JSON stores it: dates as ISO text. */
export function snapshot<T>(row: T): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(row)) as Prisma.InputJsonValue;
}

/**
 * Puts a deleted row in the trash, in the deletion's transaction: `data` is the row as it was with what went with
 * it; `entryId` is the deletion's history entry, which offers the restore.
 */
export async function trashRow(
  tx: Tx,
  row: { entity: HistoryEntity; entityId: string | number; label: string; data: unknown; entryId: number },
): Promise<void> {
  await tx.trashedRow.create({
    data: {
      entity: row.entity,
      entityId: String(row.entityId),
      label: row.label,
      data: snapshot(row.data),
      deletedBy: currentActor(),
      entryId: row.entryId,
    },
  });
}

// ---- Reads: the History page of a row, Recent changes, the API ----

export type HistoryEntry = Omit<AuditEntry, "changes"> & { changes: Changes };

function asEntry(row: AuditEntry): HistoryEntry {
  return { ...row, changes: (row.changes ?? {}) as Changes };
}

export type HistoryPage = { entries: HistoryEntry[]; total: number; page: number };

async function pageOf(where: Prisma.AuditEntryWhereInput, page: number): Promise<HistoryPage> {
  const prisma = await db();
  const total = await prisma.auditEntry.count({ where });
  const shown = clampPage(page, total, HISTORY_PAGE_SIZE);
  const rows = await prisma.auditEntry.findMany({
    where,
    orderBy: { id: "desc" },
    skip: pageOffset(shown, HISTORY_PAGE_SIZE),
    take: HISTORY_PAGE_SIZE,
  });
  return { entries: rows.map(asEntry), total, page: shown };
}

/** A row's entries, newest first (its History page). */
export function entityHistory(entity: HistoryEntity, entityId: string | number, page = 1): Promise<HistoryPage> {
  return pageOf({ entity, entityId: String(entityId) }, page);
}

export type RecentChangesFilters = { actor?: string; entity?: HistoryEntity; batchId?: number; page: number };

/**
 * The latest writes across the site, newest first: a bulk action or an import once (its rows are listed with
 * `batchId`), filtered by who and by what.
 */
export function recentChanges(f: RecentChangesFilters): Promise<HistoryPage> {
  const where: Prisma.AuditEntryWhereInput = { batchId: f.batchId ?? null };
  if (f.actor) where.actor = f.actor;
  if (f.entity) where.entity = f.entity;
  return pageOf(where, f.page);
}

/** Who has written anything, for the Recent changes filter. */
export async function historyActors(): Promise<string[]> {
  const prisma = await db();
  // DISTINCT in SQL (on the actor index): Prisma's `distinct` would read every entry into Node.
  const rows = await prisma.$queryRaw<{ actor: string }[]>`SELECT DISTINCT actor FROM "AuditEntry" ORDER BY actor`;
  return rows.map((r) => r.actor);
}

export async function getEntry(id: number): Promise<HistoryEntry | null> {
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const prisma = await db();
  const row = await prisma.auditEntry.findUnique({ where: { id } });
  return row ? asEntry(row) : null;
}
