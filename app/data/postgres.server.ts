// PostgreSQL connections that outlive a killed backend (a server restart, a failover, pg_terminate_backend, a
// proxy's idle timeout). Two defences, since either alone leaves a gap:
// - the pool checks a connection before lending it (a cheap `SELECT 1`, at most 2 s) when it has sat idle, and
//   every connection for a moment after one was lost (backends die together: a restart, a failover), and drops it
//   when the check fails, so a connection that died is not handed to a write, nor to a read's retry;
// - a read (a statement that starts with SELECT, outside a transaction) that loses its connection anyway — it was
//   killed mid-query, or between the check and the query — is run once more on another connection. Writes are
//   never retried: whether a lost write happened cannot be known.
// A dead idle connection also leaves the pool by itself as soon as its socket reports the end (pg-pool drops
// connections that emit 'error'); TCP keep-alive makes a peer that vanished without a word report it too.
import pg from "pg";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery } from "@prisma/driver-adapter-utils";

/** A connection idle at least this long is checked before it is lent again. */
export const CHECK_AFTER_IDLE_MS = 1000;
const CHECK_TIMEOUT_MS = 2000;
/** After a connection is lost, every connection lent within this time is checked. */
const SUSPECT_AFTER_LOSS_MS = 2000;
/** Before the one retry. */
const RETRY_PAUSE_MS = 50;

type ConnectCallback = Parameters<pg.Pool["connect"]>[0];

/** A node-postgres pool that checks idle connections before lending them. */
export class CheckedPool extends pg.Pool {
  private readonly releasedAt = new WeakMap<pg.PoolClient, number>();
  /** Connections that reported an error: never lent again. */
  private readonly lost = new WeakSet<pg.PoolClient>();
  private suspectUntil = 0;

  constructor(config: pg.PoolConfig) {
    super({ keepAlive: true, ...config });
    this.on("release", (error, client) => {
      this.releasedAt.set(client, Date.now());
      if (error && isConnectionError(error)) this.suspectUntil = Date.now() + SUSPECT_AFTER_LOSS_MS;
    });
    // An idle connection that died.
    this.on("error", () => (this.suspectUntil = Date.now() + SUSPECT_AFTER_LOSS_MS));
    // A connection can die while lent out with no query running — even between being handed to the next waiter
    // and that waiter's query, when the end arrives right behind the last answer. node-postgres then emits 'error'
    // on it, which with no listener would stop the process: it is remembered as lost instead, so it is not lent
    // again (pg-pool drops it when it comes back), and the query on it fails (a read is retried).
    this.on("connect", (client) =>
      client.on("error", () => {
        this.lost.add(client);
        this.suspectUntil = Date.now() + SUSPECT_AFTER_LOSS_MS;
      }),
    );
  }

  // pg-pool's own query() borrows through connect(callback), so the check covers both ways of borrowing.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const checked = this.checkedConnect();
    if (!callback) return checked;
    checked.then(
      (client) => callback(undefined, client, client.release),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }

  // Ends: every lost or failing connection leaves the pool, and a new one is lent unchecked.
  private async checkedConnect(): Promise<pg.PoolClient> {
    for (;;) {
      const client = await super.connect();
      const releasedAt = this.releasedAt.get(client);
      const now = Date.now();
      // A fresh connection, or one in steady use while none was lost lately: lend it.
      const trusted = releasedAt === undefined || (now - releasedAt < CHECK_AFTER_IDLE_MS && now >= this.suspectUntil);
      if (!this.lost.has(client) && trusted) return client;
      try {
        if (this.lost.has(client)) throw new Error("Connection lost");
        await client.query({ text: "SELECT 1", query_timeout: CHECK_TIMEOUT_MS } as pg.QueryConfig);
        // The end may arrive right behind the check's answer.
        if (!this.lost.has(client)) return client;
        throw new Error("Connection lost");
      } catch (error) {
        client.release(error as Error); // with an error, pg-pool ends the connection instead of keeping it
      }
    }
  }
}

/** Whether a statement only reads, so that running it twice is harmless. */
export function isRead(sql: string): boolean {
  return /^\s*SELECT\b/i.test(sql);
}

const CONNECTION_CODES = new Set(["57P01", "57P02", "57P03", "ECONNRESET", "EPIPE", "ECONNREFUSED", "ETIMEDOUT"]);
const CONNECTION_KINDS = new Set(["ConnectionClosed", "DatabaseNotReachable", "SocketTimeout"]);
// node-postgres's own words when the socket under a query or a borrowed connection is gone.
const CONNECTION_MESSAGES = /Connection terminated|is not queryable|terminating connection/i;

/**
 * Whether an error means the connection was lost (rather than the statement failing): from node-postgres
 * directly, or wrapped by Prisma's pg adapter (a DriverAdapterError whose `cause` holds the code or kind).
 */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  const cause = (error as { cause?: { originalCode?: unknown; code?: unknown; kind?: unknown } }).cause;
  const codes = [code, cause?.originalCode, cause?.code].filter((c): c is string => typeof c === "string");
  if (codes.some((c) => CONNECTION_CODES.has(c) || c.startsWith("08"))) return true;
  if (typeof cause?.kind === "string" && CONNECTION_KINDS.has(cause.kind)) return true;
  return CONNECTION_MESSAGES.test(error.message);
}

/** Runs a statement; a read that lost its connection runs once more. */
export async function withReadRetry<T>(sql: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isRead(sql) || !isConnectionError(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    return run();
  }
}

/**
 * Prisma's adapter with its reads retried as above. Only the adapter's own queryRaw is wrapped: statements in a
 * transaction go through the transaction's object, and a transaction that lost its connection cannot go on.
 */
export function retryingReads(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect(): Promise<SqlDriverAdapter> {
      const adapter = await factory.connect();
      return new Proxy(adapter, {
        get(target, property) {
          if (property === "queryRaw") {
            return (query: SqlQuery) => withReadRetry(query.sql, () => target.queryRaw(query));
          }
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    },
  };
}

/** How many read statements (distinct texts) a process prepares by name; any further one is sent unnamed. */
export const PREPARED_READS_MAX = 64;
/** PostgreSQL's 'cached plan must not change result type': a table a prepared `SELECT *` reads gained a column. */
const PLAN_CHANGED_RESULT = "0A000";

/**
 * Reads sent as named statements, which each connection parses once and PostgreSQL may plan once (its plan cache
 * keeps a generic plan when that costs no more than planning each call: a detail page's row by its slug was 0.6 ms
 * of planning for 0.05 ms of execution; docs/decisions/043). Statement texts are built from templates with the
 * values as parameters, so a process sends few of them; the first PREPARED_READS_MAX get names (a bound on what the
 * connections hold), the rest and any that stopped fitting their table go unnamed, as before.
 */
export class PreparedReads {
  private readonly names = new Map<string, string | null>();

  constructor(private readonly max = PREPARED_READS_MAX) {}

  /** The name `text` is prepared under, or undefined to send it unnamed. */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) return known ?? undefined;
    if (this.names.size >= this.max) return undefined;
    const name = `read_${this.names.size}`;
    this.names.set(text, name);
    return name;
  }

  /**
   * Runs `text` prepared (see above), or unnamed: after a migration changed what a prepared statement reads, its
   * connections refuse it, and it is sent unnamed from then on.
   */
  async query<T>(text: string, run: (name: string | undefined) => Promise<T>): Promise<T> {
    const name = this.nameOf(text);
    if (name === undefined) return run(undefined);
    try {
      return await run(name);
    } catch (error) {
      if ((error as { code?: unknown }).code !== PLAN_CHANGED_RESULT) throw error;
      this.names.set(text, null);
      return run(undefined);
    }
  }
}
