// One URL per page (docs/decisions/023-one-url-per-page.md): the one place a public GET whose query string is not
// its page's canonical one is answered, with a 301 to it. Each public route declares its search parameters once
// (a SearchRule, app/domain/http/canonical.ts) and hands it to `searchParams` (route middleware) or, when the rule
// needs the page's own data first (the city page's categories and tags), to `redirectToCanonical` in its loader.
import { redirect, type MiddlewareFunction } from "react-router";
import { canonicalLocation, type SearchRule } from "~/domain/http/canonical";
import { CANONICAL_REDIRECT_CACHE } from "~/domain/http/cache";

/** The redirect to where a page lives, kept by the browser but not by shared caches (junk URLs are endless). */
export function redirectTo(location: string, status: 301 | 302 = 301): Response {
  return redirect(location, { status, headers: { "Cache-Control": CANONICAL_REDIRECT_CACHE } });
}

/**
 * Throws a 301 to the canonical URL of a GET (or HEAD) whose query string, tracking parameters aside, is not what
 * `rule` makes of it, or whose path is not `canonicalPath` (by default its own). Other methods pass: a redirect
 * would turn a POST into a GET.
 */
export function redirectToCanonical(request: Request, rule: SearchRule, canonicalPath?: string): void {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const location = canonicalLocation(request.url, rule, canonicalPath);
  if (location !== null) throw redirectTo(location);
}

/** The rule each searchParams middleware applies, for canonicalRedirectBeforeRouting. */
const RULES = new WeakMap<object, SearchRule>();

/** Route middleware: the page takes the search parameters `rule` declares, and redirects any other query string. */
export function searchParams(rule: SearchRule): MiddlewareFunction<Response>[] {
  const middleware: MiddlewareFunction<Response> = ({ request }, next) => {
    redirectToCanonical(request, rule);
    return next();
  };
  RULES.set(middleware, rule);
  return [middleware];
}

/** The routes of a server build as canonicalRedirectBeforeRouting reads them: each one's module's middleware. */
type BuiltRoutes = Record<string, { module: { middleware?: unknown } } | undefined>;

/**
 * The same 301 a route's searchParams middleware would answer, before React Router turns the request into a Fetch
 * Request, matches its routes (every route flattened and ranked again on each call) and runs the root's middleware
 * (which reads the data version from the database for the page cache): a junk query string on a public route costs
 * about half the CPU. `routeOf` names the route a path reaches (app/http/route-label.ts). Null for anything else:
 * another method, a client-side data request ('.data', whose redirect React Router answers its own way), a route
 * whose rule needs its loader's data, a canonical URL.
 */
export function canonicalRedirectBeforeRouting(routes: BuiltRoutes, routeOf: (path: string) => string) {
  const rules = new Map<string, SearchRule>();
  for (const [id, route] of Object.entries(routes)) {
    const middleware = route?.module.middleware;
    const rule = Array.isArray(middleware) ? middleware.map((m: object) => RULES.get(m)).find(Boolean) : undefined;
    if (rule) rules.set(id, rule);
  }
  return (method: string, url: string, path: string): Response | null => {
    if ((method !== "GET" && method !== "HEAD") || !url.includes("?") || path.endsWith(".data")) return null;
    const rule = rules.get(routeOf(path));
    const location = rule ? canonicalLocation(url, rule) : null;
    return location === null ? null : redirectTo(location);
  };
}
