// `npm start`: apply migrations, seed an empty database, build if there is no build, then serve on PORT.
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { openDatabase } from "../app/data/db.server";
import { seed } from "../prisma/seed";
import { env } from "../app/env.server";
import { removeCliFile, writeCliFile } from "../app/auth/cli-link.server";

async function prepareDatabase() {
  const database = await openDatabase();
  try {
    if ((await database.prisma.city.count()) === 0) {
      const result = await seed(database.prisma);
      console.log(`Seeded ${result.cities} cities and ${result.activitiesCreated} activities`);
    }
  } finally {
    // PGlite is single-process: release the data directory before the server opens it.
    await database.close();
  }
}

async function main() {
  process.env.NODE_ENV ??= "production";
  env(); // fail early on a bad environment
  await prepareDatabase();
  if (!existsSync(path.join("build", "server", "index.js"))) {
    console.log("No build found, building…");
    execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
  }
  // Imported only now so React loads in the mode NODE_ENV names.
  const { listen } = await import("../server");
  const server = await listen(env().PORT, { onListening: writeCliFile });
  server.once("close", removeCliFile);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
