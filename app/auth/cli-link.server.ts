// The admin CLI's bridge to a running server. The embedded PGlite is single-process, so while the server
// runs, `npm run admin -- login-link` asks it (over loopback) to make the link. The server writes a random
// secret to ADMIN_CLI_FILE (mode 0600) at start; only a local user who can read that file can ask. The file also
// names the server's public origin: the CLI addresses it by that host (the server answers for no other) and
// prints links on it.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
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
  mkdirSync(path.dirname(cliFilePath()), { recursive: true });
  writeFileSync(cliFilePath(), JSON.stringify(file), { mode: 0o600 });
  return file;
}

export function readCliFile(): CliFile | null {
  try {
    return JSON.parse(readFileSync(cliFilePath(), "utf8")) as CliFile;
  } catch {
    return null;
  }
}

export function removeCliFile() {
  rmSync(cliFilePath(), { force: true });
}

export function isCliSecret(candidate: string | null): boolean {
  const file = readCliFile();
  if (!file || !candidate || file.pid !== process.pid) return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(file.secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
