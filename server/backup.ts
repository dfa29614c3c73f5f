// `npm run db:backup [-- DIR]`: a consistent copy of the embedded database in DIR (default ./backups) as
// {date-time}.tar.gz, taken while the site runs: by the server that owns the database (through the admin CLI's bridge,
// server/owner.ts), or directly when no process holds it. On PostgreSQL it prints the pg_dump command instead.
import { existsSync } from "node:fs";
import path from "node:path";
import type { CliFile } from "../app/auth/cli-link.server";
import { databaseTarget } from "../app/data/adapter.server";
import { shownPath } from "../app/data/data-dir-lock.server";
import { writePrivateFile } from "../app/data/private-files.server";
import { backupFileName, postgresBackupCommands } from "./backups";
import { postToServer, throughOwner } from "./owner";
import { Refusal } from "./refusal";

/** The dump of a large database is a while in the making before its first byte. */
const SERVER_BACKUP_TIMEOUT_MS = 300_000;

async function fromServer(file: CliFile): Promise<Uint8Array> {
  const answer = await postToServer(file, "/admin/cli/backup", {}, SERVER_BACKUP_TIMEOUT_MS);
  if (answer.status !== 200) {
    throw new Refusal(`The running server refused the backup: ${answer.status} ${answer.body.toString("utf8")}`);
  }
  return answer.body;
}

async function directly(dataDir: string): Promise<Uint8Array> {
  const { openPGlite } = await import("../app/data/adapter.server");
  const { pgliteArchive } = await import("../app/data/db.server");
  const opened = await openPGlite(dataDir);
  try {
    return new Uint8Array(await (await pgliteArchive(opened.lite)).arrayBuffer());
  } finally {
    await opened.close();
  }
}

export async function backup(args: readonly string[]) {
  const dir = path.resolve(args[0] ?? "backups");
  const target = databaseTarget();
  // Exits 1: a scheduled backup must not take the advice for a copy.
  if (target.kind === "postgres") throw new Refusal(postgresBackupCommands());
  if (!target.dataDir) throw new Refusal("PGLITE_DIR is memory://: there is nothing on disk to back up.");
  const dataDir = target.dataDir;
  if (!existsSync(dataDir)) throw new Refusal(`There is no database in ${dataDir} to back up.`);
  const started = performance.now();
  let through = "the running server";
  const archive = await throughOwner({
    viaServer: fromServer,
    directly: () => {
      through = "the database directly (no server was running)";
      return directly(dataDir);
    },
  });
  const file = backupFileName(dir);
  writePrivateFile(file, archive);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const megabytes = (archive.byteLength / 1024 / 1024).toFixed(1);
  console.log(
    `Backed up ${shownPath(dataDir)} through ${through} to ${shownPath(file)} (${megabytes} MB, ${seconds} s)`,
  );
}
