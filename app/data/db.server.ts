// The one Prisma client of the process, on PostgreSQL or the embedded PGlite (see adapter.server.ts).
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Prisma } from "~/generated/prisma/client";
import { env } from "~/env.server";
import { databaseTarget, openPGlite, pgliteAdapter, type DatabaseTarget } from "./adapter.server";
import { migrate, type RawSql } from "./migrate.server";
import { CheckedPool, PreparedReads, retryingReads, withReadRetry } from "./postgres.server";
import { reportDatabasePool } from "~/metrics.server";

export type Db = PrismaClient;

/** A transaction's client: writes that take one can be part of a larger transaction (a CSV import). */
export type Tx = Prisma.TransactionClient;

export interface Database {
  prisma: PrismaClient;
  raw: RawSql;
  /**
   * Runs `work` in one transaction on the driver itself (node-postgres or PGlite), past Prisma's query compiler:
   * the bulk statements of a CSV import send megabytes of JSON per parameter, and Prisma spends about 300 ms
   * compiling each 5 MB one against the driver's 30 ms. Rolls back if `work` throws.
   */
  transaction<T>(work: (sql: RawSql) => Promise<T>): Promise<T>;
  /**
   * The rows of one read statement, sent on the driver itself past Prisma's client (readRows), with the values
   * $queryRaw would give: a timestamp is read as UTC, as Prisma writes it.
   */
  read<T>(statement: Statement): Promise<T[]>;
  /**
   * A connection of the caller's own until it gives it back (a session advisory lock lives on one connection; see
   * job-runs.server.ts), or null on the embedded PGlite, whose one connection is the whole process's.
   */
  reserve(): Promise<ReservedConnection | null>;
  /** A consistent copy of the embedded database as a .tar.gz (pgliteArchive), or null on PostgreSQL (pg_dump's). */
  backup(): Promise<Blob | null>;
  close(): Promise<void>;
}

export interface ReservedConnection {
  sql: RawSql;
  /** Gives the connection back; with an error, it is closed instead. */
  release(error?: Error): void;
}

const gzipAsync = promisify(gzip);

/** A statement with $1-style parameters, as Prisma's `Prisma.sql` template builds it (its `text` and `values`). */
export interface Statement {
  text: string;
  values: unknown[];
  /**
   * The statement returns no `timestamp` column: PGlite reads it without the per-query parser of timestamps, which
   * costs it a copy of its whole parser table on every query (about 0.13 ms of a 0.3 ms read of one row).
   */
  noTimestamps?: true;
}

/** OID of `timestamp` (without time zone), the type of Prisma's DateTime columns. */
const TIMESTAMP_OID = 1114;

/** A `timestamp` as the instant Prisma meant: its columns hold UTC ('2026-11-27 10:00:00.5' is 10:00:00.5Z). */
function utcTimestamp(value: string): Date {
  return new Date(`${value.replace(" ", "T")}Z`);
}

/** The per-query parsers of a PGlite read: a `timestamp` read as UTC. */
const PGLITE_READ_OPTIONS = { parsers: { [TIMESTAMP_OID]: utcTimestamp } };

/** node-postgres's parsers with timestamps read as UTC (its own reads them in the process's time zone). */
const UTC_PG_TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP_OID && format !== "binary" ? utcTimestamp : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** RawSql over one node-postgres connection. */
function clientSql(client: pg.PoolClient): RawSql {
  return {
    exec: (sql) => client.query(sql),
    query: async <T,>(sql: string, params?: unknown[]) => (await client.query(sql, params)) as unknown as { rows: T[] },
  };
}

/**
 * A transaction's RawSql over one node-postgres connection: statements may be sent before the last one answered (a
 * bulk write builds its next statement while PostgreSQL runs the one before), and run one at a time in the order
 * sent, as PGlite's transaction runs them. `end` waits for every statement sent, then commits or rolls back; a
 * statement sent after that is refused, so none can run outside the transaction.
 */
function transactionSql(client: pg.PoolClient): { sql: RawSql; end(statement: "COMMIT" | "ROLLBACK"): Promise<unknown> } {
  let last: Promise<unknown> = Promise.resolve();
  let ended = false;
  const inTurn = <T,>(send: () => Promise<T>): Promise<T> => {
    if (ended) return Promise.reject(new Error("The transaction has ended"));
    const answer = last.then(send);
    last = answer.catch(() => {});
    return answer;
  };
  return {
    sql: {
      exec: (sql) => inTurn(() => client.query(sql)),
      query: <T,>(sql: string, params?: unknown[]) =>
        inTurn(async () => (await client.query(sql, params)) as unknown as { rows: T[] }),
    },
    end(statement) {
      ended = true;
      return last.then(() => client.query(statement));
    },
  };
}

/** Opens a database, applies pending migrations, and returns a Prisma client over it. */
export async function openDatabase(target: DatabaseTarget = databaseTarget()): Promise<Database> {
  if (target.kind === "postgres") {
    const pool = new CheckedPool({ connectionString: target.url, max: env().DATABASE_POOL_SIZE });
    // The server may end an idle connection (restart, failover, a dropped database); the pool replaces it, and
    // without a listener node-postgres would turn that into an uncaught error that stops the process.
    pool.on("error", (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    reportDatabasePool(() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
    const raw: RawSql = {
      exec: async (sql) => {
        const client = await pool.connect();
        // A script that failed inside its own BEGIN … COMMIT (pg-boss's) leaves its connection in the aborted
        // transaction, where every later statement fails: that connection is closed, not lent again.
        let failed: Error | undefined;
        try {
          return await client.query(sql);
        } catch (error) {
          failed = error as Error;
          throw error;
        } finally {
          client.release(failed);
        }
      },
      query: async <T,>(sql: string, params?: unknown[]) =>
        (await withReadRetry(sql, () => pool.query(sql, params))) as unknown as { rows: T[] },
    };
    await migrateWithLock(pool);
    const prisma = new PrismaClient({ adapter: retryingReads(new PrismaPg(pool)) });
    const prepared = new PreparedReads();
    return {
      prisma,
      raw,
      read: async <T,>({ text, values }: Statement) =>
        (
          await withReadRetry(text, () =>
            prepared.query(text, (name) => pool.query({ name, text, values, types: UTC_PG_TYPES })),
          )
        ).rows as T[],
      async transaction(work) {
        const client = await pool.connect();
        let broken: Error | undefined;
        const transaction = transactionSql(client);
        try {
          await client.query("BEGIN");
          const result = await work(transaction.sql);
          await transaction.end("COMMIT");
          return result;
        } catch (error) {
          // A connection that cannot even roll back is not given back to the pool.
          await transaction.end("ROLLBACK").catch((e: Error) => (broken = e));
          throw error;
        } finally {
          client.release(broken);
        }
      },
      async reserve() {
        const client = await pool.connect();
        return { sql: clientSql(client), release: (error?: Error) => client.release(error) };
      },
      backup: async () => null,
      async close() {
        await prisma.$disconnect();
        await pool.end().catch(() => {});
      },
    };
  }
  const opened = await openPGlite(target.dataDir);
  const { lite } = opened;
  const raw: RawSql = {
    // A script that failed inside its own BEGIN … COMMIT leaves the process's one connection in the aborted
    // transaction, where every later statement fails: it is rolled back (outside one, ROLLBACK only warns).
    exec: (sql) =>
      lite.exec(sql).catch(async (error: unknown) => {
        await lite.exec("ROLLBACK");
        throw error;
      }),
    query: (sql, params) => lite.query(sql, params as unknown[]),
  };
  try {
    await migrate(raw);
  } catch (error) {
    await opened.close();
    throw error;
  }
  const prisma = new PrismaClient({ adapter: pgliteAdapter(lite) });
  return {
    prisma,
    raw,
    read: async <T,>({ text, values, noTimestamps }: Statement) =>
      (await lite.query<T>(text, values, noTimestamps ? undefined : PGLITE_READ_OPTIONS)).rows,
    transaction: (work) =>
      lite.transaction((tx) => work({ exec: (sql) => tx.exec(sql), query: (sql, params) => tx.query(sql, params as unknown[]) })),
    reserve: async () => null,
    backup: () => pgliteArchive(lite),
    async close() {
      await prisma.$disconnect();
      await opened.close();
    },
  };
}

/**
 * A consistent copy of an open PGlite's data directory as a .tar.gz. PGlite's dumpDataDir reads the directory between
 * two statements (it holds the query lock), so the copy has every commit acknowledged before it began and restores as
 * after a crash; a checkpoint first leaves its recovery little write-ahead log to replay. It is compressed after, off
 * that lock (zlib in libuv's thread pool): the site waits about 1 s for the seeded 60 MB directory, where PGlite's own
 * gzip held it about 3 s.
 */
export async function pgliteArchive(lite: PGlite): Promise<Blob> {
  await lite.exec("CHECKPOINT");
  const tar = await lite.dumpDataDir("none");
  return new Blob([await gzipAsync(new Uint8Array(await tar.arrayBuffer()))], { type: "application/gzip" });
}

/** The advisory lock the app's processes take turns on while they migrate (see migrateWithLock). */
const MIGRATION_LOCK = 72707201;

// Several app instances may start at once against one PostgreSQL: an advisory lock lets one migrate.
async function migrateWithLock(pool: pg.Pool) {
  const client = await pool.connect();
  const sql = clientSql(client);
  await holdingLock({ sql, release: (error) => client.release(error) }, MIGRATION_LOCK, () => migrate(sql));
}

/**
 * Runs `work` holding the session advisory lock `key` on `connection`, then gives the lock and the connection back
 * (a connection that cannot give the lock back is closed, which drops it).
 */
async function holdingLock<T>(connection: ReservedConnection, key: number, work: () => Promise<T>): Promise<T> {
  try {
    await connection.sql.query("SELECT pg_advisory_lock($1)", [key]);
  } catch (error) {
    connection.release(error as Error);
    throw error;
  }
  try {
    return await work();
  } finally {
    await connection.sql.query("SELECT pg_advisory_unlock($1)", [key]).then(
      () => connection.release(),
      (error: Error) => connection.release(error),
    );
  }
}

/**
 * Runs `work` holding the session advisory lock `key` on a connection of its own, so processes starting at once
 * against one PostgreSQL take turns; on the embedded PGlite (one process) it just runs.
 */
export async function inTurn<T>(key: number, work: () => Promise<T>): Promise<T> {
  const reserved = await (await getDatabase()).reserve();
  return reserved ? holdingLock(reserved, key, work) : work();
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

/**
 * The rows of a read statement built with `Prisma.sql`, sent on the driver itself: the public pages' reads of
 * activities (a detail page, its nearby cards, a city's list). Through $queryRaw one such read cost about 0.9 ms of
 * Node's CPU, sent this way 0.4 ms (a 1,000-row sample, PostgreSQL, 2026-11-27): Prisma's client adds its request
 * pipeline and maps every column of every row again. The values are those $queryRaw gives for these reads.
 */
export async function readRows<T>(statement: Statement): Promise<T[]> {
  return (await getDatabase()).read<T>(statement);
}

/** A transaction on the driver itself, for bulk statements (see Database.transaction). */
export async function bulkTransaction<T>(work: (sql: RawSql) => Promise<T>): Promise<T> {
  return (await getDatabase()).transaction(work);
}

/** The driver itself, for bulk reads whose parameters or results are large (see Database.transaction). */
export async function bulkSql(): Promise<RawSql> {
  return (await getDatabase()).raw;
}

/** A consistent copy of the embedded database as a .tar.gz, or null on PostgreSQL (see Database.backup). */
export async function backupArchive(): Promise<Blob | null> {
  return (await getDatabase()).backup();
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
