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

/**
 * The rule each searchParams or searchParamsInLoader middleware declares, for canonicalRedirectBeforeRouting, and
 * whether the page's loader applies it (the canonical path needs the page's data).
 */
const RULES = new WeakMap<object, { rule: SearchRule; inLoader: boolean }>();

/** Route middleware: the page takes the search parameters `rule` declares, and redirects any other query string. */
export function searchParams(rule: SearchRule): MiddlewareFunction<Response>[] {
  const middleware: MiddlewareFunction<Response> = ({ request }, next) => {
    redirectToCanonical(request, rule);
    return next();
  };
  RULES.set(middleware, { rule, inLoader: false });
  return [middleware];
}

/**
 * Route middleware of a page whose loader redirects (with `redirectToCanonical` and `rule`) both a query string and a
 * path other than the canonical ones, the path being known only from the page's data (a city's prefix, an activity's
 * title). It passes every request on to the loader, and names the rule for canonicalRedirectBeforeRouting, which
 * answers a junk query string on a path the page cache holds as the page itself without routing or the loader's reads.
 */
export function searchParamsInLoader(rule: SearchRule): MiddlewareFunction<Response>[] {
  const middleware: MiddlewareFunction<Response> = (_args, next) => next();
  RULES.set(middleware, { rule, inLoader: true });
  return [middleware];
}

/** The routes of a server build as canonicalRedirectBeforeRouting reads them: each one's module's middleware. */
type BuiltRoutes = Record<string, { module: { middleware?: unknown } } | undefined>;

/** Whether the page cache holds a current answer for a GET of `url` with these headers (page-cache.server.ts). */
export type IsKeptPage = (url: string, headers: Pick<Headers, "get" | "has">) => Promise<boolean>;

/**
 * The same 301 a route's searchParams middleware would answer, before React Router turns the request into a Fetch
 * Request, matches its routes (every route flattened and ranked again on each call) and runs the root's middleware
 * (which reads the data version from the database for the page cache): a junk query string on a public route costs
 * about half the CPU. `routeOf` names the route a path reaches (app/http/route-label.ts). For a page whose loader
 * redirects (searchParamsInLoader), the same 301 its loader would answer, when the page cache holds the page at this
 * path: only a 200 is kept, and every other spelling of a page's path is redirected, so a kept path is canonical (a
 * junk query string on a crawled detail page costs about a tenth of the loader's way). Null for anything else:
 * another method, a client-side data request ('.data', whose redirect React Router answers its own way), a route
 * whose rule needs its loader's data, a path the page cache does not hold, a canonical URL.
 */
export function canonicalRedirectBeforeRouting(
  routes: BuiltRoutes,
  routeOf: (path: string) => string,
  isKeptPage: IsKeptPage,
) {
  const rules = new Map<string, { rule: SearchRule; inLoader: boolean }>();
  for (const [id, route] of Object.entries(routes)) {
    const middleware = route?.module.middleware;
    const declared = Array.isArray(middleware) ? middleware.map((m: object) => RULES.get(m)).find(Boolean) : undefined;
    if (declared) rules.set(id, declared);
  }
  return async (
    method: string,
    url: string,
    path: string,
    headers: Pick<Headers, "get" | "has">,
  ): Promise<Response | null> => {
    if ((method !== "GET" && method !== "HEAD") || !url.includes("?") || path.endsWith(".data")) return null;
    const declared = rules.get(routeOf(path));
    const location = declared ? canonicalLocation(url, declared.rule) : null;
    if (location === null) return null;
    // A loader's page: its 301 is this one only where this path is the page's canonical one.
    if (declared?.inLoader && !(await isKeptPage(new URL(location, url).href, headers))) return null;
    return redirectTo(location);
  };
}
