// Cross-site request forgery guard: an unsafe method must come from our own origin.
import { data } from "react-router";
import { env } from "~/env.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** GET, HEAD and OPTIONS only read. */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** This site's origins: the request's own, and PUBLIC_URL's when set. */
function siteOrigins(request: Request): Set<string> {
  const allowed = new Set([new URL(request.url).origin]);
  const publicUrl = env().PUBLIC_URL;
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  return allowed;
}

function refererOrigin(request: Request): string | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a GET comes from this site: a link or script of its own pages (Sec-Fetch-Site same-origin), or the
 * address typed or bookmarked (none); without that header (older browsers, other clients), a Referer on this site.
 * What GET /api/logout acts on: another site's link must not sign the administrator out.
 */
export function isRequestFromThisSite(request: Request): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite !== null) return fetchSite === "same-origin" || fetchSite === "none";
  const origin = refererOrigin(request);
  return origin !== null && siteOrigins(request).has(origin);
}

export function isSameOriginRequest(request: Request): boolean {
  if (isSafeMethod(request.method)) return true;
  const allowed = siteOrigins(request);
  const origin = request.headers.get("Origin");
  if (origin) return allowed.has(origin);
  // Browsers send Origin on form posts; fall back to Referer for the rare client that does not.
  const referer = refererOrigin(request);
  return referer !== null && allowed.has(referer);
}

export function assertSameOrigin(request: Request) {
  if (!isSameOriginRequest(request)) throw data({ message: "Cross-origin request refused" }, { status: 403 });
}
