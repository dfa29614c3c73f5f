// The JobRun table: one row per background job, what the admin's progress section reads and where a job resumes
// from. The queue itself is pg-boss's (app/jobs/queue.server.ts); `id` is its job id.
import type { JobKind, JobStatus, JobTally } from "~/domain/jobs";
import { db } from "./db.server";

export async function createJobRun(run: { id: string; kind: JobKind; total: number; createdBy: string }) {
  const prisma = await db();
  return prisma.jobRun.create({ data: { ...run, status: "queued" } });
}

export async function getJobRun(id: string) {
  const prisma = await db();
  return prisma.jobRun.findUnique({ where: { id } });
}

export type JobRunRow = NonNullable<Awaited<ReturnType<typeof getJobRun>>>;

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
): Promise<"continue" | "cancelled" | "lost"> {
  const prisma = await db();
  const { count } = await prisma.jobRun.updateMany({
    where: { id, lease, status: "running" },
    data: { ...progress, result: { ...progress.result }, updatedAt: new Date() },
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

/** Running jobs whose worker has written nothing since `before`: it died or hangs. */
export async function stalledJobRuns(before: Date) {
  const prisma = await db();
  return prisma.jobRun.findMany({ where: { status: "running", updatedAt: { lt: before } }, select: { id: true, kind: true } });
}
