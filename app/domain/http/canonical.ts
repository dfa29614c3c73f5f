// The canonical URL of a page (beyond the original): one address per page for search engines, without
// the tracking parameters that campaigns and ad networks append.

/**
 * Campaign and ad-click parameters (Google Analytics' utm_*, Google Ads' gclid, Meta's fbclid): a page answers them
 * as it answers its canonical URL, without a redirect (the page's analytics may read them), and they are never part
 * of a cache key. Kept short on purpose: any other parameter a page does not take is redirected away
 * (docs/decisions/023-one-url-per-page.md).
 */
const TRACKING_PARAMS = new Set(["gclid", "fbclid"]);

export function isTrackingParam(name: string): boolean {
  const key = name.toLowerCase();
  return key.startsWith("utm_") || TRACKING_PARAMS.has(key);
}

/**
 * origin + path + the meaningful query parameters (page, category, tag, filters…) in their original order.
 * Tracking parameters and empty values are dropped, as is 'page=1' (the same list as no page at all).
 */
export function canonicalUrl(origin: string, pathname: string, search = ""): string {
  const base = origin.replace(/\/+$/, "");
  const kept = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(search)) {
    if (value === "" || isTrackingParam(key)) continue;
    if (key === "page" && value === "1") continue;
    kept.append(key, value);
  }
  const query = kept.toString();
  return `${base}${pathname}${query ? `?${query}` : ""}`;
}

/** PUBLIC_URL when configured (behind a CDN or proxy), else the origin the request came to. */
export function publicOrigin(publicUrl: string | undefined, requestUrl: string): string {
  return new URL(publicUrl || requestUrl).origin;
}

/**
 * The path of the page a request is for. A client-side navigation fetches the page's data from
 * '{path}.data', or '{path}/_.data' for a path ending in '/' ('/_.data' for '/'; '/_root.data' before React
 * Router's trailing-slash-aware data requests), so a loader that compares the request's pathname with a
 * canonical path must compare this instead: redirecting '{canonical}.data' to '{canonical}' loops forever.
 */
export function pagePath(requestUrl: string): string {
  const { pathname } = new URL(requestUrl);
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

// ---- One URL per page (docs/decisions/023-one-url-per-page.md): each public route declares the search parameters
// it takes; any other query string for it is answered with a 301 to the canonical one. ----

/**
 * A route's search parameters: from what a request sent (tracking parameters set aside), the parameters of the same
 * page in their canonical form. Unknown parameters, empty values, duplicates and another order all map to one form.
 */
export type SearchRule = (sent: URLSearchParams) => URLSearchParams;

/** A parameter value's canonical spelling, or null when it names nothing (the parameter is left out). */
export type ValueRule = (value: string) => string | null;

/** A value taken as sent (the route reads and checks it itself, e.g. an API answering 400 for a bad one). */
export const AS_SENT: ValueRule = (value) => value;

/**
 * The route takes these parameters and no others, in this order, each once: its first non-empty value in its
 * canonical spelling.
 */
export function onlyParams(values: Readonly<Record<string, ValueRule>>): SearchRule {
  const names = Object.keys(values);
  return (sent) => {
    const kept = new URLSearchParams();
    for (const name of names) {
      const value = sent.getAll(name).find((v) => v !== "");
      const canonical = value === undefined ? null : values[name]!(value);
      if (canonical !== null && canonical !== "") kept.set(name, canonical);
    }
    return kept;
  };
}

/** A page that takes no search parameters at all (a detail page, the sitemap, robots.txt). */
export const NO_SEARCH_PARAMS: SearchRule = onlyParams({});

/** Text without its edge spaces, cut to `max` UTF-16 units (never inside a character); none when empty. */
export function trimmedText(max: number): ValueRule {
  return (value) => {
    let text = "";
    for (const char of value.trim()) {
      if (text.length + char.length > max) break;
      text += char;
    }
    text = text.trim();
    return text === "" ? null : text;
  };
}

/** A page number: a whole number from 2 up (page 1 is the page without one), written plainly. */
export const PAGE_NUMBER: ValueRule = (value) => {
  const n = Number(value.trim());
  return Number.isSafeInteger(n) && n > 1 ? String(n) : null;
};

/** React Router's own parameter on a client-side data request ('{path}.data?…&_routes=…'), not the page's. */
const DATA_REQUEST_PARAMS = new Set(["_routes"]);

/** The name a raw 'name=value' pair of a query string carries, decoded. */
function pairName(pair: string): string {
  const eq = pair.indexOf("=");
  return new URLSearchParams(`${eq < 0 ? pair : pair.slice(0, eq)}=`).keys().next().value ?? "";
}

/** The raw pairs of a URL's query string as sent, or null when it has no '?'. */
function queryPairs(href: string): string[] | null {
  const hash = href.indexOf("#");
  const url = hash < 0 ? href : href.slice(0, hash);
  const mark = url.indexOf("?");
  return mark < 0 ? null : url.slice(mark + 1).split("&");
}

/**
 * Where a GET of `requestUrl` belongs instead: `canonicalPath` (by default the page's own path) with the search
 * `rule` gives for what was sent, followed by the tracking parameters as sent. Null when the request is there
 * already, tracking parameters aside: byte for byte, so another spelling of the same query ('%61' for 'a', a
 * stray '&' or '?') is redirected too and never makes a cache entry of its own. A data request ('{path}.data')
 * is compared without React Router's own '_routes', and is sent to the page's URL (React Router follows it).
 */
export function canonicalLocation(requestUrl: string, rule: SearchRule, canonicalPath?: string): string | null {
  const path = pagePath(requestUrl);
  const isDataRequest = new URL(requestUrl).pathname.endsWith(".data");
  const own: string[] = [];
  const tracking: string[] = [];
  for (const pair of queryPairs(requestUrl) ?? []) {
    const name = pairName(pair);
    if (isDataRequest && DATA_REQUEST_PARAMS.has(name)) continue;
    (pair !== "" && isTrackingParam(name) ? tracking : own).push(pair);
  }
  const sent = own.join("&");
  // Empty values name nothing: the rule never sees them.
  const given = new URLSearchParams([...new URLSearchParams(sent)].filter(([, value]) => value !== ""));
  const canonical = rule(given).toString();
  const target = canonicalPath ?? path;
  // A bare '?' or a stray '&' leaves an empty pair: another spelling of the same URL.
  if (target === path && canonical === sent && !own.includes("")) return null;
  const query = [canonical, ...tracking].filter((part) => part !== "").join("&");
  return query ? `${target}?${query}` : target;
}

/**
 * The URL without its tracking parameters (the rest as sent): what a cache keys an answer by, so `?utm_source=…`
 * is served the canonical URL's entry and never makes one of its own.
 */
export function withoutTrackingParams(url: string): string {
  const pairs = queryPairs(url);
  if (pairs === null || !pairs.some((pair) => isTrackingParam(pairName(pair)))) return url;
  const kept = pairs.filter((pair) => !isTrackingParam(pairName(pair)));
  const base = url.slice(0, url.indexOf("?"));
  return kept.length > 0 ? `${base}?${kept.join("&")}` : base;
}
