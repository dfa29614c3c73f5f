// The job queue: pg-boss 10 (Node 20; 11 wants Node 22) on the app's own database, in its own schema 'pgboss',
// so every app instance shares one queue and a queued job survives a restart.
//
// pg-boss runs through its `db` option on the connection the app already has (app/data/db.server.ts): on PostgreSQL
// its pool, on the embedded PGlite the one PGlite the process has open (only one process may open it). pg-boss
// sends its parameterless multi-statement scripts (schema, locked maintenance, each wrapped in BEGIN … COMMIT) as
// one string: those go through `exec`, which runs them whole on one connection; the rest through `query`. pg-boss
// 10 polls (no LISTEN/NOTIFY), and its advisory locks work on PGlite's single connection too.
//
// Every server process runs the workers: `npm start` on a fresh clone runs jobs with no extra step, and with
// WEB_CONCURRENCY processes on PostgreSQL pg-boss hands each job to one worker (FOR UPDATE SKIP LOCKED). The same
// model on both databases (decision 035): a run is a chain of short chunk jobs (a batch of 50–100 activities
// each) on pg-boss's own guarantees. Each chunk has an expiry tuned to a normal chunk's time, retries, and the
// run's id as its singleton key (the queues' 'singleton' policy: one chunk of a run active at a time). A chunk
// sends the next one as its last step, under an id made from the run's and the chunk's number, so a chunk run
// twice sends it once. A worker that dies leaves its chunk active until the expiry; pg-boss's maintenance then
// retries it, on any instance, and it resumes at the first unfinished item (the run row's count says where). On
// the embedded PGlite this process is the only one, so at start the chunks still active were left by a process
// that died: they are retried at once. A chunk out of retries goes to a dead-letter queue that fails its run. The
// JobRun row keeps the progress count and the cancel flag; a kind runs once at a time (startJobRun).
import { createHash, randomUUID } from "node:crypto";
import PgBoss, { type Job } from "pg-boss";
import { getDatabase, inTurn } from "~/data/db.server";
import { databaseTarget } from "~/data/adapter.server";
import { asActor } from "~/data/history.server";
import { purgeTrash } from "~/data/trash.server";
import { purgeBefore } from "~/domain/admin/history";
import { unvalidatedActivities } from "~/data/validations.server";
import {
  NOTHING_TO_VALIDATE,
  VALIDATION_BATCH_PAUSE_MS,
  VALIDATION_BUSY,
  type ValidationType,
} from "~/domain/data-quality/validation";
import {
  activeJobRun,
  discardJobRun,
  finishJobRun,
  getJobRun,
  requestCancel,
  startJobRun,
  type JobRunRow,
} from "~/data/job-runs.server";
import { BULK_MESSAGES } from "~/domain/activities/activity-form";
import {
  isActive,
  JOB_KINDS,
  JOB_LABELS,
  jobItemsCost,
  PLACES_CHUNK_EXPIRY_SECONDS,
  PLACES_CHUNK_MARGIN_SECONDS,
  validationChunkExpirySeconds,
  type JobKind,
  type PlacesJobKind,
} from "~/domain/places/jobs";
import { env } from "~/env.server";
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
import { runPlacesChunk, type PlacesChunkData, type PlacesJobData } from "./places-jobs.server";
import { runValidationChunk, type ValidationChunkData, type ValidationJobData } from "./validation-job.server";

type JobData = PlacesJobData | ValidationJobData;
/** A chunk job's data: its run, its number in the run's chain, and what its kind's runner reads. */
type ChunkData = { runId: string; chunk: number } & (PlacesChunkData | ValidationChunkData);

const POLL_SECONDS = 1;
/** How often pg-boss's maintenance fails (so retries) chunks past their expiry (its default is 2 minutes). */
const MAINTENANCE_SECONDS = 10;
/** A chunk's tries after its first (a worker killed, a database error), and the pause before each. */
const CHUNK_RETRIES = 5;
const CHUNK_RETRY_DELAY_SECONDS = 2;
/** The pause before a places run's next chunk (a validation run pauses VALIDATION_BATCH_PAUSE_MS between batches). */
const PLACES_CHUNK_PAUSE_SECONDS = 1;

/** Where pg-boss sends a chunk out of retries: its worker fails the run (dead-letter queue). */
export const CHUNK_FAILED_QUEUE = "job-chunk-failed";

interface Queue {
  boss: PgBoss;
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
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
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

/** The job kinds' queues: a chunk of a run active at a time (its singleton key), retried, then dead-lettered. */
const CHUNK_QUEUE = {
  policy: "singleton",
  retryLimit: CHUNK_RETRIES,
  retryDelay: CHUNK_RETRY_DELAY_SECONDS,
  deadLetter: CHUNK_FAILED_QUEUE,
} as const;

/**
 * Starts pg-boss and makes the queues one process at a time: on a fresh database every process starting at once
 * would create pg-boss's schema together, and all but one failed (a duplicate schema, a deadlock). A queue made
 * by an older version (one long job per run, 'stately') is brought to the chunks' settings.
 */
export async function setUpQueue(boss: PgBoss): Promise<void> {
  await inTurn(QUEUE_SETUP_LOCK, async () => {
    await boss.start();
    for (const name of [CHUNK_FAILED_QUEUE, PURGE_TRASH_QUEUE, RATING_REFRESH_QUEUE]) {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { name });
    }
    for (const kind of JOB_KINDS) {
      const queue = await boss.getQueue(kind);
      if (!queue) await boss.createQueue(kind, { name: kind, ...CHUNK_QUEUE });
      else if (queue.policy !== CHUNK_QUEUE.policy || queue.deadLetter !== CHUNK_FAILED_QUEUE) {
        await boss.updateQueue(kind, { name: kind, ...CHUNK_QUEUE });
      }
    }
  });
}

/**
 * The embedded PGlite is one process's (the data-directory lock): chunks still active when it starts were left by
 * a process that died. Failing them in pg-boss retries them now instead of after their expiry.
 */
async function retryLeftChunks(boss: PgBoss): Promise<void> {
  if (databaseTarget().kind !== "pglite") return;
  const { raw } = await getDatabase();
  const { rows } = await raw.query<{ name: string; id: string }>(
    "SELECT name, id::text AS id FROM pgboss.job WHERE state = 'active' AND name = ANY($1::text[])",
    [[...JOB_KINDS]],
  );
  for (const { name, id } of rows) {
    await boss.fail(name, id, { message: "The server stopped; resuming" });
    log().info({ job: id, kind: name }, `Job ${name}: a chunk left by a stopped server is retried`);
  }
}

async function start(): Promise<Queue> {
  const boss = await bossForDatabase();
  boss.on("error", (error) => console.error("Job queue:", error));
  await setUpQueue(boss);
  await retryLeftChunks(boss);
  for (const kind of JOB_KINDS) {
    await boss.work<ChunkData>(kind, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, ([job]) =>
      runChunk(boss, kind, job),
    );
  }
  await boss.work<Partial<ChunkData>>(
    CHUNK_FAILED_QUEUE,
    { pollingIntervalSeconds: 5, batchSize: 1 },
    async ([job]) => {
      if (typeof job.data?.runId !== "string") return;
      await finishJobRun(job.data.runId, "failed", "The job stopped and could not be resumed.");
    },
  );
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
  return { boss, purge, ratingRefresh };
}

/**
 * One chunk of a run: its batch, then the next chunk queued (or the run ended). A throw fails the chunk in pg-boss,
 * which retries it.
 */
async function runChunk(boss: PgBoss, kind: JobKind, job: Job<ChunkData>): Promise<void> {
  const { runId, chunk } = job.data;
  const before = (await getJobRun(runId))?.current ?? 0;
  if (chunk === 0 && before === 0) {
    jobRuns.inc({ kind, event: "started" });
    log().info({ job: runId, kind }, `Job ${kind} started`);
  }
  try {
    // What the job writes is recorded in the history under its name.
    // What it changed on public pages is purged from the shared caches in front when the chunk ends.
    const next = await purgeCachesAfterWrites(() =>
      asActor(`job:${kind}`, async () => {
        if (kind === "validate") {
          const data = await runValidationChunk(runId, job.data as ValidationChunkData);
          return data && { data, pause: VALIDATION_BATCH_PAUSE_MS / 1000 };
        }
        // The worker stops taking items before the expiry, so pg-boss never hands on a chunk still being worked.
        const margin = Math.min(PLACES_CHUNK_MARGIN_SECONDS, job.expireInSeconds / 2);
        const deadline = Date.now() + (job.expireInSeconds - margin) * 1000;
        const data = job.data as PlacesChunkData;
        const from = await runPlacesChunk(kind, runId, data, undefined, deadline);
        return from === null
          ? null
          : { data: { activityIds: data.activityIds, from }, pause: PLACES_CHUNK_PAUSE_SECONDS };
      }),
    );
    if (next) await sendChunk(boss, kind, runId, chunk + 1, next.data, next.pause);
  } finally {
    await countChunk(kind, runId, before, (job.data as Partial<ValidationJobData>)?.type);
  }
}

/** A chunk's pg-boss id: the run's own for the first, then one made from the run's id and the chunk's number. */
function chunkId(runId: string, chunk: number): string {
  if (chunk === 0) return runId;
  const hex = createHash("sha256").update(`${runId}:${chunk}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Queues chunk number `chunk` of a run (nothing when it is queued already: the id is taken). */
async function sendChunk(
  boss: PgBoss,
  kind: JobKind,
  runId: string,
  chunk: number,
  data: PlacesChunkData | ValidationChunkData,
  pauseSeconds: number,
): Promise<string | null> {
  return boss.send(kind, { ...data, runId, chunk } satisfies ChunkData, {
    id: chunkId(runId, chunk),
    singletonKey: runId,
    expireInSeconds:
      env().JOB_CHUNK_EXPIRY_SECONDS ??
      (kind === "validate"
        ? validationChunkExpirySeconds((data as ValidationChunkData).type)
        : PLACES_CHUNK_EXPIRY_SECONDS),
    ...(pauseSeconds > 0 ? { startAfter: pauseSeconds } : {}),
  });
}

/** The metrics of a chunk: the items it processed, their estimated cost, and how the run ended. */
async function countChunk(kind: JobKind, id: string, before: number, validationType?: string): Promise<void> {
  const run = await getJobRun(id).catch(() => null);
  if (!run) return;
  const items = Math.max(0, run.current - before);
  jobItems.inc({ kind }, items);
  outsideCost.inc({ kind }, jobItemsCost(kind, items, validationType));
  if (isActive(run.status)) return;
  jobRuns.inc({ kind, event: run.status });
  log().info({ job: id, kind, status: run.status, items: run.current }, `Job ${kind} ${run.status}`);
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
  clearInterval(queue.purge);
  clearInterval(queue.ratingRefresh);
  await queue.boss.stop({ graceful: true, wait: true, timeout: 5000 });
}

export type EnqueueResult = { ok: true; run: JobRunRow } | { ok: false; reason: "busy"; run: JobRunRow | null };

/**
 * Queues a run of `kind` (its progress row first, so a worker always finds it), refused while one of its kind is
 * queued or running: a places run over `activityIds`, or a validation run over the `total` activities its type has
 * left.
 */
export async function enqueue(
  kind: JobKind,
  data: JobData,
  createdBy: string,
  total = "activityIds" in data ? data.activityIds.length : 0,
): Promise<EnqueueResult> {
  const { boss } = await startJobs();
  const id = randomUUID();
  const started = await startJobRun({ id, kind, total, createdBy });
  if (!started.started) return { ok: false, reason: "busy", run: started.run };
  const first = "activityIds" in data ? { activityIds: data.activityIds, from: 0 } : data;
  const sent = await sendChunk(boss, kind, id, 0, first, 0).catch(async (error: unknown) => {
    await discardJobRun(id);
    throw error;
  });
  if (!sent) {
    await discardJobRun(id);
    throw new Error(`The queue refused job ${id}`);
  }
  // Written in the scope of the request that asked (its id on the line): the job's own lines name the job.
  log().info({ job: id, kind, total, createdBy }, `Job ${kind} queued`);
  return { ok: true, run: started.run };
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
  const queued = await enqueue("validate", { type }, createdBy, total);
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
  const queued = await enqueue(kind, { activityIds }, createdBy);
  return queued.ok ? { ok: true, run: queued.run } : { ok: false, message: PLACES_JOB_REFUSALS[kind].busy };
}
