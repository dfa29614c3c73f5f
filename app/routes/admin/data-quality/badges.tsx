// The data-quality badges (admin §4 'Status values and colours'): a status in its colour, and the quality score
// out of 10 in its colour (below 5 red, below 7 yellow, else green).
import { qualityScoreColor } from "~/domain/data-quality/quality-score";
import { statusColor, type StatusColor, type StatusField } from "~/domain/data-quality/validation";

const COLOR_CLASS: Record<StatusColor, string> = {
  red: "bg-red-100 text-red-800",
  yellow: "bg-yellow-100 text-yellow-900",
  green: "bg-green-100 text-green-800",
  gray: "bg-gray-100 text-gray-700",
};

const FIELD_LABEL: Record<StatusField, string> = {
  websiteStatus: "Website",
  phoneStatus: "Phone",
  locationAccuracy: "Location",
  mapsUrlStatus: "Maps URL",
  addressStatus: "Address",
  businessStatus: "Business",
};

export function StatusBadge({ field, status }: { field: StatusField; status: string | null }) {
  if (!status) return null;
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-medium ${COLOR_CLASS[statusColor(field, status)]}`}>
      {FIELD_LABEL[field]}: {status}
    </span>
  );
}

export function ScoreBadge({ score }: { score: number | null }) {
  if (score === null) return null;
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${COLOR_CLASS[qualityScoreColor(score)]}`}>
      Quality {score}/10
    </span>
  );
}
