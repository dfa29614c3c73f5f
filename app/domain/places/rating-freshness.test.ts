import { describe, expect, it } from "vitest";
import {
  affordableRefreshes,
  GOOGLE_RATING_MAX_DAYS,
  isRatingFresh,
  monthCostText,
  monthRefreshCost,
  monthStart,
  nextScheduledRun,
  parseRatingRefreshForm,
  RATING_REFRESH_MESSAGES,
  ratingRefreshCost,
  staleBefore,
  withFreshRating,
} from "./rating-freshness";
import { BUSINESS_STATUS_COST } from "../data-quality/validation-cost";

const now = new Date("2026-11-27T12:00:00Z");
const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 60 * 60 * 1000);

describe("isRatingFresh", () => {
  it("keeps a Google rating for the policy's 30 days and not a moment longer", () => {
    expect(GOOGLE_RATING_MAX_DAYS).toBe(30);
    expect(isRatingFresh(daysAgo(0), now)).toBe(true);
    expect(isRatingFresh(daysAgo(30), now)).toBe(true);
    expect(isRatingFresh(new Date(daysAgo(30).getTime() - 1), now)).toBe(false);
    expect(isRatingFresh(daysAgo(45), now)).toBe(false);
    expect(isRatingFresh(daysAgo(8), now, 7)).toBe(false);
    expect(isRatingFresh(daysAgo(8).toISOString(), now, 10)).toBe(true);
  });

  it("shows a rating that never came from Google through the product (no date)", () => {
    expect(isRatingFresh(null, now)).toBe(true);
    expect(isRatingFresh(undefined, now)).toBe(true);
  });
});

describe("withFreshRating", () => {
  it("leaves out a stale rating and its review count, and never publishes the date", () => {
    const stale = withFreshRating(
      { id: 1, googleRating: 4.6, googleReviewCount: 120, googleRatingUpdatedAt: daysAgo(31) },
      now,
    );
    expect(stale).toEqual({ id: 1, googleRating: null, googleReviewCount: null });
    const fresh = withFreshRating(
      { id: 2, googleRating: 4.6, googleReviewCount: 120, googleRatingUpdatedAt: daysAgo(2) },
      now,
    );
    expect(fresh).toEqual({ id: 2, googleRating: 4.6, googleReviewCount: 120 });
    expect(withFreshRating({ googleRating: 4.1, googleReviewCount: null, googleRatingUpdatedAt: null }, now)).toEqual({
      googleRating: 4.1,
      googleReviewCount: null,
    });
  });
});

describe("the month's cost", () => {
  it("prices each refreshed activity as the confirmations price a Place Details call", () => {
    expect(ratingRefreshCost(1)).toBe(BUSINESS_STATUS_COST);
    expect(ratingRefreshCost(100)).toBe(1.7);
    expect(ratingRefreshCost(-3)).toBe(0);
    expect(monthRefreshCost([40, 60])).toBe(1.7);
    expect(monthRefreshCost([])).toBe(0);
  });

  it("pays for as many activities as the cap has left, none once it is reached", () => {
    expect(affordableRefreshes(1.7, 0)).toBe(100);
    expect(affordableRefreshes(1.7, 1.7)).toBe(0);
    expect(affordableRefreshes(1.7, 2)).toBe(0);
    expect(affordableRefreshes(0.034, 0)).toBe(2);
    expect(affordableRefreshes(0, 0)).toBe(0);
    expect(affordableRefreshes(0.05, 0.017)).toBe(1);
  });

  it("counts from the first of the month (UTC) and runs once a day", () => {
    expect(monthStart(now).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(nextScheduledRun(now).toISOString()).toBe("2026-11-28T00:00:00.000Z");
    expect(nextScheduledRun(new Date("2026-12-31T23:00:00Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(staleBefore(now, 30).toISOString()).toBe(daysAgo(30).toISOString());
    expect(monthCostText(1.7, 5)).toBe("$1.70 of $5 this month");
  });
});

describe("parseRatingRefreshForm", () => {
  it("reads on/off, whole days up to the policy's 30 and a cap in dollars and cents", () => {
    expect(parseRatingRefreshForm({ enabled: "on", maxAgeDays: " 14 ", monthlyCap: "$12.50" })).toEqual({
      ok: true,
      value: { enabled: true, maxAgeDays: 14, monthlyCap: 12.5 },
    });
    expect(parseRatingRefreshForm({ enabled: "", maxAgeDays: "30", monthlyCap: "0" })).toEqual({
      ok: true,
      value: { enabled: false, maxAgeDays: 30, monthlyCap: 0 },
    });
  });

  it("refuses more than 30 days, a bad amount, and turning on with no budget", () => {
    expect(parseRatingRefreshForm({ enabled: "", maxAgeDays: "31", monthlyCap: "5" })).toEqual({
      ok: false,
      errors: { maxAgeDays: RATING_REFRESH_MESSAGES.maxAgeDays },
    });
    expect(parseRatingRefreshForm({ enabled: "", maxAgeDays: "0", monthlyCap: "1.234" })).toEqual({
      ok: false,
      errors: { maxAgeDays: RATING_REFRESH_MESSAGES.maxAgeDays, monthlyCap: RATING_REFRESH_MESSAGES.monthlyCap },
    });
    expect(parseRatingRefreshForm({ enabled: "on", maxAgeDays: "7", monthlyCap: "0" })).toEqual({
      ok: false,
      errors: { monthlyCap: RATING_REFRESH_MESSAGES.capNeeded },
    });
  });
});
