// Batch validation with two app processes on one PostgreSQL (admin §5 'Batch validation', §9; issue #14): two
// starts at once through the two processes make one run, the other is refused with the busy message; a process
// killed mid-batch leaves its chunk to the other (pg-boss retries it after its expiry: decision 035), which
// finishes the run without checking any activity twice. Each site is the built server started as `npm start` does
// (WEB_CONCURRENCY=1), on the same database; the database itself is the witness: a trigger notes every phone check
// with the application_name of the process that wrote it (and takes 10 ms, so a batch of 100 lasts a second).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTally } from "~/domain/places/jobs";
import { NOTHING_TO_VALIDATE, VALIDATION_BUSY } from "~/domain/data-quality/validation";
import { adminHttp } from "../helpers/admin";
import { seedPhoneChecks } from "../helpers/phone-checks";
import { postgresBaseUrl } from "../helpers/postgres";
import { startServer, type TestServer } from "../helpers/server";

/** Four batches of 100 with the spec's 1 s pause between them: a run lasts a few seconds, long enough to cut. */
const ACTIVITIES = 400;
/** How long each check's write takes: a batch lasts a second, long enough to be cut mid-way. */
const CHECK_MS = 10;
/**
 * The chunks' expiry (JOB_CHUNK_EXPIRY_SECONDS; a phone chunk's is 60 s unless set): what the run cut short waits
 * before the other process resumes it. Twice a batch's time on a loaded machine (10–15 s on 2 cores at load 20–30),
 * so a chunk still being written never expires, and half the wait of the default.
 */
const CHUNK_EXPIRY_SECONDS = 30;
/**
 * A run's four batches on a loaded machine, and when a process is killed the chunk's expiry and pg-boss's
 * maintenance (queue.server.ts, 10 s).
 */
const RUN_WITHIN_MS = 180_000;
const APPS = ["site-a", "site-b"] as const;

describe.skipIf(!postgresBaseUrl())(
  "batch validation on two app processes (PostgreSQL only: the embedded PGlite is one process; set DATABASE_URL)",
  () => {
    const sites: Partial<Record<(typeof APPS)[number], TestServer>> = {};
    let sql: pg.Client;
    let cookie: string;

    beforeAll(async () => {
      // Each process names itself to PostgreSQL (node-postgres reads PGAPPNAME) so the database can tell them apart.
      const a = await startServer(
        { PGAPPNAME: "site-a", WEB_CONCURRENCY: "1", JOB_CHUNK_EXPIRY_SECONDS: String(CHUNK_EXPIRY_SECONDS) },
        { database: "migrated", prepare: (prisma) => seedPhoneChecks(prisma, ACTIVITIES, { checkMs: CHECK_MS }) },
      );
      sites["site-a"] = a;
      sites["site-b"] = await startServer(
        { PGAPPNAME: "site-b", WEB_CONCURRENCY: "1", JOB_CHUNK_EXPIRY_SECONDS: String(CHUNK_EXPIRY_SECONDS) },
        { shareDatabase: a.databaseUrl },
      );
      sql = new pg.Client({ connectionString: a.databaseUrl });
      await sql.connect();
      cookie = (await adminHttp(a).signedInCookie("curator@example.com")).cookie;
    }, 120_000);

    afterAll(async () => {
      await sql?.end();
      // The second one first: the first drops the database they share.
      await sites["site-b"]?.stop();
      await sites["site-a"]?.stop();
    });

    const site = (app: (typeof APPS)[number]) => sites[app]!;
    const startPhoneValidation = (server: TestServer) =>
      fetch(`${server.url}/api/validation/start`, {
        method: "POST",
        headers: { Origin: server.url, Cookie: cookie, "Content-Type": "application/json" },
        body: JSON.stringify({ validationType: "phone" }),
      });
    const query = async <T>(text: string, values: unknown[] = []) => (await sql.query(text, values)).rows as T[];
    const runOf = async (id: string) =>
      (
        await query<{ status: string; current: number; result: unknown; error: string | null }>(
          `SELECT status, current, result, error FROM "JobRun" WHERE id = $1`,
          [id],
        )
      )[0];
    async function finished(id: string, timeout: number) {
      await expect
        .poll(async () => (await runOf(id))?.status, { timeout, interval: 250 })
        .not.toMatch(/^(queued|running)$/);
      return (await runOf(id))!;
    }
    /** The phone checks written, per activity: how many times, and by which processes. */
    async function checks() {
      const rows = await query<{ activity_id: number; app: string; at: Date }>(
        "SELECT activity_id, app, at FROM test_audit.phone_checks ORDER BY at",
      );
      const perActivity = new Map<number, number>();
      for (const row of rows) perActivity.set(row.activity_id, (perActivity.get(row.activity_id) ?? 0) + 1);
      return { rows, perActivity };
    }
    async function expectEveryActivityCheckedOnce() {
      const [{ activities, validated }] = await query<{ activities: number; validated: number }>(
        `SELECT (SELECT count(*)::int FROM "Activity") AS activities,
                (SELECT count(*)::int FROM "ActivityValidation" WHERE "phoneStatus" IS NOT NULL) AS validated`,
      );
      expect(activities).toBe(ACTIVITIES);
      expect(validated).toBe(ACTIVITIES);
      const { rows, perActivity } = await checks();
      expect(perActivity.size).toBe(ACTIVITIES);
      expect([...perActivity.values()].filter((n) => n !== 1)).toEqual([]);
      return rows;
    }

    it(
      "starts one run when both processes are asked at once, and refuses the other with the busy message",
      async () => {
        const answers = await Promise.all(APPS.map((app) => startPhoneValidation(site(app))));
        expect(answers.map((r) => r.status).sort()).toEqual([202, 409]);
        const accepted = answers.find((r) => r.status === 202)!;
        const refused = answers.find((r) => r.status === 409)!;
        expect(await refused.json()).toEqual({ message: VALIDATION_BUSY });
        const { jobId, total } = (await accepted.json()) as { jobId: string; total: number };
        expect(total).toBe(ACTIVITIES);

        const run = await finished(jobId, RUN_WITHIN_MS);
        expect(run).toMatchObject({ status: "completed", current: ACTIVITIES, error: null });
        expect(readTally(run.result).processed).toBe(ACTIVITIES);
        // One run in the job table, and pg-boss ran its chunks: the four batches and the one that found none left.
        expect(await query(`SELECT id FROM "JobRun" WHERE kind = 'validate'`)).toEqual([{ id: jobId }]);
        const chunks = await query<{ id: string; key: string; state: string }>(
          `SELECT id::text, singleton_key AS key, state FROM pgboss.job WHERE name = 'validate' ORDER BY created_on`,
        );
        expect(chunks).toHaveLength(5);
        expect(chunks[0]!.id).toBe(jobId);
        expect(chunks.filter((c) => c.key !== jobId || c.state !== "completed")).toEqual([]);
        await expectEveryActivityCheckedOnce();
      },
      RUN_WITHIN_MS + 30_000,
    );

    it(
      "hands a run whose process was killed mid-way to the other, which finishes it without redoing any",
      async () => {
        await sql.query(`UPDATE "ActivityValidation" SET "phoneStatus" = NULL, "lastValidated" = NULL`);
        await sql.query("TRUNCATE test_audit.phone_checks");
        const runsBefore = await query<{ id: string }>(`SELECT id FROM "JobRun" WHERE kind = 'validate'`);
        const started = await startPhoneValidation(site("site-a"));
        expect(started.status).toBe(202);
        const { jobId } = (await started.json()) as { jobId: string };

        // Mid-way: a batch or more done, and a chunk part-way through its batch: the process writing it is its worker.
        let cut: { chunk: string; app: string } | undefined;
        await expect
          .poll(
            async () => {
              const run = await runOf(jobId);
              if (run?.status !== "running" || run.current < 100) return undefined;
              cut = await chunkPartWay(jobId);
              return cut?.app;
            },
            { timeout: RUN_WITHIN_MS / 2, interval: 50 },
          )
          .toMatch(/^site-[ab]$/);
        const worker = cut!.app;
        const killed = site(worker as (typeof APPS)[number]);
        const survivor = APPS.find((app) => app !== worker)!;
        process.kill(killed.pid, "SIGKILL");
        expect((await runOf(jobId))?.current).toBeLessThan(ACTIVITIES);

        const run = await finished(jobId, RUN_WITHIN_MS);
        expect(run).toMatchObject({ status: "completed", error: null });
        const rows = await expectEveryActivityCheckedOnce();
        // Both processes checked some; the cut chunk was retried by pg-boss (on the survivor) and completed.
        const byKilled = rows.filter((r) => r.app === worker);
        const bySurvivor = rows.filter((r) => r.app === survivor);
        expect(byKilled.length).toBeGreaterThan(0);
        expect(bySurvivor.length).toBeGreaterThan(0);
        expect(byKilled.length + bySurvivor.length).toBe(ACTIVITIES);
        expect(await query(`SELECT state, retry_count AS retries FROM pgboss.job WHERE id = $1`, [cut!.chunk])).toEqual(
          [{ state: "completed", retries: 1 }],
        );
        // One run more than before (this one: the survivor made no second run of its own).
        expect(
          await query(`SELECT id FROM "JobRun" WHERE kind = 'validate' AND id <> ALL($1)`, [
            runsBefore.map((r) => r.id),
          ]),
        ).toEqual([{ id: jobId }]);
        // The survivor still answers, and has nothing left to validate.
        const again = await startPhoneValidation(site(survivor));
        expect(again.status).toBe(409);
        expect(await again.json()).toEqual({ message: NOTHING_TO_VALIDATE.phone });
      },
      RUN_WITHIN_MS + 30_000,
    );

    /**
     * The run's chunk that is active with part of its batch written, and the process writing it (the
     * application_name on its checks since the chunk began); undefined between chunks.
     */
    async function chunkPartWay(jobId: string): Promise<{ chunk: string; app: string } | undefined> {
      const rows = await query<{ chunk: string; app: string; written: number }>(
        `SELECT j.id::text AS chunk, min(c.app) AS app, count(c.*)::int AS written
         FROM pgboss.job j JOIN test_audit.phone_checks c ON c.at >= j.started_on
         WHERE j.name = 'validate' AND j.singleton_key = $1 AND j.state = 'active'
         GROUP BY j.id`,
        [jobId],
      );
      const row = rows[0];
      return row && row.written < 100 ? { chunk: row.chunk, app: row.app } : undefined;
    }
  },
);
