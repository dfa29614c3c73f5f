// GET /api/validation/progress (admin §3 'Validation progress'): what the Data Quality tab polls while a
// validation runs. Only for an administrator; { status: "idle" } before any run; then the latest run's count,
// the activity it is on, its batch of 100 and the seconds left at the pace so far.
import { beforeAll, describe, expect, it } from "vitest";
import { createJobRun } from "~/data/job-runs.server";
import { loader as progress } from "~/routes/api/validation-progress";
import { signedInAdminCookie } from "../helpers/admin-session";
import { databaseForTheseTests } from "../helpers/fresh-database";
import { routeArgs } from "../helpers/route-args";

const database = databaseForTheseTests("migrated");
let cookie = "";

beforeAll(async () => {
  cookie = await signedInAdminCookie();
});

/** The answer's status and JSON (a refusal is thrown as a Response or React Router's data()). */
async function get(withCookie: string | null): Promise<{ status: number; body: unknown; cache: string | null }> {
  const headers = withCookie ? { Cookie: withCookie } : undefined;
  try {
    const response = await progress(routeArgs("http://localhost/api/validation/progress", {}, { headers }));
    return { status: response.status, body: await response.json(), cache: response.headers.get("Cache-Control") };
  } catch (thrown) {
    const init = (thrown as { init?: { status?: number }; data?: unknown } | null) ?? {};
    if (typeof init.init?.status === "number") return { status: init.init.status, body: init.data, cache: null };
    throw thrown;
  }
}

describe("GET /api/validation/progress", () => {
  it("refuses a visitor who is not signed in", async () => {
    expect((await get(null)).status).toBe(401);
  });

  it("answers idle before any validation run", async () => {
    expect(await get(cookie)).toEqual({ status: 200, body: { status: "idle" }, cache: "private, no-store" });
  });

  it("reports a running validation: count, current activity, batch of 100 and the seconds left", async () => {
    const run = await createJobRun({ id: crypto.randomUUID(), kind: "validate", total: 250, createdBy: "test" });
    // 240 of 250 done in 240 s: the 10 left take 10 s at that pace, and a moment more has passed by the time the
    // request is answered (under 24 s more keeps the rounded-up figure at 11).
    await database.prisma.jobRun.update({
      where: { id: run.id },
      data: {
        status: "running",
        current: 240,
        currentItem: "Ryman Auditorium",
        startedAt: new Date(Date.now() - 240_000),
      },
    });
    expect(await get(cookie)).toEqual({
      status: 200,
      cache: "private, no-store",
      body: {
        status: "running",
        current: 240,
        total: 250,
        currentActivity: "Ryman Auditorium",
        currentBatch: 3,
        totalBatches: 3,
        estimatedTimeRemaining: 11,
      },
    });

    // Once it has ended, nothing is left to wait for; a run of another kind is not a validation.
    await database.prisma.jobRun.update({ where: { id: run.id }, data: { status: "completed", current: 250 } });
    await createJobRun({ id: crypto.randomUUID(), kind: "refresh-ratings", total: 5, createdBy: "test" });
    expect((await get(cookie)).body).toMatchObject({ status: "completed", current: 250, estimatedTimeRemaining: 0 });
  });
});
