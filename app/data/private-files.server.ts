// Files only the site's own user may read (issue #27 item 15): the embedded database, the admin CLI's bridge secret,
// the generated session secret and backups. Directories are made 0700 and files 0600 on every write, whatever an
// earlier one was (a mode given to writeFileSync applies only to a file it creates).
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Makes a directory only its owner may enter (0700), with any parent it creates (./data on a fresh clone); one that
 * exists is left as it is.
 */
export function makePrivateDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** Closes a directory to other users (0700); one of another owner (EPERM) is left as it is. */
export function closeDirToOthers(dir: string) {
  try {
    chmodSync(dir, 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") throw error;
  }
}

/**
 * Writes `file` 0600, its directory made private if new: written aside (0600 from its creation) and renamed into
 * place, so the file is 0600 whatever an earlier one was, and a reader never sees half of it.
 */
export function writePrivateFile(file: string, content: string | Uint8Array) {
  makePrivateDir(path.dirname(file));
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, content, { mode: 0o600 });
  try {
    chmodSync(aside, 0o600); // an aside left by a killed process of the same pid kept its mode
    renameSync(aside, file);
  } catch (error) {
    rmSync(aside, { force: true });
    throw error;
  }
}
