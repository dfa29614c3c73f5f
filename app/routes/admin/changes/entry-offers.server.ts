// Which of the shown entries offer Undo (an edit of columns an undo can write back) and Restore (a deletion whose
// row is still in the trash). Whether the row changed again since is checked when the undo is confirmed.
import { isRevertibleActivityColumn } from "~/data/activities/batch-writes.server";
import type { HistoryEntry } from "~/data/history.server";
import { trashedEntryIds } from "~/data/trash.server";
import { isRevertible } from "~/domain/admin/history";

export type EntryOffers = { undo: number[]; restore: number[] };

export async function entryOffers(entries: readonly HistoryEntry[]): Promise<EntryOffers> {
  const undo = entries
    .filter((e) => isRevertible(e.action, e.changes))
    .filter((e) => e.entity !== "activity" || Object.keys(e.changes).every(isRevertibleActivityColumn))
    .map((e) => e.id);
  const deletions = entries.filter((e) => e.action === "delete").map((e) => e.id);
  return { undo, restore: await trashedEntryIds(deletions) };
}
