// Rendered public answers kept in memory (issue #15): a GET that any visitor would get alike (app/domain/page-cache.ts)
// is rendered once per data version and then served from memory. The version moves with every committed write to
// a table public pages read, in any process (migration 20261126090000_data_version), and each request reads it
// (one primary-key lookup, shared with the reference cache), so a kept answer is never older than the data the
// request could see: an administrator's edit shows on the next request in every process.
//
// Each answer carries its own CSP nonce (server.ts): a kept HTML page is stored cut at its nonce, each part compressed
// once (./deflate-parts.ts), and served with the request's nonce as `Content-Encoding: deflate` or `gzip`, or
// inflated for a client that takes neither. A hit compresses nothing, and memory holds compressed pages (about 7 times as
// many as plain ones). ETag is a hash of the nonce-free body; If-None-Match gets a 304 that repeats no
// Content-Security-Policy (a cache that refreshes its headers from a 304 keeps the policy that matches the body it
// holds).
import { createHash } from "node:crypto";
import { inflateSync } from "node:zlib";
import { dataVersion } from "~/data/reference-cache.server";
import { getDatabase, type Database } from "~/data/db.server";
import { isKeptAnswer, keptAnswerCoding, matchesETag, NOT_MODIFIED_HEADERS, pageCacheKey } from "~/domain/page-cache";
import { CSP_NONCE_HEADER } from "./csp";
import { assembleCompressed, deflatePart, type DeflatedPart } from "./deflate-parts";
import { pageCacheLookups } from "~/metrics.server";

/**
 * Memory for kept answers per process (compressed: a city page of 90 KB takes about 13 KB), and the largest answer
 * kept, before compression (a sitemap of 50,000 URLs is about 7 MB).
 */
export const PAGE_CACHE_BUDGET_BYTES = 64 * 1024 * 1024;
const ENTRY_MAX_BYTES = 8 * 1024 * 1024;
/** What an entry costs beside its body: its key, headers and bookkeeping, counted against the budget. */
const ENTRY_OVERHEAD_BYTES = 2048;

/** Says whether an answer came from memory (tests and the benchmark read it). */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

interface Entry {
  version: string;
  headers: Array<[string, string]>;
  /** The body cut at the nonce it was rendered with (one part when it has none), each part compressed. */
  parts: DeflatedPart[];
  etag: string;
  bytes: number;
}

interface Store {
  entries: Map<string, Entry>;
  bytes: number;
}

const stores = new WeakMap<Database, Store>();

function storeOf(database: Database): Store {
  let store = stores.get(database);
  if (!store) stores.set(database, (store = { entries: new Map(), bytes: 0 }));
  return store;
}

function remove(store: Store, key: string) {
  const entry = store.entries.get(key);
  if (!entry) return;
  store.entries.delete(key);
  store.bytes -= entry.bytes;
}

/** Files an entry, dropping the least recently used ones beyond the budget. */
function file(store: Store, key: string, entry: Entry) {
  remove(store, key);
  store.entries.set(key, entry);
  store.bytes += entry.bytes;
  for (const [oldest] of store.entries) {
    if (store.bytes <= PAGE_CACHE_BUDGET_BYTES) break;
    remove(store, oldest);
  }
}

/** A kept answer on its way to the other server processes. */
export interface SharedPageMessage {
  kind: "page-cache";
  key: string;
  entry: Entry;
}

/** Where this process sends the answers it renders, when it is one of several (shareKeptAnswers). */
let sendToOthers: ((message: SharedPageMessage) => void) | null = null;

/** Files an answer this process rendered, and sends it to the other processes. */
function keep(store: Store, key: string, entry: Entry) {
  file(store, key, entry);
  sendToOthers?.({ kind: "page-cache", key, entry });
}

function isSharedPageMessage(message: unknown): message is SharedPageMessage {
  const m = message as Partial<SharedPageMessage> | null;
  return typeof m === "object" && m !== null && m.kind === "page-cache" && typeof m.key === "string" && !!m.entry;
}

/**
 * Shares kept answers between the server processes of one site (scripts/start.ts runs one per core, each with its own
 * memory): an answer one process renders is sent to the others (through the primary, as structured-clone messages)
 * and filed there under the data version it was rendered at, so a URL is rendered once per data version rather than
 * once per process. An answer arriving after a newer one for the same URL is dropped; a kept answer is only ever
 * served while its version is the current one, whichever process rendered it.
 */
export function shareKeptAnswers(channel: {
  send(message: SharedPageMessage): void;
  onMessage(listener: (message: unknown) => void): void;
}) {
  sendToOthers = (message) => {
    try {
      channel.send(message);
    } catch {
      // The channel is closing (the process is stopping): the others render it themselves.
    }
  };
  channel.onMessage((message) => {
    if (!isSharedPageMessage(message)) return;
    getDatabase()
      .then((database) => fileShared(storeOf(database), message))
      .catch(() => {
        // Not filed (the database is being replaced, or the message is not a page): this process renders it.
      });
  });
}

function fileShared(store: Store, { key, entry }: SharedPageMessage) {
  const held = store.entries.get(key);
  if (held && BigInt(held.version) >= BigInt(entry.version)) return;
  // Copied out of the message's buffer, which holds the whole message, into one of the parts' own size.
  file(store, key, { ...entry, parts: packed(entry.parts) });
}

function cutAtNonce(body: Buffer, contentType: string | null, nonce: string): Buffer[] {
  if (!nonce || !contentType?.startsWith("text/html")) return [body];
  return body
    .toString("utf8")
    .split(nonce)
    .map((part) => Buffer.from(part, "utf8"));
}

function entryOf(version: string, response: Response, body: Buffer, nonce: string): Entry {
  const raw = cutAtNonce(body, response.headers.get("Content-Type"), nonce);
  const hash = createHash("sha256");
  for (const part of raw) hash.update(part).update("\0");
  const parts = packed(raw.map(deflatePart));
  const headers = [...response.headers].filter(
    ([name]) => !/^(content-length|content-encoding|etag|date)$/i.test(name),
  );
  return {
    version,
    headers,
    parts,
    // An answer's own ETag (a row's version, GET /api/activities/{id}: docs/decisions/015-row-versions.md) is kept,
    // so that If-Match can name it; others get the hash of their body.
    etag: response.headers.get("ETag") ?? `W/"${hash.digest("base64url").slice(0, 27)}"`,
    bytes: ENTRY_OVERHEAD_BYTES + parts.reduce((sum, part) => sum + part.deflated.length, 0),
  };
}

/**
 * The parts' compressed bytes moved into one buffer of exactly their size: a small Buffer is a slice of a shared
 * 8 KB pool slab, and a kept slice would keep its whole slab alive (a page's dozen small parts pinned ~100 KB).
 */
function packed(parts: DeflatedPart[]): DeflatedPart[] {
  const all = Buffer.allocUnsafeSlow(parts.reduce((sum, p) => sum + p.deflated.length, 0));
  let at = 0;
  return parts.map((part) => {
    all.set(part.deflated, at);
    const deflated = all.subarray(at, (at += part.deflated.length));
    return { ...part, deflated };
  });
}

/** What a kept answer needs of a request: React Router's Request, or server.ts's view of Express's. */
export interface CacheRequest {
  method: string;
  /** The absolute URL, as React Router's request has it. */
  url: string;
  headers: Pick<Headers, "get" | "has">;
}

/** A kept answer for one request: a 200 with its own nonce, or a 304. */
export interface KeptAnswer {
  status: 200 | 304;
  headers: Headers;
  body: Buffer<ArrayBuffer> | null;
}

/** The kept answer for this request: its own nonce, or a 304 when the client holds it already. */
function answer(entry: Entry, request: CacheRequest, nonce: string, source: "hit" | "miss"): KeptAnswer {
  pageCacheLookups.inc({ result: source });
  const headers = new Headers(entry.headers);
  headers.set("ETag", entry.etag);
  headers.set(PAGE_CACHE_HEADER, source);
  headers.append("Vary", "Accept-Encoding");
  if (matchesETag(request.headers.get("If-None-Match"), entry.etag)) {
    const repeated = new Headers();
    for (const name of [...NOT_MODIFIED_HEADERS, PAGE_CACHE_HEADER]) {
      const value = headers.get(name);
      if (value !== null) repeated.set(name, value);
    }
    return { status: 304, headers: repeated, body: null };
  }
  const nonceBytes = Buffer.from(nonce, "utf8");
  const coding = keptAnswerCoding(request.headers.get("Accept-Encoding"));
  let body: Buffer<ArrayBuffer>;
  if (coding) {
    body = assembleCompressed(entry.parts, nonceBytes, coding);
    headers.set("Content-Encoding", coding);
  } else {
    body = Buffer.concat([inflateSync(assembleCompressed(entry.parts, nonceBytes, "deflate"))]);
  }
  headers.set("Content-Length", String(body.length));
  return { status: 200, headers, body };
}

function toResponse({ status, headers, body }: KeptAnswer): Response {
  return new Response(body, { status, headers });
}

/** The entry kept for `key` while the version holds, marked most recently used (the budget drops the oldest). */
function current(store: Store, key: string, version: string): Entry | undefined {
  const kept = store.entries.get(key);
  if (kept?.version !== version) return undefined;
  store.entries.delete(key);
  store.entries.set(key, kept);
  return kept;
}

/**
 * The kept answer for a request before React Router sees it (server.ts), or null to hand it on: the same key,
 * data version and answer as the root middleware's below, without the request and route matching a hit does not
 * need (a third of a hit's CPU). A miss goes on to React Router, whose middleware renders and keeps it.
 */
export async function keptAnswerBeforeRouting(request: CacheRequest): Promise<KeptAnswer | null> {
  const key = pageCacheKey(request);
  if (key === null) return null;
  const { database, version } = await dataVersion();
  const kept = current(storeOf(database), key, version);
  return kept ? answer(kept, request, request.headers.get(CSP_NONCE_HEADER) ?? "", "hit") : null;
}

/** Collects a streamed body (the sitemap) on the side, up to the entry limit, and files it when it ends. */
async function keepStreamed(stream: ReadableStream<Uint8Array>, file: (body: Buffer) => void) {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > ENTRY_MAX_BYTES) return void (await reader.cancel());
      chunks.push(value);
    }
    file(Buffer.concat(chunks));
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
  const nonce = request.headers.get(CSP_NONCE_HEADER) ?? "";
  const kept = current(store, key, version);
  if (kept) return toResponse(answer(kept, request, nonce, "hit"));
  remove(store, key);
  const response = await next();
  if (!isKeptAnswer(response) || !response.body) return response;
  const length = Number(response.headers.get("Content-Length") ?? NaN);
  if (Number.isFinite(length)) {
    // A document (rendered into one buffer by entry.server.tsx) or a data answer of known size.
    if (length > ENTRY_MAX_BYTES) return response;
    const entry = entryOf(version, response, Buffer.from(await response.arrayBuffer()), nonce);
    keep(store, key, entry);
    return toResponse(answer(entry, request, nonce, "miss"));
  }
  // A streamed answer goes to the visitor as it comes, and is kept once it has ended.
  const [visitor, copy] = response.body.tee();
  void keepStreamed(copy, (body) => keep(store, key, entryOf(version, response, body, nonce)));
  const headers = new Headers(response.headers);
  headers.set(PAGE_CACHE_HEADER, "miss");
  return new Response(visitor, { status: response.status, headers });
}
