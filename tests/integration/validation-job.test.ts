// Batch validation as a job on the real queue (pg-boss on this run's database): it works through every activity
// its type has not checked, in batches, writing progress; a second start while one runs is refused; a run cut short
// resumes without checking anything twice; an activity whose check cannot answer is left for a later run. Phone
// checks need no network, so the runs here are real. Each batch is a chunk job (decision 035).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJobRun, getJobRun } from "~/data/job-runs.server";
import { recordValidation } from "~/data/validations.server";
import { readTally } from "~/domain/places/jobs";
import { NOTHING_TO_VALIDATE, VALIDATION_BUSY } from "~/domain/data-quality/validation";
import { startValidationRun, stopJobs } from "~/jobs/queue.server";
import { runValidationChunk, type ValidationChunkData } from "~/jobs/validation-job.server";
import { defaultValidators, type Validators } from "~/workflows/validate-activities.server";
import { databaseForTheseTests } from "../helpers/fresh-database";
import { activityRow, cityRow } from "../helpers/factories";

const database = databaseForTheseTests("migrated");

beforeAll(async () => {
  await database.prisma.city.create({ data: cityRow("testville", { country: "United States" }) });
  // 130 phone numbers: two batches of 100; every seventh one impossible.
  await database.prisma.activity.createMany({
    data: Array.from({ length: 130 }, (_, i) =>
      activityRow("testville", `Phone Place ${i}`, {
        phoneNumber: i % 7 === 0 ? "12" : `(615) 555-${String(1000 + i).slice(-4)}`,
      }),
    ),
  });
});

afterAll(async () => {
  await stopJobs();
});

/** The run once it has ended (completed, failed or cancelled). */
async function finished(id: string) {
  await expect
    .poll(async () => (await getJobRun(id))?.status, {
      timeout: 30_000,
      interval: 200,
      message: `job ${id} did not finish`,
    })
    .toMatch(/^(completed|failed|cancelled)$/);
  return (await getJobRun(id))!;
}

/** A run's chunks one after another in this process, as the queue's workers take them (without the pauses). */
async function runChunks(id: string, first: ValidationChunkData, validators: Validators) {
  let chunks = 0;
  for (let next: ValidationChunkData | null = first; next; chunks++)
    next = await runValidationChunk(id, next, validators);
  return chunks;
}

const unchecked = () =>
  database.prisma.activity.count({
    where: { OR: [{ validation: { is: null } }, { validation: { is: { phoneStatus: null } } }] },
  });

describe("a validation run", () => {
  it("resumes a run cut short: the activities already checked are not checked again", async () => {
    // Nothing checked yet (whatever ran before), then the first batch done by a worker that then died: 100
    // records written, progress at 100.
    await database.prisma.activityValidation.updateMany({ data: { phoneStatus: null } });
    const first = await database.prisma.activity.findMany({ orderBy: { id: "asc" }, take: 100, select: { id: true } });
    for (const { id } of first) await recordValidation(id, { phoneStatus: "valid_format" });
    const id = "resumed-run";
    await createJobRun({ id, kind: "validate", total: 130, createdBy: "test" });
    await database.prisma.jobRun.update({ where: { id }, data: { current: 100, status: "running" } });

    // One chunk (the 30 left), then one that finds nothing left and ends the run.
    expect(await runChunks(id, { type: "phone" }, defaultValidators(null))).toBe(2);
    const run = (await getJobRun(id))!;
    expect(run.status).toBe("completed");
    expect(run.current).toBe(130);
    expect(readTally(run.result).processed).toBe(30);
    expect(await unchecked()).toBe(0);
  });

  it("runs on the queue to the end, one at a time, and then has nothing left to do", async () => {
    await database.prisma.activityValidation.updateMany({ data: { phoneStatus: null } });
    const started = await startValidationRun("phone", "curator@example.com");
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    expect(started.run.total).toBe(130);
    // While it is queued or running, a second start is refused.
    const second = await startValidationRun("phone", "curator@example.com");
    expect(second).toMatchObject({ ok: false, reason: "busy", message: VALIDATION_BUSY });

    const run = await finished(started.run.id);
    expect(run.status).toBe("completed");
    const tally = readTally(run.result);
    expect(tally.processed).toBe(130);
    expect(tally.notFound).toBe(19); // 0, 7, …, 126: the impossible numbers need review
    expect(await unchecked()).toBe(0);
    expect(await startValidationRun("phone", "curator@example.com")).toMatchObject({
      ok: false,
      reason: "nothing",
      message: NOTHING_TO_VALIDATE.phone,
    });
  }, 60_000);

  it("leaves an activity whose check cannot answer for a later run instead of trying it again and again", async () => {
    await database.prisma.activity.updateMany({ data: { website: "https://unreachable.example" } });
    const id = "website-run";
    await createJobRun({ id, kind: "validate", total: 130, createdBy: "test" });
    let calls = 0;
    const validators = {
      ...defaultValidators(null),
      checkWebsite: async () => {
        calls++;
        throw new Error("no answer");
      },
    };
    await runChunks(id, { type: "website" }, validators);
    const run = (await getJobRun(id))!;
    expect(run.status).toBe("completed");
    expect(calls).toBe(130);
    expect(readTally(run.result).failed).toBe(130);
  });
});
