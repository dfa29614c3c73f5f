import { Form } from "react-router";
import { buttonClass } from "~/components/FormFields";
import { formatCoords, formatMiles, moreChangesLine } from "~/domain/data-quality/coordinate-sync";
import { previewList } from "~/domain/data-quality/validation";
import type { DataQualityResult } from "./actions.server";
import { Card, Figure } from "./Card";

/** Coordinate Synchronization: preview or apply each activity's coordinates from its Google Maps URL. */
export function CoordinateSync({ result, busy }: { result: DataQualityResult | undefined; busy: boolean }) {
  return (
    <Card title="Coordinate Synchronization">
      <p className="text-sm text-gray-700">
        Sets each activity's coordinates to the point its Google Maps URL names. Preview first: it changes nothing.
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="sync-coordinates" />
        <button type="submit" name="dryRun" value="true" disabled={busy} className={buttonClass.secondary}>
          Preview Changes
        </button>
        <button type="submit" name="dryRun" value="false" disabled={busy} className={buttonClass.primary}>
          Update Coordinates
        </button>
      </Form>
      {result?.kind === "sync" && <SyncResults result={result} />}
    </Card>
  );
}

function SyncResults({ result }: { result: Extract<DataQualityResult, { kind: "sync" }> }) {
  const { shown, more } = previewList(result.results.updates);
  return (
    <div className="mt-4" aria-live="polite">
      <p className="text-sm font-medium">{result.message}</p>
      <dl className="mt-2 grid grid-cols-4 gap-2 text-sm">
        <Figure label="Total" value={result.results.total} />
        <Figure label="Updated" value={result.results.updated} />
        <Figure label="Unchanged" value={result.results.unchanged} />
        <Figure label="Failed" value={result.results.failed} />
      </dl>
      {shown.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm" aria-label="Coordinate changes">
          {shown.map((u) => (
            <li key={u.activityId}>
              <span className="font-medium">{u.title}</span> · {formatMiles(u.distance)} ·{" "}
              {formatCoords(u.currentCoords)} → {formatCoords(u.mapsCoords)}
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <p className="mt-1 text-sm text-gray-600">{moreChangesLine(more)}</p>}
    </div>
  );
}
