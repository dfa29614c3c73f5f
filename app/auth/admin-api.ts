// Which URLs are the admin's. The security walker (tests/e2e/admin-security.test.ts) reads these lists together
// with the route table: every /admin route except PUBLIC_ADMIN_PATHS must send a visitor to /admin/login, and
// every /api route with an action (except PUBLIC_API_ACTION_PATHS) plus ADMIN_ONLY_API_PATHS must answer 401.
// Add an admin-only GET API here when you create one.
import { matchPath } from "react-router";
import { pagePath } from "~/domain/http/canonical";

/** Admin API routes whose GET is for administrators only (route patterns as in app/routes.ts). */
export const ADMIN_ONLY_API_PATHS: readonly string[] = [
  "/api/auth/user",
  "/api/activities/count",
  "/api/cities/count",
  "/api/activities/needs-review",
  "/api/activities/unvalidated",
  "/api/activities/address-discrepancies",
  "/api/validation/stats",
  "/api/validation/progress",
  "/api/cities/:id/image-options",
  "/api/jobs/:id",
  "/api/activities/:id/history",
];

/** /api routes with an action that anyone may call (the sign-in flow itself). */
export const PUBLIC_API_ACTION_PATHS: readonly string[] = ["/api/auth/google"];

/** /admin routes a signed-out visitor may use: signing in and out. */
export const PUBLIC_ADMIN_PATHS: readonly string[] = ["/admin/login", "/admin/login/link/:token", "/admin/logout"];

function matchesAny(patterns: readonly string[], pathname: string): boolean {
  return patterns.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

function isUnder(prefix: string, pathname: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * Responses that carry an administrator's data or session and must never be stored by a browser or proxy:
 * admin pages, the sign-in flow, admin-only reads and every API mutation.
 */
export function isPrivateRequest(request: Request): boolean {
  // Client-side navigations fetch "<path>.data"; they carry the same data as the page.
  const pathname = pagePath(request.url);
  if (isUnder("/admin", pathname)) return true;
  if (isUnder("/api/auth", pathname) || pathname === "/api/logout") return true;
  if (!pathname.startsWith("/api/")) return false;
  return request.method !== "GET" && request.method !== "HEAD" ? true : matchesAny(ADMIN_ONLY_API_PATHS, pathname);
}
