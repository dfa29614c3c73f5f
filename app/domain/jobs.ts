// Background jobs as the admin sees them (admin §2 'Refresh Ratings', the bulk 'Enhance Photos'; §4 progress
// with current, total and estimated time remaining): their kinds, states and the progress line.
import { estimatedTimeRemaining, formatDuration } from "./validation-cost";

export const JOB_KINDS = ["refresh-ratings", "enhance-photos"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_LABELS: Record<JobKind, string> = {
  "refresh-ratings": "Refresh Ratings",
  "enhance-photos": "Enhance Photos",
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
  const base =
    kind === "refresh-ratings"
      ? `${t.found} rated, ${t.notFound} without a rating, ${t.failed} failed`
      : `${t.found} with photos (${t.photosFound} photos), ${t.notFound} without photos, ${t.failed} failed`;
  return `${base}; ${t.calls} Google ${t.calls === 1 ? "call" : "calls"}.`;
}
