// Runs one of the site's commands from the server build: `start` (npm start), `admin`, `db:migrate`, `db:seed`,
// `db:backup` and `db:restore` (package.json's scripts). Plain JavaScript: the commands, the HTTP server and the app
// are one bundle, build/server/index.js (server/index.ts), so production needs no TypeScript at run time
// (docs/decisions/033-one-server-build.md). Without a build, a fresh clone's first run builds one.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const [command = "", ...args] = process.argv.slice(2);
// Before the bundle loads React, so React loads in the mode NODE_ENV names.
if (command === "start") process.env.NODE_ENV ??= "production";
const bundle = new URL("./build/server/index.js", import.meta.url);
if (!existsSync(bundle)) {
  console.log("No build found, building…");
  execFileSync("npx", ["react-router", "build"], { stdio: "inherit", cwd: new URL(".", import.meta.url) });
}
const { commands, exitWithRefusal } = await import(bundle.href);
const run = commands[command];
if (!run) {
  console.error(`usage: node cli.js <${Object.keys(commands).join(" | ")}> [arguments]`);
  process.exit(2);
}
await run(args).catch(exitWithRefusal);
