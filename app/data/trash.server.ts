// The trash (decision 016): deleted activities, cities, tags and categories wait in TrashedRow 30 days. A restore
// puts one back through its table's own module (which records the 'restore' entry), in one transaction with taking
// it out of the trash; the purge job removes what is older than 30 days.
import type { TrashedRow } from "~/generated/prisma/client";
import type { HistoryEntity } from "~/domain/admin/history";
import { type TrashedActivity } from "./activities/history.server";
import { restoreActivityRow } from "./activities/writes.server";
import { restoreCategoryRow, type TrashedCategory } from "./categories.server";
import { restoreCityRow, type TrashedCity } from "./cities.server";
import { db, type Tx } from "./db.server";
import { isUniqueViolation, type Outcome } from "./outcome.server";
import { restoreTagRow, type TrashedTag } from "./tags.server";

export type Restored = { entity: HistoryEntity; entityId: string; label: string };

async function restoreRow(tx: Tx, trashed: TrashedRow): Promise<Outcome<unknown>> {
  const data = trashed.data as unknown;
  switch (trashed.entity as HistoryEntity) {
    case "activity":
      return restoreActivityRow(tx, data as TrashedActivity);
    case "city":
      return restoreCityRow(tx, data as TrashedCity);
    case "tag":
      return restoreTagRow(tx, data as TrashedTag);
    case "category":
      return restoreCategoryRow(tx, data as TrashedCategory);
  }
}

/** Restores the row whose deletion is the history entry `entryId`; not-found when it is not in the trash. */
export async function restoreFromTrash(entryId: number): Promise<Outcome<Restored>> {
  const prisma = await db();
  try {
    return await prisma.$transaction(async (tx): Promise<Outcome<Restored>> => {
      const trashed = await tx.trashedRow.findUnique({ where: { entryId } });
      if (!trashed) return { ok: false, reason: "not-found" };
      // Taken out first: two restores at once cannot both put it back.
      const { count } = await tx.trashedRow.deleteMany({ where: { id: trashed.id } });
      if (count === 0) return { ok: false, reason: "not-found" };
      const outcome = await restoreRow(tx, trashed);
      if (!outcome.ok) throw new RestoreRefused(outcome);
      return { ok: true, value: { entity: trashed.entity as HistoryEntity, entityId: trashed.entityId, label: trashed.label } };
    });
  } catch (error) {
    // A refusal rolls back the removal from the trash.
    if (error instanceof RestoreRefused) return error.outcome;
    if (isUniqueViolation(error)) {
      return { ok: false, reason: "refused", message: "Another row took its name or address meanwhile; try again." };
    }
    throw error;
  }
}

class RestoreRefused extends Error {
  constructor(readonly outcome: Exclude<Outcome<unknown>, { ok: true }>) {
    super("restore refused");
  }
}

/** The latest deletion of a row that is still in the trash (POST /api/activities/{id}/restore), or null. */
export async function trashedEntryOf(entity: HistoryEntity, entityId: string | number): Promise<number | null> {
  const prisma = await db();
  const row = await prisma.trashedRow.findFirst({
    where: { entity, entityId: String(entityId) },
    orderBy: { id: "desc" },
    select: { entryId: true },
  });
  return row?.entryId ?? null;
}

/** Of these history entries, the deletions whose row is still in the trash. */
export async function trashedEntryIds(entryIds: readonly number[]): Promise<number[]> {
  if (entryIds.length === 0) return [];
  const prisma = await db();
  const rows = await prisma.trashedRow.findMany({ where: { entryId: { in: [...entryIds] } }, select: { entryId: true } });
  return rows.map((r) => r.entryId);
}

/** Removes for good what was deleted before `before`; how many. */
export async function purgeTrash(before: Date): Promise<number> {
  const prisma = await db();
  const { count } = await prisma.trashedRow.deleteMany({ where: { deletedAt: { lt: before } } });
  return count;
}
