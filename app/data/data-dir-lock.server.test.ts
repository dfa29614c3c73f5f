import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { claimDataDir, dataDirHolder, DataDirLockedError, lockFileOf, type LockHolder } from "./data-dir-lock.server";

let workDir: string;
let dataDir: string;

beforeEach(() => {
  workDir = mkdtempSync(path.join(os.tmpdir(), "tt-lock-"));
  dataDir = path.join(workDir, "pglite");
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(workDir, { recursive: true, force: true });
});

function startOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]!;
}

function bootId(): string {
  return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
}

/** A lock as another process would have written it. */
function writeLock(holder: Partial<LockHolder>) {
  const full: LockHolder = {
    pid: process.ppid,
    start: startOf(process.ppid),
    boot: bootId(),
    host: os.hostname(),
    command: "node cli.js start",
    since: "2026-11-27T10:00:00.000Z",
    ...holder,
  };
  writeFileSync(lockFileOf(dataDir), JSON.stringify(full));
}

/** A pid that is no longer running: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

const linux = existsSync("/proc/self/stat");

describe("claiming an embedded data directory", () => {
  it("writes a lock beside the directory naming this process, counted per claim, gone with the last", () => {
    const first = claimDataDir(dataDir);
    const lock = JSON.parse(readFileSync(path.join(workDir, "pglite.lock"), "utf8")) as LockHolder;
    expect(lock).toMatchObject({ pid: process.pid, host: os.hostname() });
    if (linux) expect(lock.start).toBe(startOf(process.pid));
    // npm start claims it, its migrations open it, its server opens it again: one process, one lock.
    const second = claimDataDir(dataDir);
    first.release();
    first.release();
    expect(dataDirHolder(dataDir)?.pid).toBe(process.pid);
    second.release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
    expect(dataDirHolder(dataDir)).toBeNull();
  });

  it.runIf(linux)("refuses while another live process holds it, naming its pid and what to do", () => {
    writeLock({});
    let refusal: unknown;
    try {
      claimDataDir(dataDir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    const message = (refusal as Error).message;
    expect(message).toContain(`is in use by process ${process.ppid} (node cli.js start), since 2026-11-27 10:00:00 UTC`);
    expect(message).toContain("Stop that process first");
    // The holder's lock is left as it was.
    expect((JSON.parse(readFileSync(lockFileOf(dataDir), "utf8")) as LockHolder).pid).toBe(process.ppid);
  });

  it.runIf(linux)("takes over a lock whose process is gone", () => {
    const dead = deadPid();
    writeLock({ pid: dead, start: "12345" });
    const claim = claimDataDir(dataDir);
    expect(claim.tookOverFrom?.pid).toBe(dead);
    expect(dataDirHolder(dataDir)?.pid).toBe(process.pid);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining(`from process ${dead}, which is no longer running`));
    claim.release();
  });

  it.runIf(linux)("takes over a lock whose pid now names another process (start time) or an earlier boot", () => {
    writeLock({ start: String(Number(startOf(process.ppid)) - 1) });
    const reused = claimDataDir(dataDir);
    expect(reused.tookOverFrom?.pid).toBe(process.ppid);
    reused.release();
    writeLock({ boot: "00000000-0000-0000-0000-000000000000" });
    const rebooted = claimDataDir(dataDir);
    expect(rebooted.tookOverFrom?.pid).toBe(process.ppid);
    rebooted.release();
  });

  it("takes a lock from another host as live, and says which file to remove if it is not", () => {
    writeLock({ pid: deadPid(), host: "other-machine" });
    expect(() => claimDataDir(dataDir)).toThrow(/in use by process \d+ on other-machine[\s\S]*delete .*pglite\.lock/);
  });

  it("takes over an unreadable lock only once it is old (a lock being written is left alone)", () => {
    writeFileSync(lockFileOf(dataDir), "");
    expect(() => claimDataDir(dataDir)).toThrow(/being opened by another process/);
    const old = new Date(Date.now() - 60_000);
    rmSync(lockFileOf(dataDir));
    writeFileSync(lockFileOf(dataDir), "{");
    utimesSync(lockFileOf(dataDir), old, old);
    claimDataDir(dataDir).release();
  });

  it("is released when the holding process exits", async () => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `import("./app/data/data-dir-lock.server.ts").then((m) => { m.claimDataDir(${JSON.stringify(dataDir)}); console.log("held", m.dataDirHolder(${JSON.stringify(dataDir)}).pid === process.pid); setTimeout(() => process.exit(0), 200); })`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    await new Promise((resolve) => child.once("exit", resolve));
    expect(output).toContain("held true");
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });
});
