// `npm run db:migrate`: apply pending migrations to the configured database.
import { openDatabase } from "../app/data/db.server";
import { exitWithRefusal } from "./refusal";

try {
  const database = await openDatabase();
  await database.close();
  console.log("Migrations applied");
} catch (error) {
  exitWithRefusal(error);
}
