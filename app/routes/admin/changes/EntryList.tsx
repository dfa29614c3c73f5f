// The entries of the history as the History page of a row and Recent changes show them (or a line saying there are
// none yet): when, who, what, and a readable diff of an edit; the actions an entry allows (undo an edit, restore a
// deleted row) come from the page.
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  entryTime,
  HISTORY_ACTION_LABELS,
  HISTORY_ENTITY_LABELS,
  historyPath,
  readableDiff,
  recentChangesPath,
  type Changes,
  type HistoryAction,
  type HistoryEntity,
} from "~/domain/admin/history";

export interface ShownEntry {
  id: number;
  at: Date;
  actor: string;
  entity: string;
  entityId: string;
  label: string;
  action: string;
  changes: Changes;
  batchId: number | null;
}

const isEntity = (e: string): e is HistoryEntity => e in HISTORY_ENTITY_LABELS;

/** The values of a new or deleted row: long, so folded. */
function Values({ changes, side }: { changes: Changes; side: 0 | 1 }) {
  const lines = readableDiff(changes);
  if (lines.length === 0) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-gray-600">Values ({lines.length})</summary>
      <dl className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
        {lines.map((line) => (
          <div key={line.column} className="contents">
            <dt className="font-medium text-gray-700">{line.label}</dt>
            <dd className="break-words">{side === 0 ? line.from : line.to}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** An edit's changed columns: the old value struck through, the new one after it. */
export function Diff({ changes }: { changes: Changes }) {
  const lines = readableDiff(changes);
  if (lines.length === 0) return <p className="mt-2 text-sm text-gray-600">No fields changed.</p>;
  return (
    <table className="mt-2 w-full table-fixed border-collapse text-left text-sm">
      <caption className="sr-only">Changed fields</caption>
      <thead>
        <tr className="border-b border-gray-200 text-xs text-gray-600">
          <th scope="col" className="w-1/5 py-1 pr-2 font-medium">
            Field
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            Before
          </th>
          <th scope="col" className="py-1 font-medium">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.column} className="border-b border-gray-100 align-top">
            <th scope="row" className="py-1 pr-2 font-medium">
              {line.label}
            </th>
            <td className="py-1 pr-2 break-words text-red-800">
              <del>{line.from}</del>
            </td>
            <td className="py-1 break-words text-green-800">
              <ins className="no-underline">{line.to}</ins>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function EntryList({
  entries,
  actions,
  showSubject = true,
}: {
  entries: ShownEntry[];
  /** The buttons an entry offers (undo, restore), if any. */
  actions?: (entry: ShownEntry) => ReactNode;
  /** Whether each entry names its row (Recent changes) or the page does (a row's History). */
  showSubject?: boolean;
}) {
  if (entries.length === 0) {
    return (
      <p className="mt-6 rounded-lg border border-dashed border-gray-300 p-10 text-center text-gray-600">
        No changes recorded yet.
      </p>
    );
  }
  return (
    <ol className="mt-4 space-y-3" aria-label="Changes">
      {entries.map((entry) => {
        const action = HISTORY_ACTION_LABELS[entry.action as HistoryAction] ?? entry.action;
        const entity = isEntity(entry.entity) ? entry.entity : null;
        const isBatch = entry.action === "import" || entry.action === "bulk";
        return (
          <li key={entry.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
            <article aria-label={`${action}: ${entry.label}`}>
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <time dateTime={new Date(entry.at).toISOString()} className="text-gray-600">
                  {entryTime(entry.at)}
                </time>
                <span className="font-medium">{entry.actor}</span>
                <span>{action}</span>
                {showSubject && !isBatch && entity && (
                  <span>
                    {HISTORY_ENTITY_LABELS[entity].toLowerCase()}{" "}
                    <Link to={historyPath(entity, entry.entityId)} className="font-medium underline">
                      {entry.label || entry.entityId}
                    </Link>
                  </span>
                )}
                {isBatch && <span className="font-medium">{entry.label}</span>}
              </p>
              {isBatch ? (
                <p className="mt-2 text-sm">
                  <Link to={recentChangesPath({ batch: entry.id })} className="underline">
                    View its rows
                  </Link>
                </p>
              ) : entry.action === "create" ? (
                <Values changes={entry.changes} side={1} />
              ) : entry.action === "delete" ? (
                <Values changes={entry.changes} side={0} />
              ) : (
                <Diff changes={entry.changes} />
              )}
              {entry.batchId !== null && showSubject === false && (
                <p className="mt-2 text-xs text-gray-600">
                  Part of{" "}
                  <Link to={recentChangesPath({ batch: entry.batchId })} className="underline">
                    a bulk change
                  </Link>
                </p>
              )}
              {actions && <div className="mt-3 flex flex-wrap gap-2">{actions(entry)}</div>}
            </article>
          </li>
        );
      })}
    </ol>
  );
}
