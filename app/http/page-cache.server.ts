// Rendered public answers kept in memory, the embedded install's fast path (issue #15; docs/decisions/022): an answer
// any visitor would get alike (app/domain/http/page-cache.ts) is rendered once per data version, compressed once per
// coding, and served from memory while the data version (app/data/reference-cache.server.ts) holds.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, constants, gunzip, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";
import { dataVersion } from "~/data/reference-cache.server";
import { getDatabase, type Database } from "~/data/db.server";
import {
  isKeptAnswer,
  keptAnswerCoding,
  matchesETag,
  NOT_MODIFIED_HEADERS,
  pageCacheKey,
  type KeptCoding,
} from "~/domain/http/page-cache";
import { pageCacheLookups } from "~/metrics.server";

/** Memory for kept answers per process: keys, headers and compressed bodies (a city page of 90 KB is about 12 KB). */
export const PAGE_CACHE_BUDGET_BYTES = 64 * 1024 * 1024;
/** The largest answer kept, before compression (a sitemap of 50,000 URLs is about 7 MB), and once kept. */
const ANSWER_MAX_BYTES = 8 * 1024 * 1024;
const ENTRY_MAX_BYTES = PAGE_CACHE_BUDGET_BYTES / 8;
/** What an entry costs beside its key, headers and bodies: its objects and the cache's bookkeeping. */
const ENTRY_OVERHEAD_BYTES = 256;

/** Says whether an answer came from memory (tests and the benchmark read it). */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);
const decompress: Record<KeptCoding, (body: Buffer) => Promise<Buffer>> = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
};

/**
 * A page compressed: brotli at quality 5 (a tenth the time of 11, 15% larger), gzip at level 4 (on crawl pages of 22
 * to 85 KB, 0.53 ms where zlib's default 6 takes 0.85, 3% larger: a page never asked for before is compressed on
 * the way out, and the crawl of such pages is where the CPU is short).
 */
function compress(plain: Buffer, coding: KeptCoding): Promise<Buffer> {
  if (coding === "gzip") return compressGzip(plain, { level: 4 });
  return compressBrotli(plain, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
    },
  });
}

/** A strong validator: the hash of the bytes sent, so equal ETags mean equal bodies. */
function strongETag(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url")}"`;
}

interface Encoded {
  body: Buffer;
  etag: string;
}

interface Entry {
  version: string;
  /** The answer's headers but its length, coding, ETag and date. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** An answer's own ETag (a row's version, GET /api/activities/{id}: docs/decisions/015), whatever the coding. */
  ownETag: string | null;
  plainETag: string;
  /** The body in each coding asked for so far (at least one): a plain answer is decompressed from one of them. */
  encoded: Partial<Record<KeptCoding, Encoded>>;
}

function entrySize(key: string, entry: Entry): number {
  let bytes = ENTRY_OVERHEAD_BYTES + Buffer.byteLength(key);
  for (const [name, value] of entry.headers) bytes += name.length + Buffer.byteLength(value);
  for (const encoded of Object.values(entry.encoded)) bytes += encoded.body.length;
  return bytes;
}

type Store = LRUCache<string, Entry>;

const stores = new WeakMap<Database, Store>();

function storeOf(database: Database): Store {
  let store = stores.get(database);
  if (!store) {
    store = new LRUCache<string, Entry>({
      maxSize: PAGE_CACHE_BUDGET_BYTES,
      maxEntrySize: ENTRY_MAX_BYTES,
      sizeCalculation: (entry, key) => entrySize(key, entry),
    });
    stores.set(database, store);
  }
  return store;
}

/** A rendered answer as an entry, compressed in the coding its request takes (brotli for a plain one). */
async function entryOf(version: string, response: Response, plain: Buffer, coding: KeptCoding): Promise<Entry> {
  const body = await compress(plain, coding);
  return {
    version,
    headers: [...response.headers].filter(([name]) => !/^(content-length|content-encoding|etag|date)$/i.test(name)),
    ownETag: response.headers.get("ETag"),
    plainETag: strongETag(plain),
    encoded: { [coding]: { body, etag: strongETag(body) } },
  };
}

/**
 * The entry's body in `coding`, compressed from another coding the first time one is asked for, and kept with the
 * entry while it is still the one filed under `key`.
 */
async function encodedBody(store: Store, key: string, entry: Entry, coding: KeptCoding): Promise<Encoded> {
  const held = entry.encoded[coding];
  if (held) return held;
  const body = await compress(await plainBody(entry), coding);
  const encoded = { body, etag: strongETag(body) };
  if (store.peek(key) === entry) store.set(key, { ...entry, encoded: { ...entry.encoded, [coding]: encoded } });
  return encoded;
}

function plainBody(entry: Entry): Promise<Buffer> {
  const coding = (Object.keys(entry.encoded) as KeptCoding[])[0]!;
  return decompress[coding](entry.encoded[coding]!.body);
}

/** What a kept answer needs of a request: React Router's Request, or server.ts's view of Express's. */
export interface CacheRequest {
  method: string;
  /** The absolute URL, as React Router's request has it. */
  url: string;
  headers: Pick<Headers, "get" | "has">;
}

/** A kept answer for one request: a 200 in the coding it takes, or a 304. */
export interface KeptAnswer {
  status: 200 | 304;
  headers: Headers;
  body: Buffer | null;
}

/** The kept answer for this request: in the best coding it takes, or a 304 when the client holds it already. */
async function answer(
  store: Store,
  key: string,
  entry: Entry,
  request: CacheRequest,
  source: "hit" | "miss",
): Promise<KeptAnswer> {
  pageCacheLookups.inc({ result: source });
  const coding = keptAnswerCoding(request.headers.get("Accept-Encoding"));
  const encoded = coding ? await encodedBody(store, key, entry, coding) : null;
  const headers = new Headers(entry.headers as Array<[string, string]>);
  const etag = entry.ownETag ?? encoded?.etag ?? entry.plainETag;
  headers.set("ETag", etag);
  headers.set(PAGE_CACHE_HEADER, source);
  headers.append("Vary", "Accept-Encoding");
  if (matchesETag(request.headers.get("If-None-Match"), etag)) {
    const repeated = new Headers();
    for (const name of [...NOT_MODIFIED_HEADERS, PAGE_CACHE_HEADER]) {
      const value = headers.get(name);
      if (value !== null) repeated.set(name, value);
    }
    return { status: 304, headers: repeated, body: null };
  }
  if (coding) headers.set("Content-Encoding", coding);
  const body = encoded?.body ?? (await plainBody(entry));
  headers.set("Content-Length", String(body.length));
  return { status: 200, headers, body };
}

function toResponse({ status, headers, body }: KeptAnswer): Response {
  return new Response(body as Uint8Array<ArrayBuffer> | null, { status, headers });
}

/** The entry kept for `key` while the version holds (marked most recently used), else none. */
function current(store: Store, key: string, version: string): Entry | undefined {
  const kept = store.get(key);
  return kept?.version === version ? kept : undefined;
}

/**
 * The kept answer for a request before React Router sees it (server.ts), or null to hand it on: the same key,
 * data version and answer as the root middleware's below, without the request and route matching a hit does not
 * need (a third of a hit's CPU). A miss goes on to React Router, whose middleware renders and keeps it.
 */
export async function keptAnswerBeforeRouting(request: CacheRequest): Promise<KeptAnswer | null> {
  const key = pageCacheKey(request);
  if (key === null) return null;
  const kept = await keptBeforeRouting(key);
  return kept ? answer(kept.store, key, kept.entry, request, "hit") : null;
}

/** The entry kept for `key` at this data version, and its store, or null; before React Router sees the request. */
async function keptBeforeRouting(key: string): Promise<{ store: Store; entry: Entry } | null> {
  // Nothing kept under this URL (a first visit, a URL that is redirected): no need to read the data version.
  if (!storeOf(await getDatabase()).has(key)) return null;
  const { database, version } = await dataVersion();
  const store = storeOf(database);
  const entry = current(store, key, version);
  return entry ? { store, entry } : null;
}

/**
 * Whether a current answer (a 200 at this data version) is kept for a GET of `url` with these headers: the URL is
 * then its page's canonical one (canonicalRedirectBeforeRouting). Reads the data version only when something is kept.
 */
export async function isKeptPage(url: string, headers: CacheRequest["headers"]): Promise<boolean> {
  const key = pageCacheKey({ method: "GET", url, headers });
  return key !== null && (await keptBeforeRouting(key)) !== null;
}

/** Collects a streamed body (the sitemap) on the side, up to the answer limit, and files it when it ends. */
async function keepStreamed(stream: ReadableStream<Uint8Array>, file: (body: Buffer) => Promise<void>) {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > ANSWER_MAX_BYTES) return void (await reader.cancel());
      chunks.push(value);
    }
    await file(Buffer.concat(chunks));
  } catch {
    // The visitor's side failed or went away; the next request renders it again.
  }
}

/**
 * Root middleware: serves a kept answer while the data version holds, or renders and keeps it. Runs after
 * withSharedReferenceVersion, so the version read is the one the loaders share.
 */
export async function pageCache({ request }: { request: Request }, next: () => Promise<Response>): Promise<Response> {
  const key = pageCacheKey(request);
  if (key === null) return next();
  const { database, version } = await dataVersion();
  const store = storeOf(database);
  const kept = current(store, key, version);
  if (kept) return toResponse(await answer(store, key, kept, request, "hit"));
  store.delete(key);
  const response = await next();
  if (!isKeptAnswer(response) || !response.body) return response;
  const coding = keptAnswerCoding(request.headers.get("Accept-Encoding")) ?? "br";
  const length = Number(response.headers.get("Content-Length") ?? NaN);
  if (Number.isFinite(length)) {
    // A document (rendered into one buffer by entry.server.tsx) or a data answer of known size.
    if (length > ANSWER_MAX_BYTES) return response;
    const entry = await entryOf(version, response, Buffer.from(await response.arrayBuffer()), coding);
    store.set(key, entry);
    return toResponse(await answer(store, key, entry, request, "miss"));
  }
  // A streamed answer goes to the visitor as it comes, and is kept once it has ended.
  const [visitor, copy] = response.body.tee();
  void keepStreamed(copy, async (body) => void store.set(key, await entryOf(version, response, body, coding)));
  const headers = new Headers(response.headers);
  headers.set(PAGE_CACHE_HEADER, "miss");
  return new Response(visitor, { status: response.status, headers });
}
