// Which of the shown entries offer Undo (an edit whose row has not changed since) and Restore (a deletion whose
// row is still in the trash).
import type { HistoryEntry } from "~/data/history.server";

export type EntryOffers = { undo: number[]; restore: number[] };

export async function entryOffers(_entries: readonly HistoryEntry[]): Promise<EntryOffers> {
  return { undo: [], restore: [] };
}
