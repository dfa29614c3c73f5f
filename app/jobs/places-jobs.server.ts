// The places jobs (admin §2): Refresh Ratings over every activity, and the bulk Enhance Photos over the selected
// ones. Each works through its list in order, a chunk job at a time (app/jobs/queue.server.ts), writing progress
// (current, the item, what was done and the Google calls spent) after every item, so the admin sees it move and a
// retried chunk starts at the first unfinished item.
//
// An item Google cannot answer now (a 5xx after retries, a timeout) counts as failed and the job goes on. A spent
// quota, a refused key or a missing key would fail every item alike: the job stops there with that message and keeps
// what was done (admin §9 'may use significant quota').
import { beginChunk, finishJobRun, recordProgress, type JobItem } from "~/data/job-runs.server";
import { PLACES_CHUNK_SIZE, readTally, type JobKind } from "~/domain/places/jobs";
import {
  placesFailureDetail,
  type PhotosOutcome,
  type PlacesFailure,
  type RatingOutcome,
} from "~/domain/places/places";
import { fetchActivityPhotos, fetchActivityRating } from "~/workflows/activity-places.server";
import { placesClient, type PlacesClient } from "~/services/google-places.server";

export interface PlacesJobData {
  activityIds: number[];
}

/** A chunk of a places run: the run's whole list, and the position the chunk starts at. */
export interface PlacesChunkData extends PlacesJobData {
  from: number;
}

const STOPPING: ReadonlySet<PlacesFailure> = new Set(["quota", "rejected", "not_configured"]);

/**
 * Runs (or, retried, resumes) one chunk of run `id`: up to PLACES_CHUNK_SIZE activities from the first unfinished
 * one, stopping early at `deadline` (before pg-boss's expiry would hand the chunk to another worker). The position
 * the next chunk starts at, or null when the run is over. `client` is the environment's places client unless a
 * test gives its own.
 */
export async function runPlacesChunk(
  kind: JobKind,
  id: string,
  data: PlacesChunkData,
  client: PlacesClient | null = placesClient(),
  deadline = Infinity,
): Promise<number | null> {
  const run = await beginChunk(id);
  if (!run) return null; // over: finished, or cancelled
  const ids = Array.isArray(data?.activityIds) ? data.activityIds.filter((x) => Number.isInteger(x)) : [];
  const tally = readTally(run.result);
  if (!client) {
    await finishJobRun(id, "failed", placesFailureDetail("not_configured"));
    return null;
  }
  const end = Math.min(ids.length, Math.max(data.from, run.current) + PLACES_CHUNK_SIZE);
  let current = run.current;
  while (current < end && Date.now() < deadline) {
    const callsBefore = client.calls;
    const answer =
      kind === "refresh-ratings"
        ? await fetchActivityRating(ids[current], client)
        : await fetchActivityPhotos(ids[current], client);
    tally.calls += client.calls - callsBefore;
    const outcome = answer.activity ? answer.outcome : null;
    if (outcome?.kind === "failed" && STOPPING.has(outcome.failure)) {
      // This item is not done: a repeated run starts with it.
      await recordProgress(id, current, { current, currentItem: null, result: tally });
      await finishJobRun(id, "failed", placesFailureDetail(outcome.failure));
      return null;
    }
    if (outcome?.kind === "found") {
      tally.found++;
      if ("count" in outcome) tally.photosFound += outcome.count;
    } else if (outcome?.kind === "none") tally.notFound++;
    else if (outcome?.kind === "failed") tally.failed++;
    // An activity deleted meanwhile is simply skipped (its result says so).
    tally.processed++;
    const next = await recordProgress(
      id,
      current,
      { current: current + 1, currentItem: answer.activity?.title ?? null, result: tally },
      jobItem(ids[current]!, answer.activity?.title ?? null, outcome),
    );
    if (next === "lost") return null; // another worker has the chunk now
    current++;
    if (next === "cancelled") {
      await finishJobRun(id, "cancelled");
      return null;
    }
  }
  if (current < ids.length) return current;
  await finishJobRun(id, "completed");
  return null;
}

/** One activity's result as GET /api/jobs/{id} answers it (admin §7 'results with success flags'). */
function jobItem(activityId: number, title: string | null, outcome: RatingOutcome | PhotosOutcome | null): JobItem {
  if (!outcome) return { activityId, title, success: false, outcome: "failed", error: ACTIVITY_GONE };
  switch (outcome.kind) {
    case "found":
      return "rating" in outcome
        ? {
            activityId,
            title,
            success: true,
            outcome: "found",
            googleRating: outcome.rating,
            googleReviewCount: outcome.reviewCount,
          }
        : { activityId, title, success: true, outcome: "found", photoCount: outcome.count };
    case "none":
      // Google answered, with nothing to store: no success, and no failure of the job either.
      return { activityId, title, success: false, outcome: "none", error: NOTHING_FOUND };
    case "failed":
      return { activityId, title, success: false, outcome: "failed", error: placesFailureDetail(outcome.failure) };
  }
}

const ACTIVITY_GONE = "The activity was deleted before the job reached it.";
const NOTHING_FOUND = "Google Places has nothing for this activity (no matching place, rating or photos).";
