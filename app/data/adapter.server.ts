// Chooses the database behind Prisma: PostgreSQL when DATABASE_URL is set (a postgres URL), otherwise the
// embedded PGlite (on disk under PGLITE_DIR, default ./data/pglite, or in memory for "memory://").
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
// Relative, not "~/": prisma.config.ts loads this module outside Vite's and tsx's path aliases.
import { env, type Env } from "../env.server";

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string | undefined };

export function databaseTarget(settings: Pick<Env, "DATABASE_URL" | "PGLITE_DIR"> = env()): DatabaseTarget {
  if (settings.DATABASE_URL) return { kind: "postgres", url: settings.DATABASE_URL };
  return { kind: "pglite", dataDir: settings.PGLITE_DIR === "memory://" ? undefined : settings.PGLITE_DIR };
}

export async function openPGlite(dataDir: string | undefined): Promise<PGlite> {
  // A fresh clone has no ./data yet, and PGlite creates only the last directory of the path.
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create(dataDir, { extensions: { pg_trgm } });
}

/** A Prisma driver adapter factory for the chosen target (also used by prisma.config.ts for migrate). */
export async function createAdapterFactory(target: DatabaseTarget = databaseTarget()): Promise<SqlMigrationAwareDriverAdapterFactory> {
  if (target.kind === "postgres") return new PrismaPg({ connectionString: target.url });
  return pgliteAdapter(await openPGlite(target.dataDir));
}

/**
 * pglite-prisma-adapter 0.6 is typed against @prisma/driver-adapter-utils 6.10 while Prisma is 6.19; the
 * runtime contract is the same (the integration tests run every query through it), only the types drifted.
 */
export function pgliteAdapter(client: PGlite): SqlMigrationAwareDriverAdapterFactory {
  return new PrismaPGlite(client) as unknown as SqlMigrationAwareDriverAdapterFactory;
}
