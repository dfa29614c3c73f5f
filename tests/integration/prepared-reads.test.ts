// The public pages' reads on the driver (readRows, db.server.ts) go as named statements on PostgreSQL, parsed once
// per connection and planned once when PostgreSQL's plan cache says so (app/data/postgres.server.ts PreparedReads,
// docs/decisions/043). What a visitor sees must not change: the same rows, also after a migration changed a table
// a prepared `SELECT *` reads while the process runs (PostgreSQL then refuses the prepared statement).
import { describe, expect, it } from "vitest";
import { Prisma as Sql } from "~/generated/prisma/client";
import { PREPARED_READS_MAX, PreparedReads } from "~/data/postgres.server";
import { databaseForTheseTests } from "../helpers/fresh-database";

const database = databaseForTheseTests("seeded");

describe("reads on the driver", () => {
  it("answer the same rows every time, on every connection", async () => {
    const statement = Sql.sql`SELECT a.id, a.title, a."cityId" FROM "Activity" a WHERE a."cityId" = ${"nashville"} ORDER BY a.id LIMIT ${5}`;
    const { rows: expected } = await database.raw.query(statement.text, statement.values);
    expect(expected).toHaveLength(5);
    // More at once than the pool has connections, so several connections prepare it and reuse it.
    const answers = await Promise.all(Array.from({ length: 30 }, () => database.read(statement)));
    for (const rows of answers) expect(rows).toEqual(expected);
  });

  it("still answer after a migration added a column to a table a prepared SELECT * reads", async () => {
    const statement = Sql.sql`SELECT * FROM "Tag" t WHERE t.name = ${"Music"}`;
    const before = await Promise.all(
      Array.from({ length: 12 }, () => database.read<Record<string, unknown>>(statement)),
    );
    expect(before[0]).toHaveLength(1);
    await database.raw.exec(`ALTER TABLE "Tag" ADD COLUMN "prepared_test" int DEFAULT 7`);
    try {
      const after = await Promise.all(
        Array.from({ length: 12 }, () => database.read<Record<string, unknown>>(statement)),
      );
      for (const rows of after) expect(rows).toEqual([{ ...before[0]![0], prepared_test: 7 }]);
    } finally {
      await database.raw.exec(`ALTER TABLE "Tag" DROP COLUMN "prepared_test"`);
    }
  });
});

describe("PreparedReads", () => {
  it("names the first PREPARED_READS_MAX statement texts, each always alike, and no more", () => {
    const reads = new PreparedReads();
    const names = Array.from({ length: PREPARED_READS_MAX }, (_, i) => reads.nameOf(`SELECT ${i}`));
    expect(new Set(names).size).toBe(PREPARED_READS_MAX);
    expect(reads.nameOf("SELECT 0")).toBe(names[0]);
    expect(reads.nameOf(`SELECT ${PREPARED_READS_MAX}`)).toBeUndefined();
  });

  it("sends a statement its connection refused as prepared unnamed, then and from then on", async () => {
    const reads = new PreparedReads();
    const sent: Array<string | undefined> = [];
    const refusal = Object.assign(new Error("cached plan must not change result type"), { code: "0A000" });
    const run = async (name: string | undefined) => {
      sent.push(name);
      if (name) throw refusal;
      return "rows";
    };
    expect(await reads.query("SELECT * FROM t", run)).toBe("rows");
    expect(await reads.query("SELECT * FROM t", run)).toBe("rows");
    expect(sent[0]).toEqual(expect.any(String));
    expect(sent.slice(1)).toEqual([undefined, undefined]);
  });
});
