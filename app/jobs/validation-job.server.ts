// Batch validation as a job (admin §4 'Activities are "unvalidated" until batch validation processes them', §5
// 'Batch validation', §9; issue #14): one type's checks over every activity that type has not checked yet, in
// batches of 100 (websites 50) with a 1 second pause between them, each activity's record written as it is done.
//
// What is left is read from the database before every batch (the records are the state), so a run killed mid-way
// and retried by the queue (app/jobs/queue.server.ts: the stalled-job sweep) resumes where it stopped, and nothing
// done is done twice. An activity whose check could not answer (a timeout, a Places error) stays unvalidated; it
// is left for the next run rather than tried again in a loop. The queue runs one validation job at a time, across
// processes (pg-boss's 'stately' policy and the busy check), so two runs never interleave.
import { randomUUID } from "node:crypto";
import { claimJobRun, finishJobRun, recordProgress } from "~/data/job-runs.server";
import { unvalidatedActivities } from "~/data/validations.server";
import { readTally } from "~/domain/places/jobs";
import {
  batchLimit,
  VALIDATION_BATCH_PAUSE_MS,
  VALIDATION_TYPES,
  type ValidationType,
} from "~/domain/data-quality/validation";
import { defaultValidators, validateActivities, type Validators } from "~/workflows/validate-activities.server";

export interface ValidationJobData {
  type: ValidationType;
}

export async function runValidationJob(
  id: string,
  data: ValidationJobData,
  validators: Validators = defaultValidators(),
  pauseMs = VALIDATION_BATCH_PAUSE_MS,
): Promise<void> {
  const lease = randomUUID();
  const run = await claimJobRun(id, lease);
  if (!run) return; // cancelled before it began
  const type = (VALIDATION_TYPES as readonly string[]).includes(data?.type) ? data.type : null;
  if (!type) return finishJobRun(id, lease, "failed", "Unknown validation type");
  const tally = readTally(run.result);
  let current = run.current;
  // Activities this run could not check: skipped by later batches of the same run.
  const skipped = new Set<number>();
  for (let batch = 0; ; batch++) {
    const { ids } = await unvalidatedActivities(type, batchLimit(type), [...skipped]);
    if (ids.length === 0) break;
    if (batch > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    const outcome = await validateActivities(ids, type, validators);
    if (!outcome.ok) {
      await recordProgress(id, lease, { current, currentItem: null, result: tally });
      return finishJobRun(id, lease, "failed", "message" in outcome ? outcome.message : "Validation failed");
    }
    const { results, errors } = outcome.value;
    const written = new Set(results.map((r) => r.activityId));
    for (const activityId of ids) if (!written.has(activityId)) skipped.add(activityId);
    tally.processed += results.length;
    tally.found += results.filter((r) => !r.needsReview).length;
    tally.notFound += results.filter((r) => r.needsReview).length;
    tally.failed += errors.length;
    current += ids.length;
    const next = await recordProgress(id, lease, {
      current,
      currentItem: results.at(-1)?.title ?? null,
      result: tally,
    });
    if (next === "lost") return; // another worker holds the job now
    if (next === "cancelled") return finishJobRun(id, lease, "cancelled");
  }
  await finishJobRun(id, lease, "completed");
}
