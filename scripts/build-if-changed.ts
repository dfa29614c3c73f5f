// `npm test`'s first step: `react-router build`, unless build/ was made from exactly these sources. CI runs the test
// command once per database, and the second build would remake the same files (docs/decisions/032).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * What the build reads: the app (tests beside modules excepted), the server and commands around it (server/, the
 * seed it bundles), static files, configuration, installed packages.
 */
const SOURCE_DIRS = ["app", "server", "public"];
const SOURCE_FILES = [
  "prisma/seed.ts",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "node_modules/.package-lock.json",
  "prisma/schema.prisma",
];
const STAMP = path.join("build", "source-hash.txt");
const OUTPUTS = [path.join("build", "server", "index.js"), path.join("build", "client")];

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A hash of every input's path and content, and of the settings that change the output. */
export function sourceHash(): string {
  const hash = createHash("sha256");
  hash.update(`node ${process.version}\nBUILD_SOURCEMAP=${process.env.BUILD_SOURCEMAP ?? ""}\n`);
  const files = [...SOURCE_DIRS.flatMap(filesUnder), ...SOURCE_FILES.filter((f) => existsSync(f))].sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

const current = sourceHash();
const built = existsSync(STAMP) ? readFileSync(STAMP, "utf8").trim() : "";
if (built === current && OUTPUTS.every((output) => existsSync(output))) {
  console.log(`build/ is up to date with the sources (${current.slice(0, 12)}): not rebuilding`);
} else {
  // A build that fails half-way leaves no stamp behind.
  rmSync(STAMP, { force: true });
  execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
  writeFileSync(STAMP, `${current}\n`);
}
