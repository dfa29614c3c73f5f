// One owner of the embedded database (issue #24): beside another process holding the PGlite directory (committing a
// row every 20 ms), the admin CLI is refused, naming that process, and the directory is left alone; once that process
// is killed, its lock is taken over and every commit it acknowledged is there. A server that owns it and does not
// answer in time is reported, never gone around. On PostgreSQL, which many processes
// share, nothing is locked: the CLI works beside it. Backups on PostgreSQL are pg_dump's: db:backup and db:restore
// say so.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claimDataDir } from "~/data/data-dir-lock.server";
import { openDatabase } from "~/data/db.server";
import { runCommand } from "../helpers/admin";
import { freshDatabase, type FreshDatabase } from "../helpers/database";
import { postgresBaseUrl } from "../helpers/postgres";

const embedded = !postgresBaseUrl();

let fresh: FreshDatabase | undefined;
let holder: ChildProcess | undefined;
let workDir: string | undefined;

afterEach(async () => {
  if (holder && holder.exitCode === null && holder.signalCode === null) {
    const exited = new Promise((resolve) => holder!.once("exit", resolve));
    holder.kill("SIGKILL");
    await exited;
  }
  holder = undefined;
  await fresh?.drop();
  fresh = undefined;
  if (workDir) await rm(workDir, { recursive: true, force: true });
  workDir = undefined;
});

function databaseEnv(target: FreshDatabase["target"]): Record<string, string | undefined> {
  return target.kind === "postgres"
    ? { DATABASE_URL: target.url, PGLITE_DIR: undefined }
    : { DATABASE_URL: undefined, PGLITE_DIR: target.dataDir };
}

/** Starts tests/helpers/hold-database.ts on the database; resolves once it holds it, with its acknowledged count. */
async function startHolder(env: Record<string, string | undefined>) {
  const childEnv = { ...process.env, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/hold-database.ts"], {
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  holder = child;
  let output = "";
  let acknowledged = 0;
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
    for (const match of chunk.toString().matchAll(/committed (\d+)/g)) acknowledged = Number(match[1]);
  });
  child.stderr.on("data", (chunk) => (output += chunk));
  await expect.poll(() => (child.exitCode === null ? acknowledged : output), { timeout: 60_000 }).toBeGreaterThan(10);
  return { child, acknowledged: () => acknowledged };
}

/** A fresh database with a holder committing to it, and the environment a CLI beside the holder runs with. */
async function holderOnFreshDatabase() {
  fresh = await freshDatabase("migrated");
  workDir = await mkdtemp(path.join(os.tmpdir(), "tt-owner-"));
  const env = { ...databaseEnv(fresh.target), ADMIN_CLI_FILE: path.join(workDir, "no-server.json") };
  return { env, target: fresh.target, ...(await startHolder(env)) };
}

async function killed(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

async function committedRows(target: FreshDatabase["target"]): Promise<number> {
  const database = await openDatabase(target);
  try {
    const { rows } = await database.raw.query<{ n: number }>("SELECT count(*)::int AS n FROM holder_commits");
    return rows[0]!.n;
  } finally {
    await database.close();
  }
}

describe("the admin CLI beside another process on the database", () => {
  it.runIf(embedded)(
    "is refused while that process holds the embedded directory; takes over its lock once it is gone",
    async () => {
      const { env, target, child, acknowledged } = await holderOnFreshDatabase();

      const refused = await runCommand("admin", ["login-link", "beside@example.com"], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`is in use by process ${child.pid} (node tests/helpers/hold-database.ts)`);
      expect(refused.output).toContain("Stop that process first");
      expect(refused.output).not.toMatch(/^\s+at /m);
      // The holder went on committing, alone.
      const before = acknowledged();
      await expect.poll(acknowledged).toBeGreaterThan(before + 5);

      // Killed (no exit handler runs): its lock stays behind, naming a process that is gone.
      await killed(child);
      const lastAcknowledged = acknowledged();
      expect(existsSync(`${target.kind === "pglite" ? target.dataDir : ""}.lock`)).toBe(true);
      const taken = await runCommand("admin", ["login-link", "after@example.com"], env);
      expect(taken.code, taken.output).toBe(0);
      expect(taken.output).toContain(`from process ${child.pid}, which is no longer running`);
      expect(taken.output).toContain("One-time admin login link for after@example.com");
      // Every commit the holder acknowledged survived (issue #24 saw 180 acknowledged, 84 after the CLI beside it).
      expect(await committedRows(target)).toBeGreaterThanOrEqual(lastAcknowledged);
    },
    120_000,
  );

  it.runIf(embedded)(
    "reports a server that owns the directory but does not answer in time, and never opens the directory itself",
    async () => {
      workDir = await mkdtemp(path.join(os.tmpdir(), "tt-owner-"));
      const dataDir = path.join(workDir, "data", "pglite");
      const cliFile = path.join(workDir, "data", "admin-cli.json");
      // A server busy with something long (a CSV import): it takes the connection and answers nothing. This process
      // plays it, holding the directory as npm start does.
      const busy = net.createServer(() => {});
      await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
      const { port } = busy.address() as net.AddressInfo;
      const claim = claimDataDir(dataDir, { cliFile });
      try {
        writeFileSync(
          cliFile,
          JSON.stringify({ port, secret: "s".repeat(64), pid: process.pid, origin: `http://localhost:${port}` }),
        );
        const run = await runCommand("admin", ["login-link", "late@example.com"], {
          DATABASE_URL: undefined,
          PGLITE_DIR: dataDir,
          ADMIN_CLI_FILE: cliFile,
        });
        expect(run.code, run.output).toBe(1);
        expect(run.output.trim()).toBe(
          `The server (process ${process.pid}) owns the database but it did not answer in 10 s (busy, e.g. with a ` +
            "CSV import). Nothing was done; try again in a moment.",
        );
        expect(existsSync(dataDir)).toBe(false);
      } finally {
        claim.release();
        busy.close();
      }
    },
    60_000,
  );

  it.runIf(!embedded)(
    "works beside it on PostgreSQL, which many processes share",
    async () => {
      const { env, target, child, acknowledged } = await holderOnFreshDatabase();
      const beside = await runCommand("admin", ["login-link", "beside@example.com"], env);
      expect(beside.code, beside.output).toBe(0);
      expect(beside.output).toContain("One-time admin login link for beside@example.com");
      await killed(child);
      expect(await committedRows(target)).toBeGreaterThanOrEqual(acknowledged());
    },
    120_000,
  );
});

describe.runIf(!embedded)("backups on PostgreSQL", () => {
  it("db:backup and db:restore print the pg_dump and pg_restore commands, and exit 1", async () => {
    const env = { DATABASE_URL: postgresBaseUrl() };
    for (const [script, args] of [
      ["db:backup", []],
      ["db:restore", ["backups/x.tar.gz"]],
    ] as const) {
      const run = await runCommand(script, [...args], env);
      expect(run.code, script).toBe(1);
      expect(run.output).toMatch(/pg_dump --format=custom --file=backups\/\S+\.dump "\$DATABASE_URL"/);
      expect(run.output).toMatch(/pg_restore --clean --if-exists --no-owner --dbname="\$DATABASE_URL" backups\//);
      expect(run.output).not.toMatch(/^\s+at /m);
    }
  });
});
