// The scheduled rating refresh (issue #29, decision 021): its settings row (RatingRefreshSettings, id 1; a database
// without the row reads as off, 30 days, no budget), the activities whose Google rating is due, and what this
// month's scheduled runs did (their JobRun rows, created by SCHEDULED_REFRESH_CREATOR).
import {
  DEFAULT_RATING_REFRESH_SETTINGS,
  monthRefreshCost,
  monthStart,
  type RatingRefreshSettings,
} from "~/domain/places/rating-freshness";
import { db } from "./db.server";
import type { Refusal, Writer } from "./outcome.server";
import { guardedUpsert, STAMP, staleRefusal, versionCondition } from "./row-version.server";

/** Who a scheduled run's JobRun names as its creator (an administrator's run names their e-mail). */
export const SCHEDULED_REFRESH_CREATOR = "schedule";

/** The settings with their version stamp (null before the row is first written). */
export async function ratingRefreshSettingsState(): Promise<{
  settings: RatingRefreshSettings;
  stamp: { version: number; updatedAt: Date; updatedBy: string | null } | null;
}> {
  const row = await (await db()).ratingRefreshSettings.findUnique({ where: { id: 1 } });
  if (!row) return { settings: DEFAULT_RATING_REFRESH_SETTINGS, stamp: null };
  return {
    settings: { enabled: row.enabled, maxAgeDays: row.maxAgeDays, monthlyCap: row.monthlyCapCents / 100 },
    stamp: { version: row.version, updatedAt: row.updatedAt, updatedBy: row.updatedBy },
  };
}

/** Saves the settings; with the writer's version, only if the row is still at it (else the stale refusal). */
export async function saveRatingRefreshSettings(
  settings: RatingRefreshSettings,
  writer?: Writer,
): Promise<{ ok: true; value: null } | Extract<Refusal, { reason: "stale" }>> {
  const prisma = await db();
  const data = {
    enabled: settings.enabled,
    maxAgeDays: settings.maxAgeDays,
    monthlyCapCents: Math.round(settings.monthlyCap * 100),
    updatedBy: writer?.by ?? null,
  };
  const moved = await guardedUpsert(
    () => prisma.ratingRefreshSettings.updateMany({ where: { id: 1, ...versionCondition(writer) }, data }),
    () => prisma.ratingRefreshSettings.findUnique({ where: { id: 1 }, select: STAMP }),
    () => prisma.ratingRefreshSettings.create({ data: { id: 1, ...data } }),
  );
  return moved ? staleRefusal("ratingRefresh", moved) : { ok: true, value: null };
}

/**
 * The activities whose Google rating was written before `before`, oldest first, at most `limit` (the index on
 * googleRatingUpdatedAt). Ratings never written by the places service (no date) are not Google's copy and not due.
 */
export async function staleRatingActivityIds(before: Date, limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  const rows = await (await db()).activity.findMany({
    where: { googleRatingUpdatedAt: { lt: before } },
    select: { id: true },
    orderBy: [{ googleRatingUpdatedAt: "asc" }, { id: "asc" }],
    take: limit,
  });
  return rows.map((r) => r.id);
}

/** How many activities are due (the Settings tab says so). */
export async function staleRatingCount(before: Date): Promise<number> {
  return (await db()).activity.count({ where: { googleRatingUpdatedAt: { lt: before } } });
}

/** What the scheduled runs of `now`'s month spent: the activities each processed, at the refresh's rate. */
export async function scheduledSpendThisMonth(now: Date): Promise<number> {
  const runs = await (await db()).jobRun.findMany({
    where: { kind: "refresh-ratings", createdBy: SCHEDULED_REFRESH_CREATOR, createdAt: { gte: monthStart(now) } },
    select: { current: true },
  });
  return monthRefreshCost(runs.map((r) => r.current));
}

/** The latest scheduled run, if any. */
export async function lastScheduledRun() {
  return (await db()).jobRun.findFirst({
    where: { kind: "refresh-ratings", createdBy: SCHEDULED_REFRESH_CREATOR },
    orderBy: { createdAt: "desc" },
  });
}
