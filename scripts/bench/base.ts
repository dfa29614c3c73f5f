// The previous version the bench measures beside this one (issue #25: side by side in one run): a git revision
// (BENCH_BASE), checked out into a throw-away worktree, installed and built as a fresh clone would be.
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface Revision {
  commit: string;
  subject: string;
}

export interface BaseCheckout {
  revision: Revision;
  /** The worktree's directory: its package.json, build and node_modules. */
  dir: string;
  /** How its node_modules came to be: shared with this checkout (same package-lock.json) or installed. */
  modules: "shared" | "installed";
  /** Removes the worktree (unless BENCH_KEEP_BASE=1 keeps it for the next run). */
  remove(): void;
}

function git(...args: string[]): string {
  return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

export function revision(rev: string): Revision {
  const commit = git("rev-parse", "--verify", `${rev}^{commit}`);
  return { commit, subject: git("log", "-1", "--format=%s", commit) };
}

/**
 * The default base: on a branch, the commit it left main at (its merge base with main: the version before this
 * branch's changes); on main itself, main before its last change (HEAD's first parent: before the last merge).
 */
export function defaultBase(): string {
  const head = git("rev-parse", "HEAD");
  let fork: string | undefined;
  try {
    fork = git("merge-base", "HEAD", "main");
  } catch {
    // No branch named main: fall back to the first parent.
  }
  return fork && fork !== head ? fork : `${head}^1`;
}

function run(command: string, args: string[], cwd: string) {
  try {
    execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${(stdout + stderr).slice(-4000)}`);
  }
}

/**
 * Checks `rev` out into a detached worktree under the system's temporary directory, with node_modules (a link to
 * this checkout's when package-lock.json is identical, otherwise `npm install`), its Prisma client and its build.
 * A worktree of the same commit that a previous run kept (BENCH_KEEP_BASE=1) and finished is used again.
 */
export function checkoutBase(rev: string): BaseCheckout {
  const revisionFound = revision(rev);
  const dir = path.join(os.tmpdir(), `bench-base-${revisionFound.commit.slice(0, 12)}`);
  const ready = path.join(dir, ".bench-base-ready");
  const keep = process.env.BENCH_KEEP_BASE === "1";
  const remove = () => {
    if (keep) return;
    // The link first, so that nothing below can reach this checkout's own node_modules through it.
    const link = path.join(dir, "node_modules");
    if (existsSync(link) && lstatSync(link).isSymbolicLink()) unlinkSync(link);
    try {
      git("worktree", "remove", "--force", dir);
    } catch {
      rmSync(dir, { recursive: true, force: true });
      git("worktree", "prune");
    }
  };
  const lockHere = readFileSync("package-lock.json", "utf8");
  const lockThere = git("show", `${revisionFound.commit}:package-lock.json`);
  const modules = lockHere.trim() === lockThere ? "shared" : "installed";
  if (existsSync(ready)) return { revision: revisionFound, dir, modules, remove };

  if (existsSync(dir)) {
    rmSync(dir, { recursive: true, force: true });
    git("worktree", "prune");
  }
  git("worktree", "add", "--detach", dir, revisionFound.commit);
  try {
    if (modules === "shared") {
      symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"), "dir");
      // What `npm install`'s postinstall does: the Prisma client of the base's own schema.
      run("npx", ["prisma", "generate"], dir);
    } else {
      run("npm", ["install", "--no-audit", "--no-fund"], dir);
    }
    run("npx", ["react-router", "build"], dir);
    writeFileSync(ready, `${revisionFound.commit}\n`);
  } catch (error) {
    remove();
    throw error;
  }
  return { revision: revisionFound, dir, modules, remove };
}
