// Cross-site request forgery guard: an unsafe method must come from our own origin.
import { data } from "react-router";
import { env } from "~/env.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** GET, HEAD and OPTIONS only read. */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

export function isSameOriginRequest(request: Request): boolean {
  if (isSafeMethod(request.method)) return true;
  const allowed = new Set([new URL(request.url).origin]);
  const publicUrl = env().PUBLIC_URL;
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  const origin = request.headers.get("Origin");
  if (origin) return allowed.has(origin);
  // Browsers send Origin on form posts; fall back to Referer for the rare client that does not.
  const referer = request.headers.get("Referer");
  if (referer) {
    try {
      return allowed.has(new URL(referer).origin);
    } catch {
      return false;
    }
  }
  return false;
}

export function assertSameOrigin(request: Request) {
  if (!isSameOriginRequest(request)) throw data({ message: "Cross-origin request refused" }, { status: 403 });
}
