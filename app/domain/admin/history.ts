// The history of admin writes (issue #24 'History and undo'): what changed between two versions of a row, how a
// change reads on the History and Recent changes pages, and whether an edit can still be undone.
import { withSearchParams } from "../http/urls";

/** What the history records changes of. */
export const HISTORY_ENTITIES = ["activity", "city", "tag", "category"] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

export const HISTORY_ENTITY_LABELS: Record<HistoryEntity, string> = {
  activity: "Activity",
  city: "City",
  tag: "Tag",
  category: "Category",
};

/**
 * What an entry records: a row made, changed, deleted (to the trash), restored from it, or an earlier change
 * undone; 'import' and 'bulk' are the one entry of a CSV import or a bulk action, which its rows' entries name.
 */
export type HistoryAction = "create" | "update" | "delete" | "restore" | "revert" | "import" | "bulk";

export const HISTORY_ACTION_LABELS: Record<HistoryAction, string> = {
  create: "Created",
  update: "Edited",
  delete: "Deleted",
  restore: "Restored",
  revert: "Undone",
  import: "CSV import",
  bulk: "Bulk action",
};

/** Each changed column's [old, new], in stored (JSON) form. */
export type Changes = Record<string, [unknown, unknown]>;

/** Columns that move on every write and say nothing of what changed. */
const BOOKKEEPING = new Set(["createdAt", "updatedAt", "version", "updatedBy"]);

/** A value as the history stores and compares it: dates as ISO text, nothing as null. */
export function storedValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(storedValue);
  return value;
}

function same(a: unknown, b: unknown): boolean {
  const x = storedValue(a);
  const y = storedValue(b);
  // The quick answers first (an import compares every column of tens of thousands of rows): text is equal only to
  // the same text.
  if (x === y) return true;
  if (typeof x === "string" || typeof y === "string") return false;
  return JSON.stringify(x) === JSON.stringify(y);
}

/**
 * The columns that differ between `before` and `after` (null for a row that did not exist), each with its old and
 * new value; `columns` limits the comparison (default: every column of either, bookkeeping columns left out).
 */
export function diffColumns(
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
  columns?: readonly string[],
): Changes {
  const names = columns ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: Changes = {};
  for (const name of names) {
    if (BOOKKEEPING.has(name)) continue;
    const old = before ? storedValue(before[name]) : null;
    const now = after ? storedValue(after[name]) : null;
    if (!same(old, now)) changes[name] = [old, now];
  }
  return changes;
}

/** Whether an entry can be undone: an edit (or an undo, which is one) that changed something. */
export function isRevertible(action: string, changes: Changes): boolean {
  return (action === "update" || action === "revert") && Object.keys(changes).length > 0;
}

/** The values that undo `changes`: each column's old value. */
export function revertValues(changes: Changes): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).map(([column, [old]]) => [column, old]));
}

/**
 * The columns changed again since the entry: their stored value is no longer the entry's new one. Undoing over
 * them would silently overwrite someone's later change, so an undo with any is refused.
 */
export function changedSince(changes: Changes, current: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(changes)
    .filter(([column, [, now]]) => !same(current[column], now))
    .map(([column]) => column);
}

/** Why an undo is refused: the row changed again since the entry (those columns named). */
export function changedSinceMessage(label: string, columns: readonly string[]): string {
  const names = columns.map(columnLabel).join(", ");
  return `"${label}" was changed again after this change (${names}). Undoing it would overwrite the later change: edit it instead.`;
}

/** Why an undo is refused: the row is gone. */
export function goneMessage(label: string): string {
  return `"${label}" no longer exists. If it was deleted, restore it from Recent changes first.`;
}

/** 'phoneNumber' → 'Phone number', 'googleMapsUrl' → 'Google Maps URL': a column as the pages name it. */
export function columnLabel(column: string): string {
  const words = column
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(" ")
    .map((w) => (w === "Url" ? "URL" : w === "Id" ? "ID" : w.toLowerCase()));
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** How long a shown value may be before it is cut (a description of several paragraphs). */
export const SHOWN_VALUE_LENGTH = 300;

/** A stored value as the diff shows it: '(empty)' for nothing, lists joined, long text cut. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (Array.isArray(value)) return value.length === 0 ? "(none)" : value.map((v) => shownValue(v)).join(", ");
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > SHOWN_VALUE_LENGTH ? `${text.slice(0, SHOWN_VALUE_LENGTH - 1)}…` : text;
}

/** A readable diff: one line per changed column, in the order recorded. */
export function readableDiff(changes: Changes): Array<{ column: string; label: string; from: string; to: string }> {
  return Object.entries(changes).map(([column, [from, to]]) => ({
    column,
    label: columnLabel(column),
    from: shownValue(from),
    to: shownValue(to),
  }));
}

/** How long deleted rows stay in the trash before the purge job removes them for good. */
export const TRASH_DAYS = 30;

/** What a delete confirmation says in place of the spec's 'This action cannot be undone.' (issue #24's trash). */
export const TRASH_NOTE = "It stays in the trash for 30 days: restore it from Recent changes.";

/** The moment before which trashed rows are purged. */
export function purgeBefore(now: Date, days = TRASH_DAYS): Date {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}

/** Entries per page of History and Recent changes. */
export const HISTORY_PAGE_SIZE = 50;

export const RECENT_CHANGES_PATH = "/admin/changes";

/** The History page of one row. */
export function historyPath(entity: HistoryEntity, entityId: string | number): string {
  return `/admin/history/${entity}/${encodeURIComponent(String(entityId))}`;
}

export type RecentChangesQuery = { actor?: string; entity?: HistoryEntity; batch?: number; page?: number };

/** Recent changes, filtered by who and what, or the rows of one bulk action or import (`batch`). */
export function recentChangesPath(q: RecentChangesQuery = {}): string {
  return withSearchParams(RECENT_CHANGES_PATH, {
    actor: q.actor,
    entity: q.entity,
    batch: q.batch === undefined ? undefined : String(q.batch),
    page: q.page && q.page > 1 ? String(q.page) : undefined,
  });
}

/** Recent changes' filters as its address gives them; unknown values are ignored. */
export function parseRecentChangesQuery(
  params: URLSearchParams,
): Required<Pick<RecentChangesQuery, "page">> & RecentChangesQuery {
  const entity = params.get("entity") ?? "";
  const batch = Number(params.get("batch"));
  const page = Number(params.get("page"));
  const actor = params.get("actor")?.trim();
  return {
    actor: actor ? actor.slice(0, 254) : undefined,
    entity: (HISTORY_ENTITIES as readonly string[]).includes(entity) ? (entity as HistoryEntity) : undefined,
    batch: Number.isInteger(batch) && batch > 0 && batch <= 2_147_483_647 ? batch : undefined,
    page: Number.isInteger(page) && page > 1 && page <= 1_000_000 ? page : 1,
  };
}

const WHEN = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** When an entry was written, the same on the server and in the browser (UTC, named). */
export function entryTime(at: Date | string): string {
  return `${WHEN.format(new Date(at))} UTC`;
}

/** The page behind an Undo or Restore confirmation (Recent changes or a History page), its filters kept. */
export function pageBehind(url: URL | string): string {
  const { pathname, search } = typeof url === "string" ? new URL(url, "http://x") : url;
  return `${pathname.replace(/\/(undo|restore)\/[^/]*$/, "")}${search}`;
}
