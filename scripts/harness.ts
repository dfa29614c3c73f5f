// What the bench and the chaos run share: the built site started exactly as `npm start` starts it, on a free
// port, and throw-away PostgreSQL databases.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The Node arguments of `npm start` (package.json, e.g. its young-generation size), run directly rather than
 * through npm, which does not pass a stop signal on to the server.
 */
export function npmStartNodeArgs(cwd = "."): string[] {
  const start: string = JSON.parse(readFileSync(path.join(cwd, "package.json"), "utf8")).scripts.start;
  const [command, ...args] = start.trim().split(/\s+/);
  if (command !== "node") throw new Error(`npm start is not a plain node command: ${start}`);
  return args;
}

export interface SiteProcess {
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** SIGTERM, and wait until it has exited. */
  stop(): Promise<void>;
}

/**
 * Runs `npm start` with `env` (in `cwd`, a checkout with its own build) and resolves once it listens; `nodeArgs` go
 * before npm start's own (e.g. --cpu-prof, which NODE_OPTIONS may not carry).
 */
export async function startSite(
  env: NodeJS.ProcessEnv,
  timeoutMs = 120_000,
  cwd = ".",
  nodeArgs: string[] = [],
): Promise<SiteProcess> {
  const args = [...nodeArgs, ...npmStartNodeArgs(cwd)];
  const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), timeoutMs);
    const onData = (d: Buffer) => {
      output += d;
      if (output.includes("Listening on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code, signal) => reject(new Error(`server exited with ${signal ?? code}:\n${output}`)));
  });
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function onServer<T>(base: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database `name` on the PostgreSQL server of `base`; drop() removes it, connections and all. */
export async function throwAwayDatabase(base: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  await onServer(base, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(base, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}
