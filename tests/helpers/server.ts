// Starts the built site (`node cli.js start`, as `npm start` does) on a free port against a fresh database: by default
// a copy of the run's seeded template (see database.ts), which is what `npm start` makes of an empty database.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Db } from "~/data/db.server";
import { startFakeMapStyle } from "../fakes/map-style";
import { freshDatabase, type DatabaseContent, type DatabaseTemplates, type FreshDatabase } from "./database";

export interface TestServer {
  url: string;
  /** DATABASE_URL of the server's fresh PostgreSQL database, when running on PostgreSQL. */
  databaseUrl: string | undefined;
  logs: () => string;
  /** The process id of `cli.js start` (with WEB_CONCURRENCY > 1, the supervisor of the workers). */
  pid: number;
  /** The secret the server wrote for the admin CLI (see app/auth/cli-link.server.ts). */
  cliSecret: () => string;
  /** The ADMIN_CLI_FILE the server wrote (pass it to the admin CLI to reach this server). */
  cliFile: string;
  /** Whether the server is still running (not stopped, killed or crashed). */
  running(): boolean;
  stop(): Promise<void>;
}

/** Whether the process `pid` is still running. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  /** What the server's database holds when it starts; "empty" leaves migrating and seeding to `npm start`. */
  database?: DatabaseContent;
  /** Shapes the test data in the server's database before the server starts. */
  prepare?: (prisma: Db) => Promise<void>;
  /**
   * Another server's PostgreSQL database (its `databaseUrl`) to run on instead of a fresh one: a second app
   * instance on one database. That server drops it; `database` and `prepare` are not used.
   */
  shareDatabase?: string;
  /** An embedded data directory of the test's own to run on (left in place), instead of a fresh database. */
  pgliteDir?: string;
  /** The run's template databases, when starting outside a test file (tests/helpers/shared-sites.ts). */
  templates?: DatabaseTemplates;
}

export async function startServer(
  extraEnv: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  const port = await freePort();
  const database: FreshDatabase = options.shareDatabase
    ? { target: { kind: "postgres", url: options.shareDatabase }, drop: async () => {} }
    : options.pgliteDir
      ? { target: { kind: "pglite", dataDir: options.pgliteDir }, drop: async () => {} }
      : await freshDatabase(options.database ?? "seeded", options.templates);
  const workDir = await mkdtemp(path.join(os.tmpdir(), "tt-server-"));
  const cliFile = extraEnv.ADMIN_CLI_FILE || path.join(workDir, "admin-cli.json");
  // The keyless map's style comes from a local fake unless the test names one: no test reaches the internet.
  const mapStyle = extraEnv.MAP_STYLE_URL ? undefined : await startFakeMapStyle();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    LOG_REQUESTS: "0",
    PUBLIC_URL: `http://localhost:${port}`,
    SESSION_SECRET: "test-session-secret",
    ADMIN_CLI_FILE: cliFile,
    // Tests sign in many times a minute from one address; admin-security.test.ts checks the real limit.
    AUTH_RATE_LIMIT: "1000",
    ...(mapStyle ? { MAP_STYLE_URL: mapStyle.url } : {}),
    ...extraEnv,
  };
  if (database.target.kind === "postgres") env.DATABASE_URL = database.target.url;
  else {
    delete env.DATABASE_URL;
    env.PGLITE_DIR = database.target.dataDir;
  }
  if (options.prepare && !options.shareDatabase && !options.pgliteDir) {
    // Loaded here, not with this module: the app's data layer (Prisma, PGlite) takes a second or more to load, and
    // most files that start a server, or reach their worker's shared one, never open its database themselves.
    const { openDatabase } = await import("~/data/db.server");
    const opened = await openDatabase(database.target);
    try {
      await options.prepare(opened.prisma);
    } finally {
      // PGlite is single-process: release the data directory before the server opens it.
      await opened.close();
    }
  }
  const child: ChildProcess = spawn(process.execPath, ["cli.js", "start"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 90s:\n${output}`)), 90_000);
    const check = () => {
      if (output.includes("Listening on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://localhost:${port}`,
    databaseUrl: database.target.kind === "postgres" ? database.target.url : undefined,
    logs: () => output,
    pid: child.pid!,
    cliSecret: () => (JSON.parse(readFileSync(cliFile, "utf8")) as { secret: string }).secret,
    cliFile,
    running: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      // A server a test killed has exited already (with a signal, so no exit code).
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      await database.drop();
      await mapStyle?.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
