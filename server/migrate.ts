// `npm run db:migrate`: apply pending migrations to the configured database.
import { openDatabase } from "../app/data/db.server";

export async function migrate() {
  const database = await openDatabase();
  await database.close();
  console.log("Migrations applied");
}
