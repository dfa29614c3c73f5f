// Undo (issue #24 'History and undo'): an edit recorded in the history is reverted through its table's own module,
// which checks in its transaction that the row has not changed since and records the undo as a 'revert' entry.
import { revertActivityChange } from "./activities/writes.server";
import { revertCategoryChange } from "./categories.server";
import { revertCityChange } from "./cities.server";
import { getEntry, type HistoryEntry } from "./history.server";
import type { Outcome } from "./outcome.server";
import { revertTagChange } from "./tags.server";
import { goneMessage, isRevertible, type HistoryEntity } from "~/domain/admin/history";

export type Reverted = { entry: HistoryEntry };

/** Reverts the edit `entryId`; refused with the reason when it is not an edit, the row is gone or changed since. */
export async function revertEntry(entryId: number): Promise<Outcome<Reverted>> {
  const entry = await getEntry(entryId);
  if (!entry) return { ok: false, reason: "not-found" };
  if (!isRevertible(entry.action, entry.changes)) {
    return { ok: false, reason: "refused", message: "Only an edit can be undone." };
  }
  const id = Number(entry.entityId);
  let outcome: Outcome<unknown>;
  switch (entry.entity as HistoryEntity) {
    case "activity":
      outcome = await revertActivityChange(id, entry.changes);
      break;
    case "city":
      outcome = await revertCityChange(entry.entityId, entry.changes);
      break;
    case "tag":
      outcome = await revertTagChange(id, entry.changes);
      break;
    case "category":
      outcome = await revertCategoryChange(id, entry.changes);
      break;
    default:
      return { ok: false, reason: "not-found" };
  }
  if (outcome.ok) return { ok: true, value: { entry } };
  if (outcome.reason === "not-found") return { ok: false, reason: "refused", message: goneMessage(entry.label) };
  return outcome;
}
