// `npm run db:restore -- FILE`: puts a backup made by `npm run db:backup` in place of the embedded database. Refused
// while any process holds the database (a running server above all). The backup is unpacked into a new directory
// beside the data directory and checked there first; the current data is then moved aside, not deleted
// ({dir}.before-restore-{date-time}), and the restored copy takes its place. On PostgreSQL it prints the pg_restore
// command instead.
import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { databaseTarget, openPGlite } from "../app/data/adapter.server";
import { claimDataDir, DataDirLockedError, shownPath } from "../app/data/data-dir-lock.server";
import { backupFileName, postgresBackupCommands } from "./backups";
import { Refusal } from "./refusal";

const USAGE = "usage: npm run db:restore -- FILE   (a .tar.gz made by npm run db:backup)";

/** Unpacks the archive into `dir` (new) and checks it is this site's database. */
async function unpack(archive: Uint8Array<ArrayBuffer>, dir: string, file: string) {
  let opened;
  try {
    opened = await openPGlite(dir, { loadDataDir: new Blob([archive]) });
  } catch (error) {
    throw new Refusal(`${shownPath(file)} is not a backup of the embedded database: ${(error as Error).message}`);
  }
  try {
    await opened.lite.query(`SELECT count(*) FROM "_prisma_migrations"`);
  } catch {
    throw new Refusal(`${shownPath(file)} holds a database, but not this site's (it has no migrations table).`);
  } finally {
    await opened.close();
  }
}

export async function restore(args: readonly string[]) {
  const file = args[0];
  if (!file) {
    console.error(USAGE);
    process.exit(2);
  }
  const target = databaseTarget();
  if (target.kind === "postgres") throw new Refusal(postgresBackupCommands());
  if (!target.dataDir) throw new Refusal("PGLITE_DIR is memory://: there is no data directory to restore into.");
  const dataDir = path.resolve(target.dataDir);
  const source = path.resolve(file);
  if (!existsSync(source)) throw new Refusal(`No such file: ${file}\n${USAGE}`);
  let claim;
  try {
    claim = claimDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new Refusal(
      `${error.message.split("\n")[0]}\nStop it first: a restore replaces the whole database, and nothing was changed.`,
    );
  }
  const stamp = path.basename(backupFileName(path.dirname(dataDir), ""));
  const restored = `${dataDir}.restoring-${stamp}`;
  try {
    await unpack(new Uint8Array(readFileSync(source)), restored, source);
    const aside = `${dataDir}.before-restore-${stamp}`;
    if (existsSync(dataDir)) renameSync(dataDir, aside);
    try {
      renameSync(restored, dataDir);
    } catch (error) {
      if (existsSync(aside)) renameSync(aside, dataDir);
      throw error;
    }
    console.log(`Restored ${shownPath(source)} into ${shownPath(dataDir)}.`);
    if (existsSync(aside)) {
      console.log(`The data it replaced is in ${shownPath(aside)}: delete it once the site looks right.`);
    }
  } finally {
    rmSync(restored, { recursive: true, force: true });
    claim.release();
  }
}
