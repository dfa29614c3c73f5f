// `npm start`: apply migrations, seed an empty database, then serve on PORT (the launcher, cli.js, builds first if
// there is no build).
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { databaseTarget } from "../app/data/adapter.server";
import { claimDataDir } from "../app/data/data-dir-lock.server";
import { openDatabase } from "../app/data/db.server";
import { makePrivateDir } from "../app/data/private-files.server";
import { seed } from "../prisma/seed";
import { env, parseEnv, type Env } from "../app/env.server";
import { cliFilePath, removeCliFile, writeCliFile } from "../app/auth/cli-link.server";
import { answerMetricsAsks } from "../app/metrics.server";
import { listen } from "./app";
import { exitWithRefusal, Refusal } from "./refusal";

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
  // The admin CLI's bridge is for the single-process PGlite; with several processes the CLI uses the database.
  const server = listen(env().PORT, { onListening: workers === 1 ? writeCliFile : undefined });
  if (workers === 1) {
    server.once("close", removeCliFile);
    process.once("exit", removeCliFile);
  }
  server.once("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") throw error;
    exitWithRefusal(
      new Refusal(`Port ${env().PORT} is in use by another program: stop it, or set PORT to a free port.`),
    );
  });
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
    makePrivateDir(path.dirname(file));
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
    console.log(`No SESSION_SECRET set: made one for this embedded install in ${path.relative(process.cwd(), file)}`);
  }
  chmodSync(file, 0o600); // one an older install made readable by others is closed
  process.env.SESSION_SECRET = readFileSync(file, "utf8").trim();
}

/**
 * Which hosts the site answers for, said in one line: with PUBLIC_URL, that origin's host alone (links, sitemaps and
 * sign-in use it); without it (only an embedded install may leave it unset), any host, with links built from the
 * address asked for, so http://127.0.0.1:3000, the machine's own address on the network and a forwarded port of a
 * VM all work (docs/decisions/013-embedded-install-answers-any-host.md).
 */
function describeHosts(settings: Env) {
  if (settings.PUBLIC_URL) {
    console.log(`Serving ${settings.PUBLIC_URL} (PUBLIC_URL): requests for any other host are refused`);
  } else {
    console.log(
      `No PUBLIC_URL set: answering for any host (e.g. http://localhost:${settings.PORT}), with links built from ` +
        "the address asked for; set PUBLIC_URL to serve one host only",
    );
  }
}

/**
 * `npm start` owns the embedded database's directory from its first step to its exit (the migrations and the seed,
 * then the server, in this process), marked as a server: the admin CLI waits for it to answer rather than opening the
 * directory in between (app/data/data-dir-lock.server.ts).
 */
function claimEmbeddedDatabase() {
  const target = databaseTarget();
  if (target.kind === "pglite" && target.dataDir) claimDataDir(target.dataDir, { cliFile: cliFilePath() });
}

export async function start() {
  process.env.NODE_ENV ??= "production";
  // The formats first (a bad DATABASE_URL or PORT fails here), then the defaults an embedded install may take,
  // then the whole environment with production's requirements.
  const settings = parseEnv(process.env, { requirements: false });
  applyLocalSessionSecret(settings);
  env();
  const workers = workerCount();
  if (cluster.isWorker) return serve(workers);
  claimEmbeddedDatabase();
  describeHosts(settings);
  await prepareDatabase();
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
  // GET /metrics on any worker answers the sum of all of them (app/http/metrics.server.ts).
  answerMetricsAsks();
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
