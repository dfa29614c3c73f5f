// The job queue: pg-boss 10 (Node 20; 11 wants Node 22) on the app's own database, in its own schema 'pgboss',
// so every app instance shares one queue and a queued job survives a restart.
//
// pg-boss runs through its `db` option on the connection the app already has (app/data/db.server.ts): on PostgreSQL
// its pool, on the embedded PGlite the one PGlite the process has open (only one process may open it). pg-boss
// sends its parameterless multi-statement scripts (schema, locked maintenance, each wrapped in BEGIN … COMMIT) as
// one string: those go through `exec`, which runs them whole on one connection; the rest through `query`. pg-boss
// 10 polls (no LISTEN/NOTIFY), and its advisory locks work on PGlite's single connection too.
//
// Every server process runs the workers (one per kind, one job at a time each): `npm start` on a fresh clone runs
// jobs with no extra step, and with WEB_CONCURRENCY processes on PostgreSQL pg-boss hands each job to one worker
// (FOR UPDATE SKIP LOCKED). A kind runs once at a time: the queues' 'stately' policy keeps at most one job queued
// and one active, and enqueue refuses while one is queued or running.
//
// A worker that dies (the process is killed) leaves its job 'active' in pg-boss. Every few seconds each process
// sweeps the running jobs and fails, in pg-boss, those whose worker is gone, which retries them: the next worker
// resumes at the first unfinished item (the progress row says where), under a new lease. A worker is gone when its
// job is not running in this process and, on PostgreSQL, nobody holds the job's worker lock (job-runs.server.ts:
// the server drops it when the process dies), so a killed instance's job moves on within seconds; on the embedded
// PGlite this process is the only one, so a running job it is not running was left by a process that died. A
// worker that hangs is found by its progress row not moving for STALL_AFTER_MS.
import { randomUUID } from "node:crypto";
import PgBoss from "pg-boss";
import { getDatabase, inTurn } from "~/data/db.server";
import { asActor } from "~/data/history.server";
import { purgeTrash } from "~/data/trash.server";
import { purgeBefore } from "~/domain/admin/history";
import { unvalidatedActivities } from "~/data/validations.server";
import { NOTHING_TO_VALIDATE, VALIDATION_BUSY, type ValidationType } from "~/domain/data-quality/validation";
import {
  activeJobRun,
  createJobRun,
  discardJobRun,
  finishJobRun,
  getJobRun,
  holdWorkerLock,
  requestCancel,
  runningJobRuns,
  workerLockHeld,
  type JobRunRow,
} from "~/data/job-runs.server";
import { BULK_MESSAGES } from "~/domain/activities/activity-form";
import { isActive, JOB_KINDS, JOB_LABELS, jobItemsCost, type JobKind, type PlacesJobKind } from "~/domain/places/jobs";
import { log } from "~/logger.server";
import { jobItems, jobRuns, outsideCost } from "~/metrics.server";
import { PLACES_NOT_CONFIGURED_MESSAGE } from "~/domain/places/places";
import { placesConfig } from "~/services/google-places.server";
import { purgeCachesAfterWrites } from "~/workflows/purge-after-writes.server";
import {
  ratingRefreshSettingsState,
  scheduledSpendThisMonth,
  SCHEDULED_REFRESH_CREATOR,
  staleRatingActivityIds,
} from "~/data/rating-refresh.server";
import { affordableRefreshes, staleBefore } from "~/domain/places/rating-freshness";
import { runPlacesJob, type PlacesJobData } from "./places-jobs.server";
import { runValidationJob, type ValidationJobData } from "./validation-job.server";

type JobData = PlacesJobData | ValidationJobData;

/** Progress rows that have not moved for this long belong to a dead worker (an item takes well under a minute). */
export const STALL_AFTER_MS = 5 * 60_000;
const SWEEP_EVERY_MS = 5000;
const POLL_SECONDS = 1;

/** The jobs this process's workers are running. */
const runningHere = new Set<string>();
/**
 * The active jobs the last sweep found without a worker, with when pg-boss handed each out: a worker just handed
 * a job takes its lock at once, so one still without a worker at the next sweep, the same hand-out, is dead.
 */
let goneAtLastSweep = new Map<string, number>();

interface Queue {
  boss: PgBoss;
  sweep: ReturnType<typeof setInterval>;
  purge: ReturnType<typeof setInterval>;
  ratingRefresh: ReturnType<typeof setInterval>;
}

/**
 * The trash's purge (issue #24, decision 016): a maintenance queue beside the admin's JOB_KINDS. Every process asks
 * for it at start and hourly; pg-boss's throttle (one job per key and UTC day, on its unique index) makes that one
 * run a day across all instances, on whichever worker takes it: a cron-like schedule without pg-boss's own scheduler,
 * which would poll every few seconds in every process.
 */
export const PURGE_TRASH_QUEUE = "purge-trash";
const PURGE_ASKED_EVERY_MS = 60 * 60_000;

/** Asks for today's purge; nothing when today's was asked for already (by this process or another). */
export async function schedulePurge(boss: PgBoss): Promise<string | null> {
  return boss.send(PURGE_TRASH_QUEUE, {}, { singletonKey: "daily", singletonHours: 24, retryLimit: 3 });
}

/** The purge job: removes for good what has been in the trash more than 30 days; how many. */
export async function runPurgeJob(now = new Date()): Promise<number> {
  const purged = await asActor(`job:${PURGE_TRASH_QUEUE}`, () => purgeTrash(purgeBefore(now)));
  if (purged > 0) console.log(`Trash: removed ${purged} rows deleted more than 30 days ago.`);
  return purged;
}

/**
 * The scheduled rating refresh (issue #29, decision 021): the same pattern as the purge, one tick a UTC day across
 * all instances, asked for at start and hourly. The tick starts a Refresh Ratings run (the admin's job, its
 * per-activity work, progress and history) over the activities whose Google rating is older than the Settings
 * tab's days, oldest first, as many as the month's cost cap still pays for; nothing when it is off.
 */
export const RATING_REFRESH_QUEUE = "scheduled-rating-refresh";

/** Asks for today's tick; nothing when today's was asked for already (by this process or another). */
export async function scheduleRatingRefresh(boss: PgBoss): Promise<string | null> {
  return boss.send(RATING_REFRESH_QUEUE, {}, { singletonKey: "daily", singletonHours: 24, retryLimit: 3 });
}

export type ScheduledRefreshOutcome =
  | { started: true; run: JobRunRow }
  | { started: false; reason: "off" | "not-configured" | "cap-reached" | "nothing-due" | "busy"; message: string };

/** The tick: starts the scheduled run when it is on, configured, within its cap and something is due. */
export async function runScheduledRatingRefresh(now = new Date()): Promise<ScheduledRefreshOutcome> {
  const { settings } = await ratingRefreshSettingsState();
  if (!settings.enabled) return { started: false, reason: "off", message: "The scheduled rating refresh is off." };
  if (!placesConfig()) return { started: false, reason: "not-configured", message: PLACES_NOT_CONFIGURED_MESSAGE };
  const affordable = affordableRefreshes(settings.monthlyCap, await scheduledSpendThisMonth(now));
  if (affordable === 0) {
    return { started: false, reason: "cap-reached", message: "This month's cost cap is reached." };
  }
  const ids = await staleRatingActivityIds(staleBefore(now, settings.maxAgeDays), affordable);
  if (ids.length === 0) return { started: false, reason: "nothing-due", message: "No rating is due." };
  const started = await startPlacesJob("refresh-ratings", ids, SCHEDULED_REFRESH_CREATOR);
  if (!started.ok) return { started: false, reason: "busy", message: started.message };
  console.log(`Scheduled rating refresh: ${ids.length} activities queued.`);
  return { started: true, run: started.run };
}

let started: Promise<Queue> | undefined;

export async function bossForDatabase(): Promise<PgBoss> {
  const { raw } = await getDatabase();
  return new PgBoss({
    schedule: false,
    db: {
      async executeSql(text: string, values: unknown[]) {
        if (!values || values.length === 0) {
          // exec answers one result per statement (PGlite always a list; node-postgres a list only for several).
          const results = (await raw.exec(text)) as { rows: unknown[] } | { rows: unknown[] }[];
          return { rows: (Array.isArray(results) ? results.at(-1)?.rows : results?.rows) ?? [] };
        }
        return raw.query(text, values);
      },
    },
  });
}

/** The advisory lock the server processes take turns on while they set up the queue (see setUpQueue). */
const QUEUE_SETUP_LOCK = 72707202;

/**
 * Starts pg-boss and makes the queues one process at a time: on a fresh database every process starting at once
 * would create pg-boss's schema together, and all but one failed (a duplicate schema, a deadlock).
 */
export async function setUpQueue(boss: PgBoss): Promise<void> {
  await inTurn(QUEUE_SETUP_LOCK, async () => {
    await boss.start();
    for (const kind of JOB_KINDS) {
      if (!(await boss.getQueue(kind))) {
        // Retries are for a worker that died mid-way (see the sweep); a job's own failures end it with a message.
        await boss.createQueue(kind, { name: kind, policy: "stately", retryLimit: 5, retryDelay: 5 });
      }
    }
    if (!(await boss.getQueue(PURGE_TRASH_QUEUE)))
      await boss.createQueue(PURGE_TRASH_QUEUE, { name: PURGE_TRASH_QUEUE });
    if (!(await boss.getQueue(RATING_REFRESH_QUEUE)))
      await boss.createQueue(RATING_REFRESH_QUEUE, { name: RATING_REFRESH_QUEUE });
  });
}

async function start(): Promise<Queue> {
  const boss = await bossForDatabase();
  boss.on("error", (error) => console.error("Job queue:", error));
  await setUpQueue(boss);
  for (const kind of JOB_KINDS) {
    await boss.work<JobData>(kind, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async ([job]) => {
      // Not a gate: a worker that hangs keeps its lock, and the one after it runs anyway (the lease stops the other).
      const releaseLock = await holdWorkerLock(job.id);
      runningHere.add(job.id);
      const before = (await getJobRun(job.id))?.current ?? 0;
      jobRuns.inc({ kind, event: "started" });
      log().info({ job: job.id, kind }, `Job ${kind} started`);
      try {
        // What the job writes is recorded in the history under its name.
        // What it changed on public pages is purged from the shared caches in front when it ends.
        await purgeCachesAfterWrites(() =>
          asActor(`job:${kind}`, async () => {
            if (kind === "validate") await runValidationJob(job.id, job.data as ValidationJobData);
            else await runPlacesJob(kind, job.id, job.data as PlacesJobData);
          }),
        );
      } finally {
        runningHere.delete(job.id);
        await releaseLock?.();
        await countRun(kind, job.id, before, (job.data as Partial<ValidationJobData>)?.type);
      }
    });
  }
  const sweep = setInterval(() => void sweepStalled(boss).catch((e) => console.error("Job sweep:", e)), SWEEP_EVERY_MS);
  sweep.unref();
  await boss.work(PURGE_TRASH_QUEUE, { pollingIntervalSeconds: 60, batchSize: 1 }, async () => {
    await purgeCachesAfterWrites(() => runPurgeJob());
  });
  const askForPurge = () => void schedulePurge(boss).catch((e) => console.error("Trash purge:", e));
  askForPurge();
  const purge = setInterval(askForPurge, PURGE_ASKED_EVERY_MS);
  purge.unref();
  await boss.work(RATING_REFRESH_QUEUE, { pollingIntervalSeconds: 60, batchSize: 1 }, async () => {
    await purgeCachesAfterWrites(() => runScheduledRatingRefresh());
  });
  const askForRefresh = () => void scheduleRatingRefresh(boss).catch((e) => console.error("Rating refresh:", e));
  askForRefresh();
  const ratingRefresh = setInterval(askForRefresh, PURGE_ASKED_EVERY_MS);
  ratingRefresh.unref();
  return { boss, sweep, purge, ratingRefresh };
}

/** The metrics of a worker's turn at a run: the items it processed, their estimated cost, and how the run ended. */
async function countRun(kind: JobKind, id: string, before: number, validationType?: string): Promise<void> {
  const run = await getJobRun(id).catch(() => null);
  if (!run) return;
  const items = Math.max(0, run.current - before);
  jobItems.inc({ kind }, items);
  outsideCost.inc({ kind }, jobItemsCost(kind, items, validationType));
  if (!isActive(run.status)) jobRuns.inc({ kind, event: run.status });
  log().info({ job: id, kind, status: run.status, items }, `Job ${kind} ${run.status}`);
}

/** Starts the queue and this process's workers once (the server calls it at start-up; enqueue on first use). */
export function startJobs(): Promise<Queue> {
  started ??= start().catch((error: unknown) => {
    started = undefined;
    throw error;
  });
  return started;
}

/** Stops taking jobs and waits a little for the running ones (graceful shutdown); they resume elsewhere if cut. */
export async function stopJobs(): Promise<void> {
  if (!started) return;
  const queue = await started.catch(() => undefined);
  started = undefined;
  if (!queue) return;
  clearInterval(queue.sweep);
  clearInterval(queue.purge);
  clearInterval(queue.ratingRefresh);
  await queue.boss.stop({ graceful: true, wait: true, timeout: 5000 });
}

/**
 * Fails, in pg-boss, the running jobs whose worker is gone (or stopped writing progress for `stallAfterMs`), so
 * they are retried (resumed); ends those pg-boss can no longer hand on.
 */
export async function sweepStalled(boss: PgBoss, stallAfterMs = STALL_AFTER_MS): Promise<void> {
  const now = Date.now();
  const gone = new Map<string, number>();
  for (const run of await runningJobRuns()) {
    const stalled = run.updatedAt.getTime() < now - stallAfterMs;
    if (!stalled && !(await workerGone(run.id))) continue;
    const job = await boss.getJobById(run.kind, run.id);
    if (job?.state === "active") {
      const handedOut = new Date(job.startedOn).getTime();
      if (stalled || goneAtLastSweep.get(run.id) === handedOut) {
        await boss.fail(run.kind, run.id, { message: "The worker stopped; resuming" });
      } else gone.set(run.id, handedOut);
    } else if (stalled && (!job || job.state === "completed" || job.state === "failed" || job.state === "cancelled")) {
      const lease = (await getJobRun(run.id))?.lease ?? null;
      await finishJobRun(run.id, lease, "failed", "The worker stopped and the job could not be resumed.");
    }
  }
  goneAtLastSweep = gone;
}

/** Whether a running job's worker is known to be gone (see the header). */
async function workerGone(id: string): Promise<boolean> {
  if (runningHere.has(id)) return false;
  const held = await workerLockHeld(id);
  return held === null || !held;
}

export type EnqueueResult = { ok: true; run: JobRunRow } | { ok: false; reason: "busy"; run: JobRunRow | null };

/**
 * Queues a job of `kind` (its progress row first, so a worker always finds it): a places job over `activityIds`,
 * or a validation run over the `total` activities its type has left.
 */
export async function enqueue(
  kind: JobKind,
  data: JobData,
  createdBy: string,
  busy: () => Promise<JobRunRow | null>,
  total = "activityIds" in data ? data.activityIds.length : 0,
): Promise<EnqueueResult> {
  const running = await busy();
  if (running) return { ok: false, reason: "busy", run: running };
  const { boss } = await startJobs();
  const id = randomUUID();
  const run = await createJobRun({ id, kind, total, createdBy });
  // Long runs are normal (thousands of items); a dead worker is found by the sweep, not by pg-boss's expiry.
  const sent = await boss.send(kind, data, { id, expireInHours: 12 });
  if (!sent) {
    // pg-boss's policy refused a second one (another instance queued one just now): this one never existed.
    await discardJobRun(id);
    return { ok: false, reason: "busy", run: await busy() };
  }
  // Written in the scope of the request that asked (its id on the line): the job's own lines name the job.
  log().info({ job: id, kind, total, createdBy }, `Job ${kind} queued`);
  return { ok: true, run };
}

/** Cancels a queued job in pg-boss too (a running one stops itself at its next item). */
export async function cancelQueued(kind: JobKind, id: string): Promise<void> {
  const { boss } = await startJobs();
  await boss.cancel(kind, id);
}

/**
 * The admin's Cancel (a queued job at once, a running one after the item it is on; what it did is kept): what
 * happened, in words for the toast; null when there is no such job.
 */
export async function cancelJob(id: string): Promise<string | null> {
  const before = await requestCancel(id.slice(0, 64));
  if (!before) return null;
  const kind = before.kind as JobKind;
  const known = (JOB_KINDS as readonly string[]).includes(kind);
  if (before.status === "cancelled" && known) await cancelQueued(kind, before.id);
  const label = known ? JOB_LABELS[kind] : "Job";
  if (before.status === "running") return `${label} stops after the activity it is on; what it did is kept.`;
  if (before.status === "cancelled") return `${label} was cancelled.`;
  return `${label} had already finished.`;
}

export type ValidationStart =
  { ok: true; run: JobRunRow } | { ok: false; reason: "nothing" | "busy"; message: string; run: JobRunRow | null };

/**
 * Starts batch validation of `type` in the background (the Data-quality tab's cards, POST /api/validation/start):
 * refused when the type has nothing left (§8 'No websites to validate' and its siblings) or a run is going on.
 */
export async function startValidationRun(type: ValidationType, createdBy: string): Promise<ValidationStart> {
  const { total } = await unvalidatedActivities(type, 0);
  if (total === 0) return { ok: false, reason: "nothing", message: NOTHING_TO_VALIDATE[type], run: null };
  const queued = await enqueue("validate", { type }, createdBy, () => activeJobRun("validate"), total);
  if (!queued.ok) return { ok: false, reason: "busy", message: VALIDATION_BUSY, run: queued.run };
  return { ok: true, run: queued.run };
}

const PLACES_JOB_REFUSALS = {
  "refresh-ratings": {
    none: "There are no activities to refresh.",
    busy: "Refresh Ratings is already running; its progress is on the Activities tab.",
  },
  "enhance-photos": {
    none: BULK_MESSAGES.noneSelected,
    busy: "Enhance Photos is already running; its progress is on the Activities tab.",
  },
} as const;

export type PlacesJobStart = { ok: true; run: JobRunRow } | { ok: false; message: string };

/**
 * Why a places job cannot start now (no activities, no key, one already going), or null: what the confirmation
 * pages show before anyone confirms.
 */
export async function placesJobRefusal(kind: PlacesJobKind, count: number): Promise<string | null> {
  if (count === 0) return PLACES_JOB_REFUSALS[kind].none;
  if (!placesConfig()) return PLACES_NOT_CONFIGURED_MESSAGE;
  if (await activeJobRun(kind)) return PLACES_JOB_REFUSALS[kind].busy;
  return null;
}

/**
 * Starts Refresh Ratings or Enhance Photos over `activityIds` (the pages' confirmations and the bulk API calls
 * refresh-all-google-ratings, fetch-all-google-photos, bulk-photo-enhancement).
 */
export async function startPlacesJob(
  kind: PlacesJobKind,
  activityIds: number[],
  createdBy: string,
): Promise<PlacesJobStart> {
  const refused = await placesJobRefusal(kind, activityIds.length);
  if (refused) return { ok: false, message: refused };
  const queued = await enqueue(kind, { activityIds }, createdBy, () => activeJobRun(kind));
  return queued.ok ? { ok: true, run: queued.run } : { ok: false, message: PLACES_JOB_REFUSALS[kind].busy };
}
