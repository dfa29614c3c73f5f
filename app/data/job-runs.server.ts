// The JobRun table: one row per background run, its progress counter and cancel flag (what the admin's progress
// section reads, and where a run's next chunk starts). The queue itself is pg-boss's (app/jobs/queue.server.ts,
// decision 035): a run is a chain of short chunk jobs, the first of which has the run's id.
import type { JobKind, JobStatus, JobTally } from "~/domain/places/jobs";
import { db } from "./db.server";

/** How many runs of a kind keep their per-activity results (a ratings refresh of every activity is one per row). */
export const JOB_RUNS_WITH_ITEMS = 5;

export async function createJobRun(run: { id: string; kind: JobKind; total: number; createdBy: string }) {
  const prisma = await db();
  await prisma.jobRun.create({ data: { ...run, status: "queued" } });
  return createdJobRun(run.kind, run.id);
}

/** A run just made: older runs of its kind keep their progress row (the tally), not their per-activity results. */
async function createdJobRun(kind: JobKind, id: string): Promise<JobRunRow> {
  const prisma = await db();
  const older = await prisma.jobRun.findMany({
    where: { kind },
    orderBy: { createdAt: "desc" },
    skip: JOB_RUNS_WITH_ITEMS,
    select: { id: true },
  });
  if (older.length > 0) await prisma.jobRunItem.deleteMany({ where: { jobRunId: { in: older.map((r) => r.id) } } });
  return (await prisma.jobRun.findUnique({ where: { id } }))!;
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

/**
 * Queues a run unless one of its kind is queued or running (a kind runs once at a time): the new row, or the one
 * in the way. The check and the insert hold a transaction lock on the kind, so two starts at once, in one process
 * or in two, make one run.
 */
export async function startJobRun(run: {
  id: string;
  kind: JobKind;
  total: number;
  createdBy: string;
}): Promise<{ started: true; run: JobRunRow } | { started: false; run: JobRunRow }> {
  const prisma = await db();
  const busy = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtextextended(${"job-start:" + run.kind}, 0))`;
    const active = await tx.jobRun.findFirst({ where: { kind: run.kind, status: { in: ["queued", "running"] } } });
    if (!active) await tx.jobRun.create({ data: { ...run, status: "queued" } });
    return active;
  });
  if (busy) return { started: false, run: busy };
  return { started: true, run: await createdJobRun(run.kind, run.id) };
}

/** The run a worker's chunk belongs to, marked running; null when it is over (finished, or cancelled before). */
export async function beginChunk(id: string): Promise<JobRunRow | null> {
  const prisma = await db();
  await prisma.jobRun.updateMany({
    where: { id, status: "queued" },
    data: { status: "running", startedAt: new Date(), updatedAt: new Date() },
  });
  const row = await prisma.jobRun.findUnique({ where: { id } });
  if (row?.status !== "running") return null;
  if (row.cancelRequested) {
    await finishJobRun(id, "cancelled");
    return null;
  }
  return row;
}

/**
 * Records progress past position `from` (the count the worker last read or wrote): 'continue', or why the worker
 * stops: 'lost' when the count moved on meanwhile (another worker has the chunk now: pg-boss handed it on after its expiry)
 * or the run is over; 'cancelled' when a cancel was asked for.
 */
export async function recordProgress(
  id: string,
  from: number,
  progress: { current: number; currentItem: string | null; result: JobTally },
  /** What the run did for the item it just finished (at position current - 1). */
  item?: JobItem,
): Promise<"continue" | "cancelled" | "lost"> {
  const prisma = await db();
  const count = await prisma.$transaction(async (tx) => {
    const { count } = await tx.jobRun.updateMany({
      where: { id, current: from, status: "running" },
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

/** Ends a running job as completed, failed (with why) or cancelled; nothing when it has ended already. */
export async function finishJobRun(id: string, status: Exclude<JobStatus, "queued" | "running">, error?: string) {
  const prisma = await db();
  await prisma.jobRun.updateMany({
    where: { id, status: { in: ["queued", "running"] } },
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
