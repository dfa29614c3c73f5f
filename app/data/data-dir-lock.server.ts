// One owner of an embedded (PGlite) data directory at a time (issue #24). PGlite takes no lock of its own, and two
// processes writing one directory lose acknowledged commits, so every opener (the server, the admin CLI, migrate,
// seed, backup, the bench and the tests) first claims the directory: a lock file beside it (`{dir}.lock`, so copying
// or restoring the directory never copies a lock along), made at once with its content (a hard link of a file
// written aside, which fails when the lock exists, as O_EXCL does), naming the holder's pid, its start time and
// its command line.
//
// A lock whose process is gone is taken over: its pid is no longer running, or names another process (the start
// time in /proc/<pid>/stat differs: the pid was reused), or the machine has booted since. A lock written on
// another host cannot be checked and is taken as live (the message names the file to remove). A process holds a
// directory once, however many times it claims it (`npm start` migrates and seeds, closes, and its server opens it
// again in the same process); the lock goes when the last claim is released, or when the process exits.
import { randomBytes } from "node:crypto";
import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { makePrivateDir } from "./private-files.server";

export interface LockHolder {
  pid: number;
  /** The process's start time, in clock ticks since boot (/proc/<pid>/stat), or null where there is no /proc. */
  start: string | null;
  /** The kernel's boot id: a lock written before the last boot belongs to no running process. */
  boot: string | null;
  host: string;
  /** The holder's command line (to name it in messages). */
  command: string;
  /** When it took the lock (ISO 8601). */
  since: string;
  /**
   * Set by a server (`npm start`): the admin CLI bridge file it writes once it answers (app/auth/cli-link.server.ts).
   * A holder with one and no bridge yet is a server still starting, which the admin CLI waits for.
   */
  cliFile?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
    readonly lockFile: string,
  ) {
    super(lockedMessage(dataDir, holder, lockFile));
    this.name = "DataDirLockedError";
  }
}

export function lockFileOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/** What this process holds: shared by every copy of this module in the process (the server build bundles its own). */
interface Held {
  refs: number;
  text: string;
}
const REGISTRY = Symbol.for("things-to-do.data-dir-locks");
type Registry = Map<string, Held>;
const globalSlot = globalThis as unknown as Record<symbol, Registry | undefined>;

function registry(): Registry {
  let held = globalSlot[REGISTRY];
  if (!held) {
    held = globalSlot[REGISTRY] = new Map();
    const heldNow = held;
    // Released on any exit the process sees (process.exit, the end of the event loop); a kill leaves the lock to be
    // taken over as stale.
    process.on("exit", () => {
      for (const [file, { text }] of heldNow) removeIfOurs(file, text);
    });
  }
  return held;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function removeIfOurs(file: string, text: string) {
  try {
    if (readText(file) === text) rmSync(file, { force: true });
  } catch {
    // Gone already, or unreadable: nothing of ours to remove.
  }
}

function procStat(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid …": the command may hold spaces and parentheses, so the fields start after the last ')'.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (the start time), the 20th after the command. */
function processStart(pid: number): string | null {
  return procStat(pid)?.[19] ?? null;
}

function bootId(): string | null {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return null;
  }
}

/** Whether a process with this pid runs (as any user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the process a lock names still runs (see the header); a lock from another host is taken as live. */
export function isLive(holder: LockHolder): boolean {
  if (holder.host !== os.hostname()) return true;
  const boot = bootId();
  if (holder.boot && boot && holder.boot !== boot) return false;
  if (!isRunning(holder.pid)) return false;
  const start = holder.start && processStart(holder.pid);
  return !start || start === holder.start;
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder> | null;
    if (!value || !Number.isSafeInteger(value.pid) || typeof value.host !== "string") return null;
    return {
      pid: value.pid!,
      start: typeof value.start === "string" ? value.start : null,
      boot: typeof value.boot === "string" ? value.boot : null,
      host: value.host,
      command: typeof value.command === "string" ? value.command : "",
      since: typeof value.since === "string" ? value.since : "",
      ...(typeof value.cliFile === "string" ? { cliFile: value.cliFile } : {}),
    };
  } catch {
    return null;
  }
}

/** A lock file being written (only where hard links are not supported) is given this long to get its content. */
const UNREADABLE_GRACE_MS = 5000;

type LockState = { kind: "free" } | { kind: "live"; holder: LockHolder } | { kind: "stale"; text: string };

function lockState(file: string): LockState {
  const text = readText(file);
  if (text === null) return { kind: "free" };
  const holder = parseHolder(text);
  if (holder) return isLive(holder) ? { kind: "live", holder } : { kind: "stale", text };
  let age = Infinity;
  try {
    age = Date.now() - statSync(file).mtimeMs;
  } catch {
    return { kind: "free" };
  }
  if (age > UNREADABLE_GRACE_MS) return { kind: "stale", text };
  const unknown: LockHolder = { pid: 0, start: null, boot: null, host: os.hostname(), command: "", since: "" };
  return { kind: "live", holder: unknown };
}

/** The live process holding `dataDir`, or null when it is free (or its lock is stale). */
export function dataDirHolder(dataDir: string): LockHolder | null {
  const state = lockState(lockFileOf(dataDir));
  return state.kind === "live" ? state.holder : null;
}

function commandLine(): string {
  const [script, ...args] = process.argv.slice(1);
  const shown = script ? [path.relative(process.cwd(), script) || script, ...args] : [];
  return ["node", ...shown].join(" ").slice(0, 300);
}

/** Makes `file` with `text` in one step: fails with EEXIST when it exists. */
function createWith(file: string, text: string) {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(aside, text, { mode: 0o600, flag: "wx" });
  try {
    linkSync(aside, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS" && code !== "EOPNOTSUPP") throw error;
    // A file system without hard links: created with O_EXCL, then written (readers wait UNREADABLE_GRACE_MS).
    const fd = openSync(file, "wx", 0o600);
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
  } finally {
    rmSync(aside, { force: true });
  }
}

/**
 * Removes a stale lock, unless another process took it over meanwhile: the lock is moved aside (one atomic step) and
 * compared with the stale text; if it is someone's fresh lock, it is put back.
 */
function removeStale(file: string, staleText: string) {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  try {
    if (readText(aside) !== staleText) linkSync(aside, file);
  } catch {
    // A newer lock is in place already: the one moved aside was replaced meanwhile.
  } finally {
    rmSync(aside, { force: true });
  }
}

export interface DataDirClaim {
  /** Gives this claim back; the lock goes with the process's last one. Safe to call twice. */
  release(): void;
  /** Set when the claim took over a lock left by a process that is gone. */
  tookOverFrom?: LockHolder;
}

/**
 * Claims `dataDir` for this process, or throws DataDirLockedError naming the live holder. Claiming a directory this
 * process holds already only counts the claim. `cliFile`: the claimant is a server that will answer the admin CLI
 * through that bridge file.
 */
export function claimDataDir(dataDir: string, options: { cliFile?: string } = {}): DataDirClaim {
  const file = lockFileOf(dataDir);
  const held = registry();
  const ours = held.get(file);
  if (ours) {
    ours.refs += 1;
    return { release: once(() => releaseOne(file)) };
  }
  // The lock sits beside the directory: its parent first (a fresh clone has no ./data yet).
  makePrivateDir(path.dirname(file));
  const holder: LockHolder = {
    pid: process.pid,
    start: processStart(process.pid),
    boot: bootId(),
    host: os.hostname(),
    command: commandLine(),
    since: new Date().toISOString(),
    ...(options.cliFile ? { cliFile: path.resolve(options.cliFile) } : {}),
  };
  const text = JSON.stringify(holder);
  let tookOverFrom: LockHolder | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      createWith(file, text);
      held.set(file, { refs: 1, text });
      if (tookOverFrom) {
        console.warn(`Took over ${shownPath(file)} from process ${tookOverFrom.pid}, which is no longer running`);
      }
      return { release: once(() => releaseOne(file)), ...(tookOverFrom ? { tookOverFrom } : {}) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const state = lockState(file);
    if (state.kind === "live") throw new DataDirLockedError(dataDir, state.holder, file);
    if (state.kind === "stale") {
      tookOverFrom = parseHolder(state.text) ?? undefined;
      removeStale(file, state.text);
    }
  }
  const state = lockState(file);
  if (state.kind === "live") throw new DataDirLockedError(dataDir, state.holder, file);
  throw new Error(`Could not take the lock ${file}: it keeps changing; try again`);
}

function releaseOne(file: string) {
  const held = registry();
  const ours = held.get(file);
  if (!ours) return;
  ours.refs -= 1;
  if (ours.refs > 0) return;
  held.delete(file);
  removeIfOurs(file, ours.text);
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

/** A path as the operator would type it: relative to the working directory when inside it, else absolute. */
export function shownPath(dir: string): string {
  const relative = path.relative(process.cwd(), path.resolve(dir));
  return relative.startsWith("..") || path.isAbsolute(relative) ? path.resolve(dir) : relative || ".";
}

/** Names the holder and what to do (see DataDirLockedError). */
export function lockedMessage(dataDir: string, holder: LockHolder, lockFile: string): string {
  const dir = shownPath(dataDir);
  if (holder.pid === 0) return `The embedded database in ${dir} is being opened by another process; try again.`;
  const what = holder.command ? ` (${holder.command})` : "";
  const when = holder.since ? `, since ${holder.since.replace("T", " ").replace(/\.\d+Z$/, " UTC")}` : "";
  const where = holder.host === os.hostname() ? "" : ` on ${holder.host}`;
  const lines = [
    `The embedded database in ${dir} is in use by process ${holder.pid}${where}${what}${when}.`,
    "PGlite lets one process at a time open it. Stop that process first, or work through the running server " +
      "(npm run admin and npm run db:backup do so by themselves); or set PGLITE_DIR to another directory.",
  ];
  if (where) lines.push(`If that process is no longer running on ${holder.host}, delete ${shownPath(lockFile)}.`);
  return lines.join("\n");
}
