// Chooses the database behind Prisma: PostgreSQL when DATABASE_URL is set (a postgres URL), otherwise the
// embedded PGlite (on disk under PGLITE_DIR, default ./data/pglite, or in memory for "memory://").
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
// Relative, not "~/": prisma.config.ts loads this module outside Vite's and tsx's path aliases.
import { env, type Env } from "../env.server";
import { claimDataDir } from "./data-dir-lock.server";
import { closeDirToOthers, makePrivateDir } from "./private-files.server";

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string | undefined };

export function databaseTarget(settings: Pick<Env, "DATABASE_URL" | "PGLITE_DIR"> = env()): DatabaseTarget {
  if (settings.DATABASE_URL) return { kind: "postgres", url: settings.DATABASE_URL };
  return { kind: "pglite", dataDir: settings.PGLITE_DIR === "memory://" ? undefined : settings.PGLITE_DIR };
}

/** An open PGlite and the claim on its directory: close() closes it and gives the directory back. */
export interface OpenPGlite {
  lite: PGlite;
  close(): Promise<void>;
}

/** The data directories this process has open (shared by every copy of this module in the process, as the lock). */
const OPEN = Symbol.for("things-to-do.open-pglite-dirs");
const openDirs = ((globalThis as unknown as Record<symbol, Set<string>>)[OPEN] ??= new Set<string>());

/**
 * Opens an on-disk PGlite after claiming its directory (data-dir-lock.server.ts): another live process holding it
 * makes this throw DataDirLockedError, naming that process; so does a second open of one directory in one process.
 */
export async function openPGlite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<OpenPGlite> {
  if (!dataDir) {
    const lite = await PGlite.create(undefined, { extensions: { pg_trgm } });
    return { lite, close: () => lite.close() };
  }
  const dir = path.resolve(dataDir);
  if (openDirs.has(dir)) throw new Error(`The embedded database in ${dataDir} is open in this process already`);
  const claim = claimDataDir(dir);
  openDirs.add(dir);
  try {
    makePrivateDir(dir);
    // PGlite writes its files readable and writable by all (0666): the directory is what keeps other users out, so
    // it is 0700 on every open, as initdb makes PostgreSQL's (one an older install made 0755 is closed).
    closeDirToOthers(dir);
    // loadDataDir: a backup (dumpDataDir's archive) unpacked into a new directory (server/restore.ts).
    const lite = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
    return {
      lite,
      async close() {
        try {
          await lite.close();
        } finally {
          openDirs.delete(dir);
          claim.release();
        }
      },
    };
  } catch (error) {
    openDirs.delete(dir);
    claim.release();
    throw error;
  }
}

/** A Prisma driver adapter factory for the chosen target (also used by prisma.config.ts for migrate). */
export async function createAdapterFactory(target: DatabaseTarget = databaseTarget()): Promise<SqlMigrationAwareDriverAdapterFactory> {
  if (target.kind === "postgres") return new PrismaPg({ connectionString: target.url });
  // The migrate command's process: the directory is given back when it exits.
  return pgliteAdapter((await openPGlite(target.dataDir)).lite);
}

/**
 * pglite-prisma-adapter 0.6 is typed against @prisma/driver-adapter-utils 6.10 while Prisma is 6.19; the
 * runtime contract is the same (the integration tests run every query through it), only the types drifted.
 */
export function pgliteAdapter(client: PGlite): SqlMigrationAwareDriverAdapterFactory {
  return new PrismaPGlite(client) as unknown as SqlMigrationAwareDriverAdapterFactory;
}
