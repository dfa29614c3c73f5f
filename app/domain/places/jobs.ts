// Background jobs as the admin sees them (admin §2 'Refresh Ratings', the bulk 'Enhance Photos'; §4 progress
// with current, total and estimated time remaining): their kinds, states and the progress line.
import { formatCost, photoFetchCost } from "./places";
import { formatRating } from "../activities/rating";
import { VALIDATION_BATCH_SIZE } from "../data-quality/validation";
import { batchCount, estimatedTimeRemaining, formatDuration, validationCost } from "../data-quality/validation-cost";

/** The places jobs (the Activities tab's), and batch validation (the Data-quality tab's). */
export const PLACES_JOB_KINDS = ["refresh-ratings", "enhance-photos"] as const;
export const JOB_KINDS = [...PLACES_JOB_KINDS, "validate"] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export type PlacesJobKind = (typeof PLACES_JOB_KINDS)[number];

// A run is a chain of short pg-boss jobs, its chunks (app/jobs/queue.server.ts, decision 035). A chunk's expiry is
// how long it may hold its job before pg-boss takes it for dead and hands it to another worker: a few times a
// normal chunk's time, and what a killed server's run waits before it resumes elsewhere. JOB_CHUNK_EXPIRY_SECONDS
// (app/env.server.ts) sets one expiry for every chunk instead of these.

/** Activities one places chunk takes: a Google call or two each, well under a second normally. */
export const PLACES_CHUNK_SIZE = 50;
/** A places chunk's expiry; its worker stops taking items a worst-case item's time (60 s) before it. */
export const PLACES_CHUNK_EXPIRY_SECONDS = 300;
export const PLACES_CHUNK_MARGIN_SECONDS = 60;

/**
 * A validation chunk's expiry (one batch: validation.ts batchLimit): phone checks need no network, but each record
 * is a write of its own (a batch takes a second, 10–15 s on a loaded 2-core machine); a website batch waits on up
 * to 50 sites at once (10 s each, redirects included); the Places checks ask five at a time. A batch cannot stop
 * part-way, so the expiry leaves room: one that overran it would write alongside its retry.
 */
export function validationChunkExpirySeconds(type: string): number {
  if (type === "phone") return 60;
  if (type === "website") return 180;
  return 300;
}

export const JOB_LABELS: Record<JobKind, string> = {
  "refresh-ratings": "Refresh Ratings",
  "enhance-photos": "Enhance Photos",
  validate: "Validation",
};

export type JobStatus = "queued" | "running" | "completed" | "failed" | "cancelled";

export function isActive(status: string): boolean {
  return status === "queued" || status === "running";
}

/** What a places job did and spent so far. */
export interface JobTally {
  processed: number;
  found: number;
  notFound: number;
  failed: number;
  /** Google calls made (each attempt is billed). */
  calls: number;
  /** Photos saved (Enhance Photos: admin §3 'Photo enhancement result' photosFound). */
  photosFound: number;
}

export const EMPTY_TALLY: JobTally = { processed: 0, found: 0, notFound: 0, failed: 0, calls: 0, photosFound: 0 };

/** A stored result read back: unknown or missing numbers count as 0. */
export function readTally(value: unknown): JobTally {
  const v = (value ?? {}) as Record<string, unknown>;
  const n = (x: unknown) => (typeof x === "number" && Number.isFinite(x) && x >= 0 ? Math.floor(x) : 0);
  return {
    processed: n(v.processed),
    found: n(v.found),
    notFound: n(v.notFound),
    failed: n(v.failed),
    calls: n(v.calls),
    photosFound: n(v.photosFound),
  };
}

/** Admin §3 'Photo enhancement result': what an Enhance Photos run did, and its cost so far (about $0.04 each). */
export function photoEnhancementResult(t: JobTally): {
  processedCount: number;
  photosFound: number;
  estimatedCost: string;
} {
  return {
    processedCount: t.processed,
    photosFound: t.photosFound,
    estimatedCost: formatCost(photoFetchCost(t.processed)),
  };
}

export interface JobProgressInput {
  kind: JobKind;
  status: JobStatus;
  current: number;
  total: number;
  startedAt: Date | null;
  now: Date;
}

/** 'Running: 12 of 40 (30%), about 1m 4s left', 'Queued', 'Completed: 40 of 40'. */
export function progressLine(p: JobProgressInput): string {
  const counted = `${p.current.toLocaleString("en-US")} of ${p.total.toLocaleString("en-US")}`;
  switch (p.status) {
    case "queued":
      return `Queued: ${p.total.toLocaleString("en-US")} to do`;
    case "running": {
      const percent = p.total > 0 ? Math.floor((p.current / p.total) * 100) : 0;
      const elapsedMs = p.startedAt ? p.now.getTime() - p.startedAt.getTime() : undefined;
      const left = estimatedTimeRemaining({ current: p.current, total: p.total, elapsedMs });
      return `Running: ${counted} (${percent}%), about ${formatDuration(left)} left`;
    }
    case "completed":
      return `Completed: ${counted}`;
    case "failed":
      return `Stopped: ${counted}`;
    case "cancelled":
      return `Cancelled: ${counted}`;
  }
}

/** The summary of what a job did, for its page and its final toast. */
export function tallyLine(kind: JobKind, t: JobTally): string {
  // A validation run counts valid activities as found, those needing review as not found, checks that could not
  // answer as failed; it spends no Google calls of its own unless the paid checks ran.
  if (kind === "validate") {
    return `${t.processed} validated: ${t.found} valid, ${t.notFound} need review, ${t.failed} could not be checked.`;
  }
  const base =
    kind === "refresh-ratings"
      ? `${t.found} rated, ${t.notFound} without a rating, ${t.failed} failed`
      : `${t.found} with photos (${t.photosFound} photos), ${t.notFound} without photos, ${t.failed} failed`;
  return `${base}; ${t.calls} Google ${t.calls === 1 ? "call" : "calls"}.`;
}

/** A job as the jobs sections show it (the Activities tab's places jobs, the Data-quality tab's validation). */
export interface JobView {
  id: string;
  label: string;
  active: boolean;
  status: string;
  current: number;
  total: number;
  progress: string;
  tally: string;
  cost: string | null;
  currentItem: string | null;
  error: string | null;
}

/** The stored progress row's fields a view reads. */
export interface JobRunLike {
  id: string;
  kind: string;
  status: string;
  current: number;
  total: number;
  result: unknown;
  startedAt: Date | null;
  currentItem: string | null;
  error: string | null;
}

/** A job's progress row as the jobs section shows it. */
export function jobView(run: JobRunLike, now: Date): JobView {
  const kind = run.kind as JobKind;
  const tally = readTally(run.result);
  return {
    id: run.id,
    label: JOB_LABELS[kind] ?? run.kind,
    active: isActive(run.status),
    status: run.status,
    current: run.current,
    total: run.total,
    progress: progressLine({
      kind,
      status: run.status as JobStatus,
      current: run.current,
      total: run.total,
      startedAt: run.startedAt,
      now,
    }),
    tally: tallyLine(kind, tally),
    cost: kind === "enhance-photos" ? `About ${photoEnhancementResult(tally).estimatedCost} spent.` : null,
    currentItem: run.currentItem,
    error: run.error,
  };
}

/** A validation run as §3 'Validation progress' names it: batches of 100, the time left from the pace so far. */
export function validationProgress(run: JobRunLike, now: Date) {
  const elapsedMs = run.startedAt ? now.getTime() - run.startedAt.getTime() : undefined;
  return {
    status: run.status,
    current: run.current,
    total: run.total,
    currentActivity: run.currentItem,
    currentBatch: Math.min(
      batchCount(run.current + 1, VALIDATION_BATCH_SIZE),
      batchCount(run.total, VALIDATION_BATCH_SIZE),
    ),
    totalBatches: batchCount(run.total, VALIDATION_BATCH_SIZE),
    estimatedTimeRemaining: isActive(run.status)
      ? estimatedTimeRemaining({ current: run.current, total: run.total, elapsedMs })
      : 0,
  };
}

/**
 * What `items` activities processed by a job cost, with the rules its confirmation shows: a photo fetch per activity
 * (admin §9), a location or business-status check per activity (validation-cost.ts); Refresh Ratings and the free
 * checks (website, phone, address) are not priced by the spec, so 0.
 */
export function jobItemsCost(kind: JobKind, items: number, validationType?: string): number {
  if (kind === "enhance-photos") return photoFetchCost(items);
  if (kind !== "validate") return 0;
  if (validationType === "location") return validationCost({ location: items, business: 0 }).total;
  if (validationType === "business") return validationCost({ location: 0, business: items }).total;
  return 0;
}

// ---- GET /api/jobs/{id} (issue #27.7): a job-backed call's status URL ----

/** Where a started job's state is read (the 202 answer's Location). */
export function jobStatusPath(id: string): string {
  return `/api/jobs/${encodeURIComponent(id)}`;
}

/** Per-activity results per answer (the rest by `offset`, with Link headers). */
export const JOB_RESULTS_DEFAULT_LIMIT = 1000;
export const JOB_RESULTS_MAX_LIMIT = 1000;

/** What a places job stored for one activity (a JobRunItem row). */
export interface JobItemLike {
  activityId: number;
  title: string | null;
  success: boolean;
  outcome: string;
  googleRating: number | null;
  googleReviewCount: number | null;
  photoCount: number | null;
  error: string | null;
}

/**
 * A job as GET /api/jobs/{id} answers it: its state and progress, and the fields of the call that started it (admin
 * §7): Enhance Photos' processedCount, photosFound and estimatedCost; Refresh Ratings' processedCount and its
 * per-activity results with success flags (success: a rating or photos were stored). The counts grow while it runs
 * and are final once `finished` is true.
 */
export function jobAnswer(
  run: JobRunLike & { createdAt: Date; finishedAt: Date | null },
  results: { items: readonly JobItemLike[]; total: number } | null,
  now: Date,
) {
  const kind = run.kind as JobKind;
  const tally = readTally(run.result);
  const view = jobView(run, now);
  const base = {
    id: run.id,
    kind,
    label: view.label,
    status: run.status,
    finished: !view.active,
    current: run.current,
    total: run.total,
    progress: view.progress,
    summary: view.tally,
    error: run.error,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    statusUrl: jobStatusPath(run.id),
  };
  if (kind === "validate") return { ...base, processedCount: tally.processed };
  const items = results?.items ?? [];
  const paged = { resultsTotal: results?.total ?? 0 };
  if (kind === "enhance-photos") {
    return {
      ...base,
      ...photoEnhancementResult(tally),
      ...paged,
      results: items.map((i) => ({
        activityId: i.activityId,
        title: i.title,
        success: i.success,
        photoCount: i.photoCount ?? 0,
        error: i.error,
      })),
    };
  }
  return {
    ...base,
    processedCount: tally.processed,
    ratingsFound: tally.found,
    ...paged,
    results: items.map((i) => ({
      activityId: i.activityId,
      title: i.title,
      success: i.success,
      googleRating: formatRating(i.googleRating),
      googleReviewCount: i.googleReviewCount,
      error: i.error,
    })),
  };
}
