// Which of the shown entries offer Undo (an edit whose row has not changed since) and Restore (a deletion whose
// row is still in the trash).
import type { HistoryEntry } from "~/data/history.server";
import { trashedEntryIds } from "~/data/trash.server";

export type EntryOffers = { undo: number[]; restore: number[] };

export async function entryOffers(entries: readonly HistoryEntry[]): Promise<EntryOffers> {
  const deletions = entries.filter((e) => e.action === "delete").map((e) => e.id);
  return { undo: [], restore: await trashedEntryIds(deletions) };
}
