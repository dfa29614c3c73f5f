// The one HTTP helper every client of an outside service uses (Google sign-in, Places, Unsplash, website checks).
// Each request has a deadline (every hop and the body included), a cap on the body read while it streams (the
// decoded bytes, so a compressed bomb stops too), at most `maxRedirects` redirects followed by hand, and only
// http(s).
//
// Private addresses. By default a URL is treated as user-supplied (an activity's website): its host is resolved,
// and the request is refused unless every address it resolves to is public — loopback, RFC 1918, link-local (the
// 169.254.169.254 metadata service), CGNAT, unique-local and site-local IPv6, 0.0.0.0, multicast, reserved and
// documentation ranges, and IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4, Teredo) are all refused.
// The connection then goes to the very address that was checked (the lookup is pinned), so a DNS answer that
// changes between the check and the connect (rebinding) cannot reach inside. Every redirect hop is checked again.
//
// `allowPrivate: true` is for URLs the operator configured in the environment (GOOGLE_USERINFO_URL,
// GOOGLE_PLACES_BASE_URL, …), which may rightly point inside the network (a proxy, the tests' fakes on
// 127.0.0.1). It trusts that one origin only: a redirect to any other origin is checked as a user-supplied URL.
// Never pass it for a URL that came from a request, a form or the database.
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import zlib from "node:zlib";
import ipaddr from "ipaddr.js";
import { log } from "~/logger.server";
import { outsideCalls } from "~/metrics.server";

export type HttpFailure =
  /** Not an absolute http(s) URL. */
  | "invalid_url"
  /** The host resolves to (or is) an address that is not public. */
  | "refused_address"
  /** The deadline passed before the whole body arrived. */
  | "timeout"
  /** The body is larger than `maxBytes`. */
  | "too_large"
  /** More than `maxRedirects` redirects. */
  | "too_many_redirects"
  /** The final answer is not 2xx (`status` says which). */
  | "status"
  /** No answer: the name does not resolve, the connection was refused or reset, TLS failed. */
  | "network";

/** Why an outgoing request failed; callers turn `reason` (and `status`) into their own messages. */
export class HttpRequestError extends Error {
  constructor(
    readonly reason: HttpFailure,
    message: string,
    /** The URL of the hop that failed. */
    readonly url: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "HttpRequestError";
  }
}

/** Resolves a host name to every address it has (tests inject their own). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface HttpOptions {
  method?: "GET" | "HEAD" | "POST";
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** For the whole exchange: every hop, the connection and the body. */
  timeoutMs?: number;
  /** The most body bytes (decoded) read before the request is refused. */
  maxBytes?: number;
  maxRedirects?: number;
  /** Trust the URL's own origin even when it is private: for configured service URLs only (see above). */
  allowPrivate?: boolean;
  /** Answer as soon as the headers are in: the body is not read and the connection is closed (link checks). */
  headersOnly?: boolean;
  /**
   * Asked at each redirect: true stops there, and the redirect itself is the answer (its 3xx status and Location);
   * the target is neither checked nor fetched. For callers that want only where a link leads (a short link).
   */
  stopRedirect?: (target: URL) => boolean;
  /** Aborts the request from outside (counts as a network failure, not a timeout). */
  signal?: AbortSignal;
  resolve?: Resolver;
  /** Counts the request in the outside calls' metrics under this service, by outcome (app/http/metrics.server.ts). */
  service?: "places" | "unsplash" | "website" | "maps_link" | "photo_source" | "google_sign_in";
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** The URL that answered, after redirects. */
  url: string;
  redirects: number;
  body: Buffer;
  text(): string;
  /** The body as JSON, or undefined when it is not JSON. */
  json(): unknown;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Headers that carry the caller's credentials for the service it named, never for wherever it redirects.
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];

const defaultResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

// Global unicast IPv6 is 2000::/3 (RFC 4291); everything outside it (and the special ranges inside) is refused.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

/** Whether a failed request may succeed if tried again later: the service answered 429 (slow down) or a 5xx. */
export function isRetryableFailure(error: unknown): boolean {
  return (
    error instanceof HttpRequestError &&
    error.reason === "status" &&
    error.status !== undefined &&
    (error.status === 429 || error.status >= 500)
  );
}

/**
 * The outside services' retry: runs `request`, and while it fails retryably (isRetryableFailure) tries again after
 * each pause of `delaysMs` in turn; any other failure, or the last one, is thrown as it is.
 */
export async function withRetries<T>(request: () => Promise<T>, delaysMs: readonly number[]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      if (!isRetryableFailure(error) || attempt >= delaysMs.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, delaysMs[attempt]));
    }
  }
}

/** Whether an address is on the public internet: the only kind a user-supplied URL may reach. */
export function isPublicAddress(address: string): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address.replace(/%.*$/, ""));
  } catch {
    return false;
  }
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.range() !== "unicast") return false;
  return ip.kind() === "ipv4" || ip.match(GLOBAL_UNICAST_V6);
}

/**
 * Sends one request and follows redirects as configured; resolves with the final 2xx answer (or the redirect
 * `stopRedirect` chose to stop at), else throws.
 */
export async function httpRequest(url: string, options: HttpOptions = {}): Promise<HttpResponse> {
  const service = options.service;
  if (!service) return send(url, options);
  const started = performance.now();
  const counted = (outcome: string, status?: number) => {
    outsideCalls.inc({ service, outcome });
    // Bulk checks (websites, short maps links) call out thousands of times: their lines are debug.
    const level = service === "website" || service === "maps_link" ? "debug" : "info";
    const host = URL.canParse(url) ? new URL(url).host : "";
    const durationMs = Math.round(performance.now() - started);
    log()[level]({ service, host, outcome, status, durationMs }, `${service} call: ${outcome}`);
  };
  try {
    const answer = await send(url, options);
    counted("ok", answer.status);
    return answer;
  } catch (error) {
    counted(error instanceof HttpRequestError ? error.reason : "error", (error as HttpRequestError).status);
    throw error;
  }
}

async function send(url: string, options: HttpOptions): Promise<HttpResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let current = parseHttpUrl(url);
  const trustedOrigin = options.allowPrivate ? current.origin : undefined;
  let method = options.method ?? "GET";
  let body = options.body;
  let headers = lowerCaseKeys(options.headers ?? {});
  try {
    for (let redirects = 0; ; redirects++) {
      const addresses = await addressesFor(current, current.origin === trustedOrigin, options.resolve, signal);
      const answer = await exchange(current, {
        method,
        headers,
        body,
        addresses,
        signal,
        maxBytes: options.maxBytes,
        headersOnly: options.headersOnly ?? false,
      });
      const location = answer.headers.get("location");
      if (REDIRECTS.has(answer.status) && location) {
        const next = parseHttpUrl(location, current);
        if (options.stopRedirect?.(next)) return { ...answer, url: current.href, redirects, text, json };
        if (redirects >= maxRedirects) {
          throw new HttpRequestError("too_many_redirects", `More than ${maxRedirects} redirects`, current.href);
        }
        if (next.origin !== current.origin) headers = withoutCredentials(headers);
        // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
        if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === "POST")) {
          method = method === "HEAD" ? "HEAD" : "GET";
          body = undefined;
          delete headers["content-type"];
          delete headers["content-length"];
        }
        current = next;
        continue;
      }
      if (answer.status < 200 || answer.status > 299) {
        throw new HttpRequestError("status", `${current.href} answered ${answer.status}`, current.href, answer.status);
      }
      return { ...answer, url: current.href, redirects, text, json };
    }
  } catch (error) {
    if (deadline.aborted) {
      throw new HttpRequestError("timeout", `No complete answer within ${timeoutMs} ms`, current.href, undefined, {
        cause: error,
      });
    }
    if (error instanceof HttpRequestError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new HttpRequestError("network", `${current.host}: ${message}`, current.href, undefined, { cause: error });
  }
}

function text(this: { body: Buffer }): string {
  return this.body.toString("utf8");
}

function json(this: { body: Buffer }): unknown {
  try {
    return JSON.parse(this.body.toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}

function parseHttpUrl(value: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new HttpRequestError("invalid_url", `Not a URL: ${value.slice(0, 200)}`, value.slice(0, 2000));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new HttpRequestError("invalid_url", `Only http and https URLs are fetched, not ${url.protocol}`, url.href);
  }
  return url;
}

/** The addresses to connect to: checked unless the origin is trusted, and the only ones the connection may use. */
async function addressesFor(
  url: URL,
  trusted: boolean,
  resolve: Resolver = defaultResolver,
  signal: AbortSignal,
): Promise<LookupAddress[]> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: LookupAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    addresses = await abortable(resolve(host), signal);
    if (addresses.length === 0) throw new HttpRequestError("network", `${host} has no address`, url.href);
  }
  if (!trusted) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) {
      throw new HttpRequestError("refused_address", `${host} is a private address (${refused.address})`, url.href);
    }
  }
  return addresses;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** A lookup that answers only with the addresses already checked, so the socket connects to one of them. */
function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = typeof options.family === "number" ? options.family : 0;
    const usable = family ? addresses.filter((a) => a.family === family) : addresses;
    if (usable.length === 0) {
      const error = Object.assign(new Error(`No IPv${family} address`), { code: "ENOTFOUND" });
      return (callback as (e: NodeJS.ErrnoException) => void)(error);
    }
    if (options.all) (callback as (e: null, a: LookupAddress[]) => void)(null, usable);
    else callback(null, usable[0]!.address, usable[0]!.family);
  };
}

interface Exchange {
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  addresses: LookupAddress[];
  signal: AbortSignal;
  maxBytes: number | undefined;
  headersOnly: boolean;
}

function exchange(url: URL, request: Exchange): Promise<Omit<HttpResponse, "url" | "redirects" | "text" | "json">> {
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_BYTES;
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      {
        method: request.method,
        hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: {
          "accept-encoding": "gzip, br",
          ...request.headers,
          host: url.host,
          ...(request.body !== undefined ? { "content-length": String(Buffer.byteLength(request.body)) } : {}),
        },
        lookup: pinnedLookup(request.addresses),
        // No pooled sockets: one made earlier for the same name may lead to an address this request did not check.
        agent: false,
        signal: request.signal,
      },
      (incoming) => {
        const status = incoming.statusCode ?? 0;
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
        }
        if (REDIRECTS.has(status) || request.method === "HEAD") {
          incoming.resume();
          resolve({ status, headers, body: Buffer.alloc(0) });
          return;
        }
        if (request.headersOnly) {
          // The socket is not pooled (agent: false), so closing it costs nothing and reads no more of a large page.
          incoming.destroy();
          resolve({ status, headers, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(headers.get("content-length"));
        if (Number.isFinite(declared) && declared > maxBytes) {
          incoming.destroy();
          return reject(tooLarge(url, maxBytes));
        }
        const decoded = decoder(headers.get("content-encoding"));
        const stream = decoded ? incoming.pipe(decoded) : incoming;
        if (decoded) incoming.on("error", (error) => decoded.destroy(error));
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            incoming.destroy();
            decoded?.destroy();
            reject(tooLarge(url, maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        stream.on("end", () => resolve({ status, headers, body: Buffer.concat(chunks) }));
        stream.on("error", reject);
        incoming.on("close", () => {
          if (!incoming.complete) reject(new Error("The connection closed before the answer was complete"));
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}

function decoder(encoding: string | null): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined {
  switch (encoding?.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

function tooLarge(url: URL, maxBytes: number) {
  return new HttpRequestError("too_large", `The answer is larger than ${maxBytes} bytes`, url.href);
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.includes(k)));
}
