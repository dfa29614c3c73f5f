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

/** Route middleware: the page takes the search parameters `rule` declares, and redirects any other query string. */
export function searchParams(rule: SearchRule): MiddlewareFunction<Response>[] {
  return [
    ({ request }, next) => {
      redirectToCanonical(request, rule);
      return next();
    },
  ];
}
