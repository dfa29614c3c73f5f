// A bulk transaction (data/db.server.ts Database.transaction) on either database: a bulk write may send its next
// statement before the last one answered (batch-writes.server.ts builds one while PostgreSQL runs the other), so the
// statements must run in the order sent, all inside the transaction, and none after it ends.
import { describe, expect, it } from "vitest";
import { bulkTransaction } from "~/data/db.server";
import { databaseForTheseTests } from "../helpers/fresh-database";

const database = databaseForTheseTests("migrated");

async function labels(prefix: string): Promise<string[]> {
  const rows = await database.prisma.auditEntry.findMany({
    where: { label: { startsWith: prefix } },
    orderBy: { id: "asc" },
  });
  return rows.map((r) => r.label);
}

const insert = (label: string): [string, unknown[]] => [
  `INSERT INTO "AuditEntry" (actor, entity, "entityId", action, label) VALUES ('test', 'activity', '1', 'update', $1)`,
  [label],
];

describe("a bulk transaction", () => {
  it("runs statements sent at once in the order sent, and commits them together", async () => {
    await bulkTransaction(async (sql) => {
      await Promise.all(["ordered 1", "ordered 2", "ordered 3"].map((label) => sql.query(...insert(label))));
    });
    expect(await labels("ordered")).toEqual(["ordered 1", "ordered 2", "ordered 3"]);
  });

  it("rolls back every statement when one sent beside them fails, and refuses any sent after it ended", async () => {
    let late: Promise<unknown> | undefined;
    await expect(
      bulkTransaction(async (sql) => {
        const sent = [sql.query(...insert("failed 1")), sql.query(`SELECT 1 / 0`), sql.query(...insert("failed 2"))];
        sent.forEach((p) => p.catch(() => {}));
        try {
          await Promise.all(sent);
        } finally {
          // A write still under way when the transaction fails sends its next statement after the rollback.
          late = new Promise((resolve) => setTimeout(resolve, 50)).then(() => sql.query(...insert("failed late")));
          late.catch(() => {});
        }
      }),
    ).rejects.toThrow(/division by zero/);
    await expect(late).rejects.toThrow();
    expect(await labels("failed")).toEqual([]);
  });
});
