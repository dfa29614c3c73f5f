// Google ratings that stay fresh on their own (issue #29, docs/decisions/021-google-rating-freshness.md): how long a
// rating from the Places API may be shown, which ratings the scheduled refresh takes, and what it may spend.
import { formatDollars, validationCost } from "../data-quality/validation-cost";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The longest a rating and review count from Google are kept and shown: the 30 consecutive calendar days Google Maps
 * Platform's terms allow for the Places content they let be cached (decision 021). The refresh's age setting may
 * only be shorter.
 */
export const GOOGLE_RATING_MAX_DAYS = 30;

/**
 * Whether a Google rating written at `updatedAt` may still be shown at `now`: within `maxDays` days. A rating with
 * no date (null) never came from Google through this product (seeded, imported, typed by an administrator) and is
 * the administrator's own value: shown.
 */
export function isRatingFresh(
  updatedAt: Date | string | null | undefined,
  now: Date,
  maxDays = GOOGLE_RATING_MAX_DAYS,
): boolean {
  if (updatedAt === null || updatedAt === undefined) return true;
  const at = new Date(updatedAt).getTime();
  if (Number.isNaN(at)) return true;
  return now.getTime() - at <= maxDays * DAY_MS;
}

type Rated = { googleRating: number | null; googleReviewCount: number | null; googleRatingUpdatedAt?: Date | null };

/**
 * What the public may see of an activity's Google rating: the rating and review count while fresh, neither once
 * stale (not shown stale); the date itself is never published.
 */
export function withFreshRating<T extends Rated>(a: T, now = new Date()): Omit<T, "googleRatingUpdatedAt"> {
  const { googleRatingUpdatedAt, ...rest } = a;
  if (isRatingFresh(googleRatingUpdatedAt, now)) return rest;
  return { ...rest, googleRating: null, googleReviewCount: null };
}

/** Ratings written before this moment are older than `days` days at `now`: the refresh takes them. */
export function staleBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** The first moment of `now`'s calendar month, UTC: the cost cap counts from here. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * What refreshing `items` activities' ratings costs: a Place Details call for each, priced as the confirmations
 * price a Place Details call (the business-status check, validation-cost.ts). Refresh Ratings' own confirmation
 * counts calls and names no price (the spec gives none); decision 021 says why this rate.
 */
export function ratingRefreshCost(items: number): number {
  return validationCost({ location: 0, business: Math.max(0, items) }).total;
}

/** What the month's scheduled runs spent: the activities each processed, at the refresh's rate. */
export function monthRefreshCost(processedCounts: readonly number[]): number {
  return ratingRefreshCost(processedCounts.reduce((sum, n) => sum + Math.max(0, n), 0));
}

/** How many more activities the month's cap pays for, after `spent` dollars (0 once the cap is reached). */
export function affordableRefreshes(capDollars: number, spent: number): number {
  const unit = ratingRefreshCost(1);
  if (!(capDollars > 0) || unit <= 0) return 0;
  // The tolerance keeps $0.034 / $0.017 at 2 despite floating point.
  return Math.max(0, Math.floor((capDollars - spent) / unit + 1e-9));
}

/** When the next scheduled run may start after `now`: the start of the next UTC day (one run a day). */
export function nextScheduledRun(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

export interface RatingRefreshSettings {
  enabled: boolean;
  maxAgeDays: number;
  /** Dollars a calendar month. */
  monthlyCap: number;
}

export const DEFAULT_RATING_REFRESH_SETTINGS: RatingRefreshSettings = {
  enabled: false,
  maxAgeDays: GOOGLE_RATING_MAX_DAYS,
  monthlyCap: 0,
};

export const MAX_MONTHLY_CAP = 100_000;

export const RATING_REFRESH_MESSAGES = {
  maxAgeDays: `Enter a whole number of days from 1 to ${GOOGLE_RATING_MAX_DAYS}.`,
  monthlyCap: `Enter an amount in dollars from 0 to ${MAX_MONTHLY_CAP.toLocaleString("en-US")}, with at most two decimals.`,
  capNeeded: "Set a monthly cost cap above $0 to turn the scheduled refresh on.",
} as const;

export type RatingRefreshForm = { enabled: string; maxAgeDays: string; monthlyCap: string };

export type RatingRefreshParse =
  { ok: true; value: RatingRefreshSettings } | { ok: false; errors: Partial<Record<keyof RatingRefreshForm, string>> };

/** The Settings tab's form: on/off, the age in whole days (1–30) and the monthly cap in dollars and cents. */
export function parseRatingRefreshForm(form: RatingRefreshForm): RatingRefreshParse {
  const errors: Partial<Record<keyof RatingRefreshForm, string>> = {};
  const enabled = form.enabled === "on" || form.enabled === "true";
  const days = form.maxAgeDays.trim();
  const maxAgeDays = /^\d{1,3}$/.test(days) ? Number(days) : NaN;
  if (!(maxAgeDays >= 1 && maxAgeDays <= GOOGLE_RATING_MAX_DAYS))
    errors.maxAgeDays = RATING_REFRESH_MESSAGES.maxAgeDays;
  const cap = form.monthlyCap.trim().replace(/^\$/, "").replace(/,/g, "");
  const monthlyCap = /^\d{1,6}(\.\d{1,2})?$/.test(cap) ? Number(cap) : NaN;
  if (!(monthlyCap >= 0 && monthlyCap <= MAX_MONTHLY_CAP)) errors.monthlyCap = RATING_REFRESH_MESSAGES.monthlyCap;
  else if (enabled && monthlyCap === 0) errors.monthlyCap = RATING_REFRESH_MESSAGES.capNeeded;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { enabled, maxAgeDays, monthlyCap } };
}

/** '$1.70 of $5.00 this month'. */
export function monthCostText(spent: number, cap: number): string {
  return `${formatDollars(spent)} of ${formatDollars(cap)} this month`;
}
