// What the server refuses before any route sees a request: methods it does not serve, a Host (or a trusted
// proxy's X-Forwarded-Host / -Proto) that cannot form a URL, a URL longer than any page needs (414), and a URL that
// cannot be decoded or carries a NUL.
// Each answers a 4xx with a plain message instead of failing deep inside a loader or the database (PostgreSQL
// refuses NUL bytes in text: 'invalid byte sequence for encoding UTF8: 0x00').
//
// With PUBLIC_URL set (always in production) it also refuses, with 400, a request for any other host, so no page
// — all sent with s-maxage — can carry a foreign Host or X-Forwarded-Host into a shared cache. A 400 rather than a
// redirect to the canonical origin: behind a proxy that rewrites Host, a redirect would loop forever where a 400
// names the problem, and links never lead to another host anyway. /healthz is exempt: load balancers ask it by
// the instance's address, and it says nothing about the site.

export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export interface RequestFacts {
  method: string;
  /** The request target as sent (path and query). */
  url: string;
  /** The Host header. */
  host: string | undefined;
  /** The protocol Express resolved (a trusted proxy's X-Forwarded-Proto, else the socket's). */
  protocol: string;
  /** A trusted proxy's X-Forwarded-Host, when proxies are trusted. */
  forwardedHost: string | undefined;
  /** PUBLIC_URL, the canonical origin, when configured: then only its host is served. */
  publicUrl?: string;
}

/**
 * The longest request target (path and query, as sent) served; a longer one is 414 URI Too Long before any route
 * runs. The longest canonical URL a page needs is the city page under the longest prefix with a 60-character city
 * id, every built-in category and interest tag ticked, every other filter set and a 200-character search in
 * 3-byte characters: 2,480 characters. 4,096 leaves room for tracking parameters and for some 50 more categories
 * or tags an administrator may add (docs/decisions/023-one-url-per-page.md).
 */
export const MAX_URL_LENGTH = 4096;

export interface Refusal {
  status: 400 | 405 | 414;
  message: string;
  headers?: Record<string, string>;
}

// A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port.
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

export function isValidHost(host: string): boolean {
  if (host.length > 255) return false;
  const match = HOST.exec(host);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/** Exempt from the canonical-host rule (see the header). */
const ANY_HOST_PATHS = new Set(["/healthz"]);

/** Whether `host` (a Host header value, already valid) names the same host and port as the canonical origin. */
export function isCanonicalHost(host: string, publicUrl: string): boolean {
  const canonical = new URL(publicUrl);
  let requested: URL;
  try {
    requested = new URL(`${canonical.protocol}//${host}`);
  } catch {
    return false; // e.g. "[:::]", which the Host pattern lets through
  }
  const name = (url: URL) => url.hostname.replace(/\.$/, "");
  return name(requested) === name(canonical) && requested.port === canonical.port;
}

/** The decoded text of a request target, or null when its percent-encoding is broken or not UTF-8. */
function decodedTarget(url: string): string | null {
  try {
    // '+' is a space in a query; it cannot hide a NUL, so plain percent-decoding is enough to look for one.
    return decodeURIComponent(url);
  } catch {
    return null;
  }
}

export function requestRefusal(facts: RequestFacts): Refusal | null {
  const method = facts.method.toUpperCase();
  if (!(SERVED_METHODS as readonly string[]).includes(method)) {
    return {
      status: 405,
      message: `Method ${method} is not allowed`,
      headers: { Allow: SERVED_METHODS.join(", ") },
    };
  }
  if (!facts.host || !isValidHost(facts.host)) return { status: 400, message: "Bad Request: invalid Host header" };
  if (facts.forwardedHost !== undefined && !isValidHost(facts.forwardedHost.split(",")[0]!.trim())) {
    return { status: 400, message: "Bad Request: invalid X-Forwarded-Host header" };
  }
  if (facts.protocol !== "http" && facts.protocol !== "https") {
    return { status: 400, message: "Bad Request: invalid X-Forwarded-Proto header" };
  }
  if (facts.publicUrl && !ANY_HOST_PATHS.has(facts.url.split("?")[0]!)) {
    // The host the app builds URLs from: a trusted proxy's X-Forwarded-Host, else Host.
    const host = facts.forwardedHost?.split(",")[0]!.trim() || facts.host;
    if (!isCanonicalHost(host, facts.publicUrl)) {
      return { status: 400, message: `Bad Request: this site answers only for ${new URL(facts.publicUrl).host}` };
    }
  }
  if (facts.url.length > MAX_URL_LENGTH) {
    return { status: 414, message: `URI Too Long: this site's addresses are at most ${MAX_URL_LENGTH} characters` };
  }
  const decoded = decodedTarget(facts.url);
  if (decoded === null) return { status: 400, message: "Bad Request: the address is not valid UTF-8 percent-encoding" };
  if (decoded.includes("\u0000")) return { status: 400, message: "Bad Request: the address contains a NUL character" };
  return null;
}
