// The Validation Cost Estimation card and the run's time estimate (admin §2, §9): Google Places' per-activity
// prices applied to the activities each paid check would run on, and the seconds a run has left.
//
// The spec's fallback 'total 1984' (a fixed count when no live progress exists) is not used: the number of
// activities left is always known from the database; only its '2 seconds per remaining activity' is.

/** Dollars per activity (admin §9); website, phone and address checks are free. */
export const LOCATION_CHECK_COST = 0.005;
export const BUSINESS_STATUS_COST = 0.017;
/** The card's reference figure: what 10,000 activities would cost (about $50, $170, $220). */
export const COST_REFERENCE_ACTIVITIES = 10_000;
export const FALLBACK_SECONDS_PER_ACTIVITY = 2;

export interface CostEstimate {
  location: number;
  business: number;
  total: number;
}

/** Whole cents would lose the $0.005; money is rounded to tenths of a cent, as the spec writes it. */
function dollars(amount: number): number {
  return Math.round(amount * 1000) / 1000;
}

/** What checking `counts.location` activities' locations and `counts.business` business statuses costs. */
export function validationCost(counts: { location: number; business: number }): CostEstimate {
  const location = dollars(Math.max(0, counts.location) * LOCATION_CHECK_COST);
  const business = dollars(Math.max(0, counts.business) * BUSINESS_STATUS_COST);
  return { location, business, total: dollars(location + business) };
}

/** The spec's reference: both checks on 10,000 activities. */
export function referenceCost(): CostEstimate {
  return validationCost({ location: COST_REFERENCE_ACTIVITIES, business: COST_REFERENCE_ACTIVITIES });
}

/** '$220', '$0.005', '$1.25': whole dollars without cents, small amounts with as many digits as they need. */
export function formatDollars(amount: number): string {
  if (Number.isInteger(amount)) return `$${amount.toLocaleString("en-US")}`;
  const digits = amount < 0.01 ? 3 : 2;
  return `$${amount.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: 3 })}`;
}

/**
 * Seconds a run has left: the pace so far (elapsed per activity done) for the activities left, or 2 seconds each
 * before anything is done.
 */
export function estimatedTimeRemaining(progress: { current: number; total: number; elapsedMs?: number }): number {
  const remaining = Math.max(0, progress.total - progress.current);
  if (progress.current > 0 && progress.elapsedMs !== undefined && progress.elapsedMs >= 0) {
    return Math.ceil(((progress.elapsedMs / 1000) * remaining) / progress.current);
  }
  return remaining * FALLBACK_SECONDS_PER_ACTIVITY;
}

/** Batches a run of `total` activities takes. */
export function batchCount(total: number, batchSize: number): number {
  return total > 0 ? Math.ceil(total / batchSize) : 0;
}

/** '45s', '3m 20s', '1h 5m'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}
