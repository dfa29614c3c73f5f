import { describe, expect, it } from "vitest";
import { NO_SEARCH_PARAMS, onlyParams, AS_SENT, withoutTrackingParams } from "~/domain/http/canonical";
import { CANONICAL_REDIRECT_CACHE } from "~/domain/http/cache";
import { canonicalRedirectBeforeRouting, searchParams, searchParamsInLoader } from "./canonical-url";

describe("canonicalRedirectBeforeRouting", () => {
  const routes = {
    privacy: { module: { middleware: searchParams(NO_SEARCH_PARAMS) } },
    search: { module: { middleware: [() => undefined, ...searchParams(onlyParams({ q: AS_SENT }))] } },
    "city-page": { module: {} },
    detail: { module: { middleware: searchParamsInLoader(NO_SEARCH_PARAMS) } },
  };
  const routeOf = (path: string) =>
    path.startsWith("/privacy")
      ? "privacy"
      : path.startsWith("/search")
        ? "search"
        : path.startsWith("/activity/")
          ? "detail"
          : "city-page";
  const origin = "http://localhost:3000";
  // The page cache holds the detail page of activity 7 at its canonical URL (the key has no tracking parameters).
  const asked: string[] = [];
  const redirect = canonicalRedirectBeforeRouting(routes, routeOf, async (url) => {
    asked.push(url);
    return withoutTrackingParams(url) === `${origin}/activity/7`;
  });
  const none = new Headers();

  it("answers what the route's searchParams middleware would: a 301 to the canonical URL, kept by browsers only", async () => {
    const answer = await redirect("GET", `${origin}/privacy?x=1`, "/privacy", none);
    expect(answer?.status).toBe(301);
    expect(answer?.headers.get("Location")).toBe("/privacy");
    expect(answer?.headers.get("Cache-Control")).toBe(CANONICAL_REDIRECT_CACHE);
    // The rule may follow other middleware of the route (allowMethods); tracking parameters stay.
    const tracked = await redirect("HEAD", `${origin}/search?utm_source=a&x=1&q=park`, "/search", none);
    expect(tracked?.headers.get("Location")).toBe("/search?q=park&utm_source=a");
  });

  it("answers what a page's loader would, when the page cache holds the page at that path, and only then", async () => {
    const answer = await redirect("GET", `${origin}/activity/7?x=1&utm_source=a`, "/activity/7", none);
    expect(answer?.status).toBe(301);
    expect(answer?.headers.get("Location")).toBe("/activity/7?utm_source=a");
    expect(asked).toEqual([`${origin}/activity/7?utm_source=a`]);
    // A path the cache does not hold may not be the page's canonical one (another spelling, another city's
    // prefix, no such activity): its loader decides.
    expect(await redirect("GET", `${origin}/activity/07?x=1`, "/activity/07", none)).toBeNull();
    expect(await redirect("GET", `${origin}/activity/7?utm_source=a`, "/activity/7", none)).toBeNull();
  });

  it("leaves everything else to React Router", async () => {
    expect(await redirect("GET", `${origin}/privacy`, "/privacy", none)).toBeNull();
    expect(await redirect("GET", `${origin}/privacy?utm_source=a`, "/privacy", none)).toBeNull();
    expect(await redirect("GET", `${origin}/search?q=park`, "/search", none)).toBeNull();
    expect(await redirect("POST", `${origin}/privacy?x=1`, "/privacy", none)).toBeNull();
    // A client-side navigation's data request: React Router answers its redirects its own way.
    expect(await redirect("GET", `${origin}/privacy.data?x=1`, "/privacy.data", none)).toBeNull();
    // A route whose rule needs its loader's data (the city page) redirects in its loader.
    expect(
      await redirect("GET", `${origin}/usa/tn/nashville/things-to-do?x=1`, "/usa/tn/nashville/things-to-do", none),
    ).toBeNull();
  });
});
