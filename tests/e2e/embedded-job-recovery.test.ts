// A background job on the embedded database (PGlite, one process) whose server is killed mid-run: started again on
// the same data directory, the server finds the stalled run, resumes it where it stopped, and finishes it without
// checking any activity twice (app/jobs/queue.server.ts: chunks left active are retried at start; decision 035).
// The database is the witness: a trigger notes every phone check.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/data/db.server";
import { adminHttp } from "../helpers/admin";
import { freshDatabase, type FreshDatabase } from "../helpers/database";
import { seedPhoneChecks } from "../helpers/phone-checks";
import { alive, startServer, type TestServer } from "../helpers/server";

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");
/** Four batches of 100 with the spec's 1 s pause between them: a run lasts a few seconds, long enough to cut. */
const ACTIVITIES = 400;

describe.skipIf(onPostgres)("a job on the embedded database whose server was killed mid-run", () => {
  let fresh: FreshDatabase;
  let dataDir = "";
  const servers: TestServer[] = [];

  beforeAll(async () => {
    fresh = await freshDatabase("migrated");
    if (fresh.target.kind !== "pglite") throw new Error("expected an embedded database");
    dataDir = fresh.target.dataDir;
    const opened = await openDatabase(fresh.target);
    try {
      await seedPhoneChecks(opened.prisma, ACTIVITIES);
    } finally {
      await opened.close();
    }
  });
  afterAll(async () => {
    for (const server of servers.reverse()) await server.stop();
    await fresh?.drop();
  });

  it("resumes after a restart on the same data directory and finishes it, every activity checked once", async () => {
    const first = await startServer({ WEB_CONCURRENCY: "1" }, { pgliteDir: dataDir });
    servers.push(first);
    const { cookie } = await adminHttp(first).signedInCookie("curator@example.com");
    const started = await fetch(`${first.url}/api/validation/start`, {
      method: "POST",
      headers: { Origin: first.url, Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ validationType: "phone" }),
    });
    expect(started.status).toBe(202);
    const progress = async (server: TestServer) =>
      (await (await fetch(`${server.url}/api/validation/progress`, { headers: { Cookie: cookie } })).json()) as {
        status: string;
        current: number;
        total: number;
      };

    // Mid-way: a batch or more done, more to do (a batch of 100 takes 10–15 s on 2 cores at load 20–30).
    await expect
      .poll(
        async () => {
          const { status, current } = await progress(first);
          return status === "running" && current >= 100 && current < ACTIVITIES;
        },
        { timeout: 120_000, interval: 50 },
      )
      .toBe(true);
    process.kill(first.pid, "SIGKILL");
    await expect.poll(() => alive(first.pid)).toBe(false);

    // The same data directory, the same session (a row in it): the run shows where it was cut, then ends.
    const second = await startServer({ WEB_CONCURRENCY: "1" }, { pgliteDir: dataDir });
    servers.push(second);
    const cut = await progress(second);
    expect(cut.current).toBeLessThan(ACTIVITIES);
    await expect
      .poll(async () => (await progress(second)).status, { timeout: 90_000, interval: 500 })
      .toBe("completed");
    expect(await progress(second)).toMatchObject({ status: "completed", current: ACTIVITIES, total: ACTIVITIES });
    await second.stop();

    const opened = await openDatabase(fresh.target);
    try {
      const checks = await opened.prisma.$queryRawUnsafe<{ activity_id: number; n: number }[]>(
        "SELECT activity_id, count(*)::int AS n FROM test_audit.phone_checks GROUP BY activity_id",
      );
      expect(checks).toHaveLength(ACTIVITIES);
      expect(checks.filter((c) => c.n !== 1)).toEqual([]);
      expect(await opened.prisma.jobRun.count({ where: { kind: "validate" } })).toBe(1);
    } finally {
      await opened.close();
    }
  }, 360_000);
});
