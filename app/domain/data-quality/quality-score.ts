// An activity's quality score (0–10) and whether it needs review, from the statuses of its validation record
// (admin §3, §4 'Quality score colour', §9 thresholds 5 and 7), and the record a run leaves (mergeValidation).
//
// The score starts at 10 and each problem found takes off its points (never below 0):
//
// | status                                   | points | why                                                       |
// |------------------------------------------|--------|-----------------------------------------------------------|
// | locationAccuracy invalid_coordinates     | 4      | no map pin, no distance, no 'nearby': the page is broken  |
// | businessStatus CLOSED_PERMANENTLY        | 4      | the listing sends visitors to a place that is gone        |
// | locationAccuracy out_of_range            | 3      | the pin is outside its city: shown on the wrong map       |
// | locationAccuracy location_mismatch       | 2      | the pin is off the place Google knows                     |
// | mapsUrlStatus maps_url_mismatch          | 2      | 'Open in Maps' leads somewhere else than the pin          |
// | websiteStatus failed                     | 2      | a dead link on the page                                   |
// | phoneStatus invalid_format               | 1      | a number that cannot be dialled as written                |
// | addressStatus address_mismatch           | 1      | the text differs; the pin may still be right              |
// | mapsUrlStatus maps_url_invalid           | 1      | the maps link is not one, but the coordinates still work  |
// | businessStatus CLOSED_TEMPORARILY        | 1      | right place, for now not open                             |
//
// A status that is good, unknown, or says a check could not compare (coordinates_valid, maps_url_unverified,
// no_maps_url, no_maps_address, no_address, NOT_FOUND) costs nothing: the score counts problems found, not checks
// missing, so an activity nobody has checked yet is not marked down.
//
// needsReview: any red status (validation.ts statusColor: the spec's reds and CLOSED_PERMANENTLY) or a temporarily
// closed business. A score below 5 needs no rule of its own: only red statuses take off more than 2 points in all.
// A review clears the flag until a run finds a problem the activity did not have when it was reviewed
// (needsReviewAfter): re-checking a reviewed activity does not put it back on the list for the same findings.
import {
  isRedStatus,
  STATUS_FIELDS,
  type StatusField,
  type ValidationFields,
  type ValidationRecord,
  type ValidationStatuses,
  type ValidationUpdate,
} from "./validation";

export const MAX_QUALITY_SCORE = 10;
/** Below this the score is red, below QUALITY_SCORE_GREEN yellow (admin §4, §9). */
export const QUALITY_SCORE_YELLOW = 5;
export const QUALITY_SCORE_GREEN = 7;

export const SCORE_DEDUCTIONS: Readonly<Record<StatusField, Readonly<Record<string, number>>>> = {
  websiteStatus: { failed: 2 },
  phoneStatus: { invalid_format: 1 },
  locationAccuracy: { invalid_coordinates: 4, out_of_range: 3, location_mismatch: 2 },
  mapsUrlStatus: { maps_url_mismatch: 2, maps_url_invalid: 1 },
  addressStatus: { address_mismatch: 1 },
  businessStatus: { CLOSED_PERMANENTLY: 4, CLOSED_TEMPORARILY: 1 },
};

export function qualityScore(statuses: ValidationStatuses): number {
  let score = MAX_QUALITY_SCORE;
  for (const field of STATUS_FIELDS) {
    const status = statuses[field];
    if (status && Object.hasOwn(SCORE_DEDUCTIONS[field], status)) score -= SCORE_DEDUCTIONS[field][status];
  }
  return Math.max(0, score);
}

/** Below 5 red, below 7 yellow, otherwise green. */
export function qualityScoreColor(score: number): "red" | "yellow" | "green" {
  if (score < QUALITY_SCORE_YELLOW) return "red";
  if (score < QUALITY_SCORE_GREEN) return "yellow";
  return "green";
}

/** The problems that put an activity on the review list, as 'field:status'. */
export function reviewReasons(statuses: ValidationStatuses): string[] {
  const reasons: string[] = [];
  for (const field of STATUS_FIELDS) {
    const status = statuses[field];
    if (isRedStatus(field, status) || (field === "businessStatus" && status === "CLOSED_TEMPORARILY")) {
      reasons.push(`${field}:${status}`);
    }
  }
  return reasons;
}

export function needsReview(statuses: ValidationStatuses): boolean {
  return reviewReasons(statuses).length > 0;
}

/**
 * needsReview after a run: false when nothing is wrong; true for a new record with a problem, or when the run found
 * a problem the previous record did not have; otherwise as it was (a reviewed activity stays reviewed).
 */
export function needsReviewAfter(
  previous: (ValidationStatuses & { needsReview: boolean }) | null,
  next: ValidationStatuses,
): boolean {
  const reasons = reviewReasons(next);
  if (reasons.length === 0) return false;
  if (!previous) return true;
  const before = new Set(reviewReasons(previous));
  return reasons.some((reason) => !before.has(reason)) || previous.needsReview;
}

const FIELDS = [
  "websiteStatus",
  "websiteReason",
  "phoneStatus",
  "phoneNormalized",
  "locationAccuracy",
  "locationDistance",
  "mapsUrlStatus",
  "mapsUrlDistance",
  "addressStatus",
  "mapsAddress",
  "businessStatus",
] as const satisfies readonly (keyof ValidationFields)[];

/**
 * An activity's record after some validators ran: their findings replace those columns, the others keep what an
 * earlier run found, and the score and needsReview follow from the whole.
 */
export function mergeValidation(
  previous: (ValidationFields & { needsReview: boolean }) | null,
  update: ValidationUpdate,
  now: Date,
): ValidationRecord {
  const merged = Object.fromEntries(
    FIELDS.map((field) => [field, (Object.hasOwn(update, field) ? update[field] : previous?.[field]) ?? null]),
  ) as unknown as ValidationFields;
  return {
    ...merged,
    qualityScore: qualityScore(merged),
    needsReview: needsReviewAfter(previous, merged),
    lastValidated: now,
  };
}
