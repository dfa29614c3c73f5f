// A killed PostgreSQL connection (a restart, a failover, pg_terminate_backend) costs a visitor nothing: reads
// that lose their connection are retried once on another, and the pool hands out no connection it knows is dead.
// Runs on PostgreSQL only (PGlite has no connections to kill).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECK_AFTER_IDLE_MS } from "~/data/postgres.server";
import { startServer, type TestServer } from "../helpers/server";

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");

const PAGES = [
  "/cities",
  "/usa/tn/nashville/things-to-do",
  "/usa/tn/nashville/things-to-do?category=museums&sort=rating-high",
  "/search?q=park",
  "/api/activities?cityId=nashville",
  "/api/cities",
  "/sitemap.xml",
];

describe.skipIf(!onPostgres)("killed database connections", () => {
  let server: TestServer;
  let admin: pg.Client;
  beforeAll(async () => {
    server = await startServer();
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await server?.stop();
  });

  /**
   * Waits (a little) until one of the site's connections is running a query, then ends every connection the site
   * holds to its database; counts them, and those that were running a query.
   */
  async function killBackends(): Promise<{ killed: number; busy: number }> {
    const database = new URL(server.databaseUrl!).pathname.slice(1);
    for (let tries = 0; tries < 100; tries++) {
      const { rows } = await admin.query<{ active: number }>(
        `SELECT count(*)::int AS active FROM pg_stat_activity
         WHERE datname = $1 AND pid <> pg_backend_pid() AND state = 'active'`,
        [database],
      );
      if (rows[0]!.active > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 5)); // polls the state (a busy connection), bounded
    }
    const { rows } = await admin.query<{ killed: boolean; busy: boolean }>(
      `SELECT pg_terminate_backend(pid) AS killed, state = 'active' AS busy
       FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [database],
    );
    return { killed: rows.filter((r) => r.killed).length, busy: rows.filter((r) => r.killed && r.busy).length };
  }

  /**
   * Until every connection the site serves pages with has been idle for longer than the pool lends one unchecked
   * (the job queue's connections, whose last query names its schema, poll on their own schedule).
   */
  async function idleConnections() {
    const database = new URL(server.databaseUrl!).pathname.slice(1);
    await expect
      .poll(async () => {
        const { rows } = await admin.query<{ fresh: number; total: number }>(
          `SELECT count(*) FILTER (WHERE state <> 'idle' OR clock_timestamp() - state_change <= $2 * interval '1 ms')::int
                    AS fresh,
                  count(*)::int AS total
           FROM pg_stat_activity
           WHERE datname = $1 AND pid <> pg_backend_pid() AND query NOT ILIKE '%pgboss%'`,
          [database, CHECK_AFTER_IDLE_MS],
        );
        return rows[0]!.total > 0 && rows[0]!.fresh === 0;
      })
      .toBe(true);
  }

  it("answers every GET while its connections are killed, busy or idle", async () => {
    const statuses: { path: string; status: number }[] = [];
    /** Answers each visitor has had. */
    const answers = Array.from({ length: 6 }, () => 0);
    let answered: () => void = () => {};
    /** Until every visitor has had `more` answers beyond `from`. */
    const everyVisitorAnswered = async (from: number[], more: number) => {
      while (answers.some((n, v) => n < from[v]! + more)) await new Promise<void>((resolve) => (answered = resolve));
    };
    let running = true;
    const visitor = async (offset: number) => {
      for (let i = offset; running; i++) {
        // Every other request a search no one made before, which the page cache cannot answer: the database is
        // always busy with something to interrupt.
        const path = i % 2 === 0 ? PAGES[(i / 2) % PAGES.length]! : `/search?q=park+${i}`;
        try {
          const response = await fetch(server.url + path, { signal: AbortSignal.timeout(20_000) });
          await response.arrayBuffer();
          statuses.push({ path, status: response.status });
        } catch {
          statuses.push({ path, status: 0 }); // no answer at all: the server died
        }
        answers[offset]!++;
        answered();
      }
    };
    const visitors = Array.from({ length: 6 }, (_, i) => visitor(i));
    let killed = 0;
    let busy = 0;
    // Kills far enough apart that a retried read is not killed a second time (the retry is once): after a kill,
    // each visitor has its answer to the request the kill interrupted (retried or not) and one more after it.
    for (let round = 0; round < 10; round++) {
      await everyVisitorAnswered([...answers], 2);
      const kill = await killBackends();
      killed += kill.killed;
      busy += kill.busy;
    }
    // And with the site idle (each of its connections idle past the pool's check window: the idle connection is
    // the case under test), the next visitors get live connections.
    running = false;
    await Promise.all(visitors);
    await idleConnections();
    killed += (await killBackends()).killed;
    for (const path of PAGES) {
      const response = await fetch(server.url + path).catch(() => null);
      statuses.push({ path, status: response?.status ?? 0 });
    }

    expect(
      statuses.filter((s) => s.status >= 500 || s.status === 0),
      server.logs(),
    ).toEqual([]);
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set([200]));
    // The faults did happen, with pages being served.
    expect(killed).toBeGreaterThan(20);
    expect(busy).toBeGreaterThan(0);
    expect(statuses.length).toBeGreaterThan(30);
  }, 120_000);
});
