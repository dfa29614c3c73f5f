// Fresh databases for tests, each a copy of a template that tests/helpers/global-setup.ts makes once per run:
// `CREATE DATABASE … TEMPLATE` on PostgreSQL (DATABASE_URL points at a server; CI runs the suite both ways), a
// copy of the template's data directory on the embedded PGlite. Migrating and seeding once per run instead of once
// per test file and per server is most of what the suite used to spend before its first test.
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { DatabaseTarget } from "~/data/adapter.server";
import type { Database } from "~/data/db.server";
import { copyDirectory, removeDirectory } from "./directories";
import { databaseUrl, onPostgresServer, postgresBaseUrl } from "./postgres";

/**
 * What a fresh database holds: nothing at all (as on a fresh clone, where `npm start` or the admin CLI migrates
 * it), the schema, or the schema and the seed (what `npm start` leaves in an empty database).
 */
export type DatabaseContent = "empty" | "migrated" | "seeded";

/** The templates: database names on the DATABASE_URL server, or PGlite data directories. */
export type DatabaseTemplates = Record<Exclude<DatabaseContent, "empty">, string>;

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export interface FreshDatabase {
  target: DatabaseTarget & ({ kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string });
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file or server, holding `content`; drop() removes it. `templates` are the
 * run's (given by tests/helpers/global-setup.ts, which makes them, before it can `provide` them).
 */
export async function freshDatabase(content: DatabaseContent, templates?: DatabaseTemplates): Promise<FreshDatabase> {
  const template = content === "empty" ? undefined : (templates ?? (await templatesOfThisRun()))[content];
  const base = postgresBaseUrl();
  if (base) {
    const name = `tt_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    await onPostgresServer(base, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
    return {
      target: { kind: "postgres", url: databaseUrl(base, name) },
      drop: () => onPostgresServer(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    };
  }
  const workDir = await mkdtemp(path.join(os.tmpdir(), "tt-db-"));
  // Nested and, when empty, not yet there, as ./data/pglite is on a fresh clone.
  const dataDir = path.join(workDir, "data", "pglite");
  if (template) await copyDirectory(template, dataDir);
  return {
    target: { kind: "pglite", dataDir },
    drop: () => removeDirectory(workDir),
  };
}

async function templatesOfThisRun(): Promise<DatabaseTemplates> {
  // Imported here: vitest's main process (global-setup.ts, which passes the templates) may not import "vitest".
  const { inject } = await import("vitest");
  const templates = inject("databaseTemplates");
  if (!templates) throw new Error("No template databases: run the tests with vitest.config.ts (its globalSetup).");
  return templates;
}

/** Opens a fresh database holding `content` and makes it the one the app's data modules use. */
export async function useFreshDatabase(
  content: Exclude<DatabaseContent, "empty">,
): Promise<Database & { dispose(): Promise<void> }> {
  // Loaded on first use (see startServer in server.ts, which imports this module).
  const { openDatabase, setDatabase } = await import("~/data/db.server");
  const fresh = await freshDatabase(content);
  const database = await openDatabase(fresh.target);
  setDatabase(database);
  return {
    ...database,
    async dispose() {
      setDatabase(undefined);
      await database.close();
      await fresh.drop();
    },
  };
}

export type TestDatabase = Awaited<ReturnType<typeof useFreshDatabase>>;
