// A multi-statement script run whole (RawSql.exec: pg-boss's schema and maintenance, each in BEGIN … COMMIT) that
// fails half-way leaves no connection in its aborted transaction: the statements after it succeed.
import { describe, expect, it } from "vitest";
import { databaseForTheseTests } from "../helpers/fresh-database";

const database = databaseForTheseTests("migrated");

describe("a script that fails inside its own transaction", () => {
  it("rejects, writes nothing, and leaves the connections usable", async () => {
    await database.raw.exec("CREATE TABLE script_test (n int)");
    await expect(database.raw.exec("BEGIN; INSERT INTO script_test VALUES (1); SELECT 1 / 0; COMMIT;")).rejects.toThrow(
      /division by zero/,
    );
    for (let i = 0; i < 3; i++) {
      expect((await database.raw.query<{ n: number }>("SELECT count(*)::int AS n FROM script_test")).rows).toEqual([
        { n: 0 },
      ]);
    }
    expect(await database.prisma.city.count()).toBe(0);
    await database.raw.exec("DROP TABLE script_test");
  });
});
