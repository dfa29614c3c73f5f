// The JobRun table: one row per background job, what the admin's progress section reads and where a job resumes
// from. The queue itself is pg-boss's (app/jobs/queue.server.ts); `id` is its job id.
import type { JobKind, JobStatus, JobTally } from "~/domain/places/jobs";
import { db, getDatabase } from "./db.server";

/** How many runs of a kind keep their per-activity results (a ratings refresh of every activity is one per row). */
export const JOB_RUNS_WITH_ITEMS = 5;

export async function createJobRun(run: { id: string; kind: JobKind; total: number; createdBy: string }) {
  const prisma = await db();
  const created = await prisma.jobRun.create({ data: { ...run, status: "queued" } });
  // Older runs keep their progress row (the tally), not their per-activity results.
  const older = await prisma.jobRun.findMany({
    where: { kind: run.kind },
    orderBy: { createdAt: "desc" },
    skip: JOB_RUNS_WITH_ITEMS,
    select: { id: true },
  });
  if (older.length > 0) await prisma.jobRunItem.deleteMany({ where: { jobRunId: { in: older.map((r) => r.id) } } });
  return created;
}

export async function getJobRun(id: string) {
  const prisma = await db();
  return prisma.jobRun.findUnique({ where: { id } });
}

export type JobRunRow = NonNullable<Awaited<ReturnType<typeof getJobRun>>>;

/** What a places job did for one activity (a JobRunItem row without its keys). */
export type JobItem = {
  activityId: number;
  title: string | null;
  success: boolean;
  outcome: "found" | "none" | "failed";
  googleRating?: number | null;
  googleReviewCount?: number | null;
  photoCount?: number | null;
  error?: string | null;
};

/** A page of a run's per-activity results, in the order the run took them. */
export async function jobRunItems(id: string, { skip, take }: { skip: number; take: number }) {
  const prisma = await db();
  const [items, total] = await Promise.all([
    prisma.jobRunItem.findMany({ where: { jobRunId: id }, orderBy: { position: "asc" }, skip, take }),
    prisma.jobRunItem.count({ where: { jobRunId: id } }),
  ]);
  return { items, total };
}

/** The job of this kind that is queued or running, if any (a kind runs once at a time). */
export async function activeJobRun(kind: JobKind) {
  const prisma = await db();
  return prisma.jobRun.findFirst({
    where: { kind, status: { in: ["queued", "running"] } },
    orderBy: { createdAt: "desc" },
  });
}

/** The latest job of each kind, newest first (the Activities tab's jobs section). */
export async function latestJobRuns(kinds: readonly JobKind[]) {
  const prisma = await db();
  const rows = await Promise.all(
    kinds.map((kind) => prisma.jobRun.findFirst({ where: { kind }, orderBy: { createdAt: "desc" } })),
  );
  return rows.filter((r): r is JobRunRow => r !== null);
}

/** A worker takes the job: its lease from now on; false when the job is already over (cancelled before it began). */
export async function claimJobRun(id: string, lease: string): Promise<JobRunRow | null> {
  const prisma = await db();
  const { count } = await prisma.jobRun.updateMany({
    where: { id, status: { in: ["queued", "running"] } },
    data: { status: "running", lease, updatedAt: new Date() },
  });
  if (count === 0) return null;
  const prismaRow = await prisma.jobRun.findUnique({ where: { id } });
  if (prismaRow && !prismaRow.startedAt) {
    return prisma.jobRun.update({ where: { id }, data: { startedAt: new Date() } });
  }
  return prismaRow;
}

/**
 * Records progress under the worker's lease: false when the lease was taken over (the job was handed to another
 * worker) or a cancel was asked for, so the worker stops.
 */
export async function recordProgress(
  id: string,
  lease: string,
  progress: { current: number; currentItem: string | null; result: JobTally },
  /** What the run did for the item it just finished (at position current - 1). */
  item?: JobItem,
): Promise<"continue" | "cancelled" | "lost"> {
  const prisma = await db();
  const count = await prisma.$transaction(async (tx) => {
    const { count } = await tx.jobRun.updateMany({
      where: { id, lease, status: "running" },
      data: { ...progress, result: { ...progress.result }, updatedAt: new Date() },
    });
    if (count > 0 && item) {
      const position = progress.current - 1;
      await tx.jobRunItem.upsert({
        where: { jobRunId_position: { jobRunId: id, position } },
        create: { jobRunId: id, position, ...item },
        update: item,
      });
    }
    return count;
  });
  if (count === 0) return "lost";
  const row = await prisma.jobRun.findUnique({ where: { id }, select: { cancelRequested: true } });
  return row?.cancelRequested ? "cancelled" : "continue";
}

/** Ends the job (under the lease) as completed, failed (with why) or cancelled. */
export async function finishJobRun(id: string, lease: string | null, status: Exclude<JobStatus, "queued" | "running">, error?: string) {
  const prisma = await db();
  await prisma.jobRun.updateMany({
    where: { id, lease },
    data: { status, error: error ?? null, currentItem: null, finishedAt: new Date(), updatedAt: new Date() },
  });
}

/** Removes the row of a job that was never queued (the queue refused it): a refused start leaves no run behind. */
export async function discardJobRun(id: string) {
  const prisma = await db();
  await prisma.jobRun.deleteMany({ where: { id, status: "queued", startedAt: null } });
}

/** Asks a job to stop: a queued one is cancelled at once, a running one at its next item. */
export async function requestCancel(id: string): Promise<JobRunRow | null> {
  const prisma = await db();
  const row = await prisma.jobRun.findUnique({ where: { id } });
  if (!row) return null;
  if (row.status === "queued") {
    await prisma.jobRun.updateMany({
      where: { id, status: "queued" },
      data: { status: "cancelled", cancelRequested: true, finishedAt: new Date(), updatedAt: new Date() },
    });
  } else if (row.status === "running") {
    await prisma.jobRun.update({ where: { id }, data: { cancelRequested: true } });
  }
  return prisma.jobRun.findUnique({ where: { id } });
}

/** The running jobs and when each last wrote: the sweep's candidates (a dead or hung worker). */
export async function runningJobRuns() {
  const prisma = await db();
  return prisma.jobRun.findMany({ where: { status: "running" }, select: { id: true, kind: true, updatedAt: true } });
}

// The worker lock: on PostgreSQL a running job's worker holds a session advisory lock keyed on the job, on a
// connection of its own. The server drops the lock the moment that process (or its connection) dies, so any
// instance can tell a dead worker from a slow one at once, without waiting for its progress to go stale.
const WORKER_LOCK_KEY = "hashtextextended('job-run:' || $1, 0)";

/**
 * Takes the job's worker lock for as long as the worker runs it: the function that gives it back, or null on the
 * embedded PGlite (one process: there is no other instance to tell) or when another live worker still holds it.
 */
export async function holdWorkerLock(id: string): Promise<(() => Promise<void>) | null> {
  const reserved = await (await getDatabase()).reserve();
  if (!reserved) return null;
  try {
    const { rows } = await reserved.sql.query<{ held: boolean }>(
      `SELECT pg_try_advisory_lock(${WORKER_LOCK_KEY}) AS held`,
      [id],
    );
    if (!rows[0]?.held) {
      reserved.release();
      return null;
    }
  } catch (error) {
    reserved.release(error as Error);
    throw error;
  }
  return async () => {
    try {
      await reserved.sql.query(`SELECT pg_advisory_unlock(${WORKER_LOCK_KEY})`, [id]);
      reserved.release();
    } catch (error) {
      // Closing the connection drops the lock too.
      reserved.release(error as Error);
    }
  };
}

/**
 * Whether some live process holds the job's worker lock (PostgreSQL); null on the embedded PGlite, where it cannot
 * be told this way. A transaction-level try of the same lock succeeds only when no session holds it, and ends with
 * the statement.
 */
export async function workerLockHeld(id: string): Promise<boolean | null> {
  const reserved = await (await getDatabase()).reserve();
  if (!reserved) return null;
  try {
    const { rows } = await reserved.sql.query<{ free: boolean }>(
      `SELECT pg_try_advisory_xact_lock(${WORKER_LOCK_KEY}) AS free`,
      [id],
    );
    reserved.release();
    return !rows[0]?.free;
  } catch (error) {
    reserved.release(error as Error);
    throw error;
  }
}
