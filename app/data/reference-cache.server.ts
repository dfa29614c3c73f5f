// Reads of the small, rarely written tables every public page needs (cities, categories, tags, SEO settings,
// page scripts), kept in memory until the data changes; and the data version the page cache
// (app/http/page-cache.server.ts) keeps rendered answers under.
//
// A statement trigger on each table a public page reads bumps the one-row "ReferenceVersion" table (migrations
// 20261122000000_reference_version and 20261126090000_data_version: the tables above plus activities, their tags
// and the photo settings), whoever writes: this process, another server process, the seed, a test.
// A cached read first reads that number — one primary-key lookup, shared by all the reads of one GET request
// (withSharedReferenceVersion, from the root middleware) — and loads afresh when it moved. A request therefore
// always sees every change that was committed before it arrived, in every process, while a page costs one tiny
// query instead of six.
import { AsyncLocalStorage } from "node:async_hooks";
import { getDatabase, type Database, type Statement } from "./db.server";

interface Entry {
  version: string;
  value: Promise<unknown>;
}

const entriesByDatabase = new WeakMap<Database, Map<string, Entry>>();
const sharedVersionReads = new AsyncLocalStorage<Map<Database, Promise<string>>>();

/**
 * Runs `work` (one GET request: it reads, never writes) with one version read shared by all its cached reads.
 * Outside such a scope every cached read reads the version itself.
 */
export function withSharedReferenceVersion<T>(work: () => T): T {
  return sharedVersionReads.run(new Map(), work);
}

/** A read prepared on each connection (db.server.ts read): every request makes it. */
const VERSION_READ: Statement = {
  text: `SELECT version::text FROM "ReferenceVersion" WHERE id = 1`,
  values: [],
  noTimestamps: true,
};

/** The current version: one primary-key read, so that a request sees every change committed before it. */
function currentVersion(database: Database): Promise<string> {
  const shared = sharedVersionReads.getStore();
  const known = shared?.get(database);
  if (known) return known;
  const version = database
    .read<{ version: string }>(VERSION_READ)
    .then((rows) => rows[0]?.version ?? "0");
  shared?.set(database, version);
  return version;
}

/**
 * The process's database and its data version now (shared within a GET, see withSharedReferenceVersion): what
 * the page cache (app/http/page-cache.server.ts) files rendered answers under.
 */
export async function dataVersion(): Promise<{ database: Database; version: string }> {
  const database = await getDatabase();
  return { database, version: await currentVersion(database) };
}

/** `load()`'s result, reused until a cached table changes (or the process's database is replaced). */
export async function cachedReference<T>(key: string, load: () => Promise<T>): Promise<T> {
  const database = await getDatabase();
  const version = await currentVersion(database);
  let entries = entriesByDatabase.get(database);
  if (!entries) entriesByDatabase.set(database, (entries = new Map()));
  const hit = entries.get(key);
  if (hit?.version === version) return hit.value as Promise<T>;
  // Loaded after the version was read, so the value is at least as new as the version it is filed under.
  const value = load();
  entries.set(key, { version, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}
