// The one Prisma client of the process, on PostgreSQL or the embedded PGlite (see adapter.server.ts).
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Prisma } from "~/generated/prisma/client";
import { env } from "~/env.server";
import { databaseTarget, openPGlite, pgliteAdapter, type DatabaseTarget } from "./adapter.server";
import { migrate, type RawSql } from "./migrate.server";
import { CheckedPool, retryingReads, withReadRetry } from "./postgres.server";

export type Db = PrismaClient;

/** A transaction's client: writes that take one can be part of a larger transaction (a CSV import). */
export type Tx = Prisma.TransactionClient;

export interface Database {
  prisma: PrismaClient;
  raw: RawSql;
  close(): Promise<void>;
}

/** Opens a database, applies pending migrations, and returns a Prisma client over it. */
export async function openDatabase(target: DatabaseTarget = databaseTarget()): Promise<Database> {
  if (target.kind === "postgres") {
    const pool = new CheckedPool({ connectionString: target.url, max: env().DATABASE_POOL_SIZE });
    // The server may end an idle connection (restart, failover, a dropped database); the pool replaces it, and
    // without a listener node-postgres would turn that into an uncaught error that stops the process.
    pool.on("error", (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    const raw: RawSql = {
      exec: async (sql) => {
        const client = await pool.connect();
        try {
          return await client.query(sql);
        } finally {
          client.release();
        }
      },
      query: async <T,>(sql: string, params?: unknown[]) =>
        (await withReadRetry(sql, () => pool.query(sql, params))) as unknown as { rows: T[] },
    };
    await migrateWithLock(pool);
    const prisma = new PrismaClient({ adapter: retryingReads(new PrismaPg(pool)) });
    return {
      prisma,
      raw,
      async close() {
        await prisma.$disconnect();
        await pool.end().catch(() => {});
      },
    };
  }
  const lite = await openPGlite(target.dataDir);
  const raw: RawSql = { exec: (sql) => lite.exec(sql), query: (sql, params) => lite.query(sql, params as unknown[]) };
  await migrate(raw);
  const prisma = new PrismaClient({ adapter: pgliteAdapter(lite) });
  return {
    prisma,
    raw,
    async close() {
      await prisma.$disconnect();
      await lite.close();
    },
  };
}

// Several app instances may start at once against one PostgreSQL: an advisory lock lets one migrate.
async function migrateWithLock(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(72707201)");
    const locked: RawSql = {
      exec: (sql) => client.query(sql),
      query: async <T,>(sql: string, params?: unknown[]) => (await client.query(sql, params)) as unknown as { rows: T[] },
    };
    await migrate(locked);
  } finally {
    await client.query("SELECT pg_advisory_unlock(72707201)").catch(() => {});
    client.release();
  }
}

let current: Promise<Database> | undefined;

/** The process-wide database, opened on first use. */
export function getDatabase(): Promise<Database> {
  current ??= openDatabase();
  return current;
}

export async function db(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}

/** Replaces the process-wide database (tests and scripts that open their own). */
export function setDatabase(database: Database | undefined) {
  current = database ? Promise.resolve(database) : undefined;
}

/** Whether the database answers a trivial query within `timeoutMs` (the health check). */
export async function databaseAnswers(timeoutMs = 2000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const ping = (async () => {
    await (await getDatabase()).raw.query("SELECT 1");
    return true as const;
  })().catch(() => false as const);
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
