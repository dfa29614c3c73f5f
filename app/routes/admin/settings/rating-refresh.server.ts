// What the Settings tab's Scheduled Rating Refresh panel shows (issue #29, decision 021): its settings with their
// version, the last scheduled run, when the next may start, what this month's runs spent against the cap, and how
// many ratings are due.
import {
  lastScheduledRun,
  ratingRefreshSettingsState,
  scheduledSpendThisMonth,
  staleRatingCount,
} from "~/data/rating-refresh.server";
import { entryTime } from "~/domain/admin/history";
import { progressLine, type JobStatus } from "~/domain/places/jobs";
import { PLACES_NOT_CONFIGURED_MESSAGE } from "~/domain/places/places";
import {
  affordableRefreshes,
  GOOGLE_RATING_MAX_DAYS,
  monthCostText,
  nextScheduledRun,
  ratingRefreshCost,
  staleBefore,
} from "~/domain/places/rating-freshness";
import { formatDollars } from "~/domain/data-quality/validation-cost";
import { placesConfig } from "~/services/google-places.server";

export async function ratingRefreshPanelData(now = new Date()) {
  const { settings, stamp } = await ratingRefreshSettingsState();
  const [spent, last, due] = await Promise.all([
    scheduledSpendThisMonth(now),
    lastScheduledRun(),
    staleRatingCount(staleBefore(now, settings.maxAgeDays)),
  ]);
  const configured = placesConfig() !== null;
  const capReached = settings.enabled && affordableRefreshes(settings.monthlyCap, spent) === 0;
  return {
    version: stamp?.version ?? null,
    values: {
      enabled: settings.enabled,
      maxAgeDays: String(settings.maxAgeDays),
      monthlyCap: settings.monthlyCap.toFixed(2),
    },
    maxDays: GOOGLE_RATING_MAX_DAYS,
    configured,
    notConfiguredMessage: PLACES_NOT_CONFIGURED_MESSAGE,
    unitCost: formatDollars(ratingRefreshCost(1)),
    spent: monthCostText(spent, settings.monthlyCap),
    capReached,
    due,
    lastRun: last
      ? {
          at: entryTime(last.createdAt),
          progress: progressLine({
            kind: "refresh-ratings",
            status: last.status as JobStatus,
            current: last.current,
            total: last.total,
            startedAt: last.startedAt,
            now,
          }),
          error: last.error,
        }
      : null,
    nextRun: !settings.enabled
      ? "None: the scheduled refresh is off."
      : !configured
        ? `None: ${PLACES_NOT_CONFIGURED_MESSAGE}`
        : `${entryTime(nextScheduledRun(now))} (once a day)${capReached ? ", once the cap allows: next month" : ""}`,
  };
}

export type RatingRefreshPanelData = Awaited<ReturnType<typeof ratingRefreshPanelData>>;
