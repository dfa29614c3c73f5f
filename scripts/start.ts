// `npm start`: apply migrations, seed an empty database, build if there is no build, then serve on PORT.
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { databaseTarget } from "../app/data/adapter.server";
import { openDatabase } from "../app/data/db.server";
import { seed } from "../prisma/seed";
import { env, parseEnv, type Env } from "../app/env.server";
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

/**
 * How many server processes to run: WEB_CONCURRENCY on PostgreSQL (the processes share nothing but the database
 * and the port), always one on the embedded PGlite, which only one process may open.
 */
function workerCount(): number {
  return databaseTarget().kind === "postgres" ? env().WEB_CONCURRENCY : 1;
}

async function serve(workers: number) {
  // Imported only now so React loads in the mode NODE_ENV names.
  const { listen } = await import("../server");
  // The admin CLI's bridge is for the single-process PGlite; with several processes the CLI uses the database.
  const server = await listen(env().PORT, { onListening: workers === 1 ? writeCliFile : undefined });
  if (workers === 1) server.once("close", removeCliFile);
}

/**
 * On the embedded database the site is one process on one machine, so a fresh clone's `npm start` may keep its
 * own session secret: made once and kept beside the data (0600), so sessions survive a restart. On PostgreSQL —
 * several instances, a real deployment — SESSION_SECRET must come from the environment (env.server.ts refuses
 * to start without it in production).
 */
function applyLocalSessionSecret(settings: Env) {
  const target = databaseTarget(settings);
  if (settings.SESSION_SECRET || target.kind !== "pglite") return;
  if (!target.dataDir) {
    process.env.SESSION_SECRET = randomBytes(32).toString("hex");
    return;
  }
  const file = path.join(path.dirname(path.resolve(target.dataDir)), "session-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
    console.log(`No SESSION_SECRET set: made one for this embedded install in ${path.relative(process.cwd(), file)}`);
  }
  process.env.SESSION_SECRET = readFileSync(file, "utf8").trim();
}

/**
 * Likewise a fresh clone on the embedded database is served as http://localhost:PORT, the address it prints;
 * PUBLIC_URL names any other (the server answers only for that host). On PostgreSQL it must be set.
 */
function applyLocalPublicUrl(settings: Env) {
  if (settings.PUBLIC_URL || databaseTarget(settings).kind !== "pglite") return;
  const origin = `http://localhost:${settings.PORT}`;
  process.env.PUBLIC_URL = origin;
  console.log(`No PUBLIC_URL set: serving this embedded install as ${origin}`);
}

async function main() {
  process.env.NODE_ENV ??= "production";
  // The formats first (a bad DATABASE_URL or PORT fails here), then the defaults an embedded install may take,
  // then the whole environment with production's requirements.
  const settings = parseEnv(process.env, { requirements: false });
  applyLocalSessionSecret(settings);
  applyLocalPublicUrl(settings);
  env();
  const workers = workerCount();
  if (cluster.isWorker) return serve(workers);
  await prepareDatabase();
  if (!existsSync(path.join("build", "server", "index.js"))) {
    console.log("No build found, building…");
    execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
  }
  if (workers === 1) return serve(1);
  superviseWorkers(workers);
}

/**
 * Runs `workers` server processes and replaces any that dies, after a pause that doubles with each death in a
 * row (1 s up to 30 s) and resets once a replacement has stayed up for a minute; SIGTERM/SIGINT stop them all.
 */
function superviseWorkers(workers: number) {
  let stopping = false;
  let restartDelayMs = RESTART_DELAY_MIN_MS;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  // Messages between processes as structured clones (a kept page's compressed parts travel as bytes, not JSON).
  cluster.setupPrimary({ serialization: "advanced" });
  // A page one worker renders goes to the others (app/http/page-cache.server.ts shareKeptAnswers).
  cluster.on("message", (from, message: { kind?: unknown }) => {
    if (message?.kind !== "page-cache") return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
    }
  });
  for (let i = 0; i < workers; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    const upMs = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (upMs >= STABLE_AFTER_MS) restartDelayMs = RESTART_DELAY_MIN_MS;
    console.error(
      `Worker ${worker.process.pid} exited (${signal ?? code}); starting another in ${restartDelayMs / 1000} s`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelayMs);
    restartDelayMs = Math.min(restartDelayMs * 2, RESTART_DELAY_MAX_MS);
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      setTimeout(() => process.exit(0), 10_000).unref();
    });
  }
}

const RESTART_DELAY_MIN_MS = 1000;
const RESTART_DELAY_MAX_MS = 30_000;
const STABLE_AFTER_MS = 60_000;

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
