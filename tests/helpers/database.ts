// A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database when
// DATABASE_URL points at a server (CI runs the suite both ways).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, setDatabase, type Database } from "~/data/db.server";

export interface TestDatabase extends Database {
  /** The DATABASE_URL of the fresh database, or undefined for in-memory PGlite. */
  url: string | undefined;
}

export async function createFreshPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tt_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Opens a fresh database and makes it the one the app's data modules use. */
export async function useFreshDatabase(): Promise<TestDatabase & { dispose(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (base && /^postgres(ql)?:\/\//.test(base)) {
    const fresh = await createFreshPostgres(base);
    const database = await openDatabase({ kind: "postgres", url: fresh.url });
    setDatabase(database);
    return {
      ...database,
      url: fresh.url,
      async dispose() {
        setDatabase(undefined);
        await database.close();
        await fresh.drop();
      },
    };
  }
  const database = await openDatabase({ kind: "pglite", dataDir: undefined });
  setDatabase(database);
  return {
    ...database,
    url: undefined,
    async dispose() {
      setDatabase(undefined);
      await database.close();
    },
  };
}
