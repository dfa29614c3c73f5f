// The server build's entry (vite.config.ts): React Router's build of the app (its routes, assets and entry) and the
// site's commands, in one bundle, build/server/index.js, so a process loads the app's modules once and production
// runs plain JavaScript. cli.js runs a command from it (package.json's scripts: `node cli.js start` is `npm start`).
import { admin } from "./admin";
import { backup } from "./backup";
import { migrate } from "./migrate";
import { restore } from "./restore";
import { start } from "./start";
import { seedCommand } from "../prisma/seed";

export * from "virtual:react-router/server-build";
export { exitWithRefusal } from "./refusal";

/** The commands cli.js runs, by the name it is given, each with the arguments after it. */
export const commands: Record<string, (args: readonly string[]) => Promise<void>> = {
  start,
  admin,
  "db:migrate": migrate,
  "db:seed": seedCommand,
  "db:backup": backup,
  "db:restore": restore,
};
