// Server processes that start at once on a fresh database (`npm start` with WEB_CONCURRENCY > 1, or several
// instances) each start pg-boss, which creates its schema on first start: they take turns, so all of them start
// and each queue is made once. Here each process is one pg-boss of its own on this run's database. PostgreSQL only:
// the embedded PGlite is one process's.
import { describe, expect, it } from "vitest";
import { JOB_KINDS } from "~/domain/places/jobs";
import { bossForDatabase, CHUNK_FAILED_QUEUE, setUpQueue } from "~/jobs/queue.server";
import { databaseForTheseTests } from "../helpers/fresh-database";

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");
describe.skipIf(!onPostgres)("setting the job queue up", () => {
  databaseForTheseTests("migrated");

  it("starts every process of several starting at once on a fresh database", async () => {
    const bosses = await Promise.all([bossForDatabase(), bossForDatabase(), bossForDatabase()]);
    try {
      const started = await Promise.allSettled(bosses.map((boss) => setUpQueue(boss)));
      expect(started.filter((s) => s.status === "rejected")).toEqual([]);
      for (const kind of JOB_KINDS) {
        expect(await bosses[0]!.getQueue(kind)).toMatchObject({
          name: kind,
          policy: "singleton",
          deadLetter: CHUNK_FAILED_QUEUE,
        });
      }
    } finally {
      await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, wait: true })));
    }
  });
});
