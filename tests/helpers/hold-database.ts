// A process that holds the configured database (PGLITE_DIR or DATABASE_URL) open and commits a row every 20 ms,
// printing "committed N" once each commit is acknowledged: the other process beside which the admin CLI runs in
// tests/integration/database-owner.test.ts (issue #24's reproduction). Run: node --import tsx tests/helpers/hold-database.ts
import { openDatabase } from "../../app/data/db.server";

const database = await openDatabase();
await database.raw.exec("CREATE TABLE IF NOT EXISTS holder_commits (n int PRIMARY KEY)");
console.log(`holding ${process.pid}`);
for (let n = 1; ; n++) {
  await database.raw.query("INSERT INTO holder_commits VALUES ($1)", [n]);
  console.log(`committed ${n}`);
  // The holder's pace (a steady writer, as in issue #24), not a wait for anything: the test waits on the printed
  // acknowledgements.
  await new Promise((resolve) => setTimeout(resolve, 20));
}
