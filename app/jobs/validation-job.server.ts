// Batch validation as a job (admin §4 'Activities are "unvalidated" until batch validation processes them', §5
// 'Batch validation', §9; issue #14): one type's checks over every activity that type has not checked yet, in
// batches of 100 (websites 50) with a 1 second pause between them, each activity's record written as it is done.
// Each batch is a chunk job of its own (app/jobs/queue.server.ts, decision 035); the pause is the next chunk's
// start-after.
//
// What is left is read from the database before every batch (the records are the state), so a chunk whose worker
// was killed, retried by pg-boss after its expiry, resumes where it stopped, and nothing done is done twice. An
// activity whose check could not answer (a timeout, a Places error) stays unvalidated; it is left for the next run
// rather than tried again in a loop. The queue runs one validation job at a time, across
// processes (the run row's start check), so two runs never interleave.
import { beginChunk, finishJobRun, recordProgress } from "~/data/job-runs.server";
import { unvalidatedActivities } from "~/data/validations.server";
import { readTally } from "~/domain/places/jobs";
import { batchLimit, VALIDATION_TYPES, type ValidationType } from "~/domain/data-quality/validation";
import { defaultValidators, validateActivities, type Validators } from "~/workflows/validate-activities.server";

export interface ValidationJobData {
  type: ValidationType;
}

/** A chunk of a validation run: its type, and the activities earlier chunks could not check (left for later). */
export interface ValidationChunkData extends ValidationJobData {
  skipped?: number[];
}

/**
 * Runs (or, retried, resumes) one batch of validation run `id`: the next chunk's data, or null when the run is
 * over (nothing left, failed or cancelled).
 */
export async function runValidationChunk(
  id: string,
  data: ValidationChunkData,
  validators: Validators = defaultValidators(),
): Promise<ValidationChunkData | null> {
  const run = await beginChunk(id);
  if (!run) return null; // over: finished, or cancelled
  const type = (VALIDATION_TYPES as readonly string[]).includes(data?.type) ? data.type : null;
  if (!type) {
    await finishJobRun(id, "failed", "Unknown validation type");
    return null;
  }
  const tally = readTally(run.result);
  const skipped = Array.isArray(data.skipped) ? data.skipped.filter((x) => Number.isInteger(x)) : [];
  const { ids } = await unvalidatedActivities(type, batchLimit(type), skipped);
  if (ids.length === 0) {
    await finishJobRun(id, "completed");
    return null;
  }
  const outcome = await validateActivities(ids, type, validators);
  if (!outcome.ok) {
    await finishJobRun(id, "failed", "message" in outcome ? outcome.message : "Validation failed");
    return null;
  }
  const { results, errors } = outcome.value;
  const written = new Set(results.map((r) => r.activityId));
  tally.processed += results.length;
  tally.found += results.filter((r) => !r.needsReview).length;
  tally.notFound += results.filter((r) => r.needsReview).length;
  tally.failed += errors.length;
  const next = await recordProgress(id, run.current, {
    current: run.current + ids.length,
    currentItem: results.at(-1)?.title ?? null,
    result: tally,
  });
  if (next === "lost") return null; // another worker has the chunk now
  if (next === "cancelled") {
    await finishJobRun(id, "cancelled");
    return null;
  }
  return { type, skipped: [...skipped, ...ids.filter((activityId) => !written.has(activityId))] };
}
