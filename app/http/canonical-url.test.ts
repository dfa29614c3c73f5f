import { describe, expect, it } from "vitest";
import { NO_SEARCH_PARAMS, onlyParams, AS_SENT } from "~/domain/http/canonical";
import { CANONICAL_REDIRECT_CACHE } from "~/domain/http/cache";
import { canonicalRedirectBeforeRouting, searchParams } from "./canonical-url";

describe("canonicalRedirectBeforeRouting", () => {
  const routes = {
    privacy: { module: { middleware: searchParams(NO_SEARCH_PARAMS) } },
    search: { module: { middleware: [() => undefined, ...searchParams(onlyParams({ q: AS_SENT }))] } },
    "city-page": { module: {} },
  };
  const routeOf = (path: string) =>
    path.startsWith("/privacy") ? "privacy" : path.startsWith("/search") ? "search" : "city-page";
  const redirect = canonicalRedirectBeforeRouting(routes, routeOf);
  const origin = "http://localhost:3000";

  it("answers what the route's searchParams middleware would: a 301 to the canonical URL, kept by browsers only", () => {
    const answer = redirect("GET", `${origin}/privacy?x=1`, "/privacy");
    expect(answer?.status).toBe(301);
    expect(answer?.headers.get("Location")).toBe("/privacy");
    expect(answer?.headers.get("Cache-Control")).toBe(CANONICAL_REDIRECT_CACHE);
    // The rule may follow other middleware of the route (allowMethods); tracking parameters stay.
    expect(redirect("HEAD", `${origin}/search?utm_source=a&x=1&q=park`, "/search")?.headers.get("Location")).toBe(
      "/search?q=park&utm_source=a",
    );
  });

  it("leaves everything else to React Router", () => {
    expect(redirect("GET", `${origin}/privacy`, "/privacy")).toBeNull();
    expect(redirect("GET", `${origin}/privacy?utm_source=a`, "/privacy")).toBeNull();
    expect(redirect("GET", `${origin}/search?q=park`, "/search")).toBeNull();
    expect(redirect("POST", `${origin}/privacy?x=1`, "/privacy")).toBeNull();
    // A client-side navigation's data request: React Router answers its redirects its own way.
    expect(redirect("GET", `${origin}/privacy.data?x=1`, "/privacy.data")).toBeNull();
    // A route whose rule needs its loader's data (the city page) redirects in its loader.
    expect(redirect("GET", `${origin}/usa/tn/nashville/things-to-do?x=1`, "/usa/tn/nashville/things-to-do")).toBeNull();
  });
});
