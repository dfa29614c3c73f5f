// The canonical URL of a page (beyond the original): one address per page for search engines, without
// the tracking parameters that campaigns and ad networks append.

const TRACKING_PARAMS = new Set([
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "fbclid",
  "msclkid",
  "yclid",
  "twclid",
  "ttclid",
  "li_fat_id",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "_hsenc",
  "_hsmi",
  "igshid",
  "ref",
  "ref_src",
  "source",
]);

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
