// What the Settings tab's Google Places Integration panel shows (admin §2 'Settings tab'; its content is not given
// by the spec): whether the service is configured and where it points (never the key), what it has stored, the
// costs shown before each paid action (§9) and each job kind's latest run.
import { placesCoverage } from "~/data/activity-places.server";
import { latestJobRuns } from "~/data/job-runs.server";
import { JOB_KINDS, JOB_LABELS, progressLine, type JobKind, type JobStatus } from "~/domain/places/jobs";
import { fieldMask, formatCost, PHOTO_FETCH_COST, PLACES_NOT_CONFIGURED_MESSAGE } from "~/domain/places/places";
import { env } from "~/env.server";
import { placesConfig } from "~/services/google-places.server";

export async function googlePlacesPanelData(now = new Date()) {
  const [counts, runs] = await Promise.all([placesCoverage(), latestJobRuns(JOB_KINDS)]);
  return {
    configured: placesConfig() !== null,
    notConfiguredMessage: PLACES_NOT_CONFIGURED_MESSAGE,
    // Only the host: the base URL may be a proxy inside the network, and never carries the key.
    endpoint: new URL(env().GOOGLE_PLACES_BASE_URL).host,
    fieldMasks: { rating: fieldMask("rating", "search"), photos: fieldMask("photos", "search") },
    photoCost: formatCost(PHOTO_FETCH_COST),
    counts,
    jobs: runs.map((run) => ({
      id: run.id,
      label: JOB_LABELS[run.kind as JobKind] ?? run.kind,
      progress: progressLine({
        kind: run.kind as JobKind,
        status: run.status as JobStatus,
        current: run.current,
        total: run.total,
        startedAt: run.startedAt,
        now,
      }),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      error: run.error,
    })),
  };
}

export type GooglePlacesPanelData = Awaited<ReturnType<typeof googlePlacesPanelData>>;
