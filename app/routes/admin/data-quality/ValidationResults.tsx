import { countOf } from "~/domain/counts";
import type { DataQualityResult } from "./actions.server";
import { ScoreBadge, StatusBadge } from "./badges";
import { Card } from "./Card";

/** Latest Validation Results: what the last 'Validate next batch' checked. */
export function ValidationResults({ result }: { result: Extract<DataQualityResult, { kind: "validation" }> }) {
  return (
    <Card title="Latest Validation Results">
      <p className="text-sm">
        Processed {result.processed} · {countOf(result.results.length, "result", "results")} · {result.remaining} left
      </p>
      {result.errors.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-sm text-red-700" aria-label="Validation errors">
          {result.errors.map((e, i) => (
            <li key={i}>
              Activity {e.activityId}: {e.message}
            </li>
          ))}
        </ul>
      )}
      <ul className="mt-3 divide-y divide-gray-100" aria-label="Validation results">
        {result.results.map((r) => (
          <li key={r.activityId} className="flex flex-wrap items-center gap-2 py-2 text-sm">
            <span className="min-w-48 flex-1 font-medium">{r.title}</span>
            <span className={r.needsReview ? "text-red-700" : "text-green-700"}>
              {r.needsReview ? "needs review" : "valid"}
            </span>
            <StatusBadge field="websiteStatus" status={r.websiteStatus} />
            <ScoreBadge score={r.qualityScore} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
