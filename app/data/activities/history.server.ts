// What an activity's entries in the history (data/history.server.ts) and the trash (data/trash.server.ts) record.
import type { Activity, ActivityValidation, Prisma, ReviewNote } from "~/generated/prisma/client";
import { diffColumns, type HistoryAction } from "~/domain/admin/history";
import type { Tx } from "../db.server";
import { recordEntry, recordMany, trashRow, type NewEntry } from "../history.server";
import { activityInclude, tagNamesOf, type ActivityRow } from "./rows.server";

/** The columns the history compares of an activity: its own and its tag names, not the derived photo columns. */
function historyColumns(row: ActivityRow) {
  const { tags, googlePhotoAttributions: _credits, googleCardPhoto: _card, ...columns } = row;
  return { ...columns, tags: tagNamesOf({ tags }).sort() };
}

export function activityEntry(action: HistoryAction, before: ActivityRow | null, after: ActivityRow | null, batchId?: number): NewEntry {
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

export async function recordActivity(tx: Tx, action: HistoryAction, before: ActivityRow | null, after: ActivityRow | null) {
  return recordEntry(tx, activityEntry(action, before, after));
}

/** A bulk action's own entry ('bulk', its summary) and its rows' entries, which name it; the rows' entry ids. */
export async function recordBulk(tx: Tx, label: string, rows: (batchId: number) => NewEntry[]) {
  const batchId = await recordEntry(tx, { entity: "activity", entityId: "", action: "bulk", label });
  return recordMany(tx, rows(batchId));
}

export const trashInclude = { ...activityInclude, validation: true, reviewNotes: true } satisfies Prisma.ActivityInclude;

export type TrashableActivity = Prisma.ActivityGetPayload<{ include: typeof trashInclude }>;

/** What the trash keeps of an activity. */
export type TrashedActivity = {
  activity: Omit<Activity, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string };
  tags: string[];
  validation: Omit<ActivityValidation, "lastValidated"> & { lastValidated: string | null } | null;
  reviewNotes: Array<Omit<ReviewNote, "createdAt"> & { createdAt: string }>;
};

export function withoutTrashParts({ validation: _v, reviewNotes: _r, ...row }: TrashableActivity): ActivityRow {
  return row;
}

export async function trashActivity(tx: Tx, row: TrashableActivity, entryId: number) {
  const { tags, validation, reviewNotes, ...activity } = row;
  await trashRow(tx, {
    entity: "activity",
    entityId: row.id,
    label: row.title,
    data: { activity, tags: tagNamesOf({ tags }), validation, reviewNotes },
    entryId,
  });
}
