// Which answers the server may keep in memory and serve again (issue #15: public pages that cost almost nothing),
// as pure rules: app/http/page-cache.server.ts keeps the entries, keyed by these, valid while the data version
// (app/data/reference-cache.server.ts) has not moved.
import { withoutTrackingParams } from "./canonical";
import { acceptsItem } from "./content-negotiation";
import { LOCATION_COOKIE, locationFromCookieValue, locationText, readCookie } from "../location/location";

/** The only cookie a kept answer may depend on: the home page follows the remembered location (Vary: Cookie). */
const VISITOR_COOKIES: readonly string[] = [LOCATION_COOKIE];

/** The names of the cookies a Cookie header carries. */
function cookieNames(header: string): string[] {
  return header
    .split(";")
    .map((part) => part.slice(0, Math.max(0, part.indexOf("="))).trim())
    .filter(Boolean);
}

/**
 * The key a GET's answer is kept under, or null when it must be rendered for this request alone: an Authorization
 * header, or a cookie other than the visitor's remembered location (a session, a toast to show). The URL in it
 * goes without tracking parameters (docs/decisions/023-one-url-per-page.md).
 */
export function pageCacheKey(request: {
  method: string;
  url: string;
  headers: Pick<Headers, "get" | "has">;
}): string | null {
  if (request.method !== "GET") return null;
  if (request.headers.has("Authorization")) return null;
  const cookie = request.headers.get("Cookie") ?? "";
  const names = cookieNames(cookie);
  if (names.some((name) => !VISITOR_COOKIES.includes(name))) return null;
  // The key holds the remembered location as the page uses it (rounded, parsed), never the cookie's text: a
  // malformed or padded cookie renders the same page as none, and cannot make entries of its own.
  const location = names.length > 0 ? locationFromCookieValue(readCookie(cookie, LOCATION_COOKIE)) : null;
  // Tracking parameters (utm_*, gclid, fbclid) are answered as the canonical URL and share its entry.
  const url = withoutTrackingParams(request.url);
  return location ? `${url}\nloc=${locationText(location)}` : url;
}

/**
 * Whether an answer may be kept: a 200 that sets no cookie, is not a picture, and that HTTP caches may store (a
 * Cache-Control without no-store: admin pages, admin API answers and the sign-in flow are 'private, no-store').
 */
export function isKeptAnswer(response: { status: number; headers: Headers }): boolean {
  if (response.status !== 200) return false;
  if (response.headers.has("Set-Cookie")) return false;
  // Photos are kept by the photo service under their source, whatever the data version.
  if (response.headers.get("Content-Type")?.startsWith("image/")) return false;
  const cacheControl = response.headers.get("Cache-Control");
  return cacheControl !== null && !/\bno-store\b/i.test(cacheControl);
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function matchesETag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/**
 * The headers a 304 repeats (RFC 9110 §15.4.5), and the Content-Security-Policy: it is the same for every answer of
 * one body (its scripts' hashes), so a cache that refreshes its stored headers from a 304 keeps the right one.
 */
export const NOT_MODIFIED_HEADERS: readonly string[] = [
  "Cache-Control",
  "ETag",
  "Vary",
  "Content-Location",
  "Content-Security-Policy",
];

/** The codings a kept answer is compressed with (app/http/page-cache.server.ts). */
export type KeptCoding = "br" | "gzip";

/**
 * Whether an Accept-Encoding header takes `coding` (RFC 9110 §12.5.3): named with a q above 0, or matched by `*`
 * with a q above 0 and not refused by name. No header means any coding is acceptable, but a client that sends
 * none is better served plain.
 */
export function acceptsCoding(acceptEncoding: string | null, coding: KeptCoding): boolean {
  if (!acceptEncoding) return false;
  return acceptsItem(acceptEncoding, coding === "gzip" ? ["gzip", "x-gzip"] : [coding], "*");
}

/**
 * How a kept answer goes to a client: brotli when it takes it (browsers do), else gzip (CDNs, Varnish and many HTTP
 * clients ask for gzip alone), else plain (null).
 */
export function keptAnswerCoding(acceptEncoding: string | null): KeptCoding | null {
  if (acceptsCoding(acceptEncoding, "br")) return "br";
  return acceptsCoding(acceptEncoding, "gzip") ? "gzip" : null;
}
