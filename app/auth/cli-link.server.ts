// The admin CLI's bridge to a running server. The embedded PGlite is single-process, so while the server
// runs, `npm run admin -- login-link` and `npm run db:backup` ask it (over loopback). The server writes a random
// secret to ADMIN_CLI_FILE (mode 0600, in a 0700 directory) once it listens; only a local user who can read that
// file can ask. The file also names the server's public origin: the CLI addresses it by that host (with PUBLIC_URL
// set the server answers for no other) and prints links on it.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { writePrivateFile } from "~/data/private-files.server";
import { env } from "~/env.server";

export interface CliFile {
  port: number;
  secret: string;
  pid: number;
  /** PUBLIC_URL, else http://localhost:{port}. */
  origin: string;
}

export function cliFilePath(): string {
  return path.resolve(env().ADMIN_CLI_FILE);
}

export function writeCliFile(port: number): CliFile {
  const origin = env().PUBLIC_URL ?? `http://localhost:${port}`;
  const file: CliFile = { port, secret: randomBytes(32).toString("hex"), pid: process.pid, origin };
  writePrivateFile(cliFilePath(), JSON.stringify(file));
  return file;
}

/** The bridge file at ADMIN_CLI_FILE (or at `file`: the one a server's lock names), or null. */
export function readCliFile(file = cliFilePath()): CliFile | null {
  try {
    const value = JSON.parse(readFileSync(file, "utf8")) as Partial<CliFile> | null;
    const whole =
      Number.isSafeInteger(value?.port) &&
      Number.isSafeInteger(value?.pid) &&
      typeof value?.secret === "string" &&
      typeof value?.origin === "string";
    return whole ? (value as CliFile) : null;
  } catch {
    return null;
  }
}

/** Removes this process's bridge file (never another server's). */
export function removeCliFile() {
  if (readCliFile()?.pid === process.pid) rmSync(cliFilePath(), { force: true });
}

export function isCliSecret(candidate: string | null): boolean {
  const file = readCliFile();
  if (!file || !candidate || file.pid !== process.pid) return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(file.secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
