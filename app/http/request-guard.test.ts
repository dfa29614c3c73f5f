import { describe, expect, it } from "vitest";
import { filtersHref } from "~/domain/pages/city-page";
import { COSTS, DURATIONS, TOURISTY_LEVELS } from "~/domain/constants";
import { CATEGORY_NAMES, TAG_NAMES } from "~/domain/taxonomy/taxonomy";
import { isCanonicalHost, isValidHost, MAX_URL_LENGTH, requestRefusal, type RequestFacts } from "./request-guard";
import { loggedUrl } from "./request-log";

const ok: RequestFacts = {
  method: "GET",
  url: "/usa/tn/nashville/things-to-do?q=park",
  host: "localhost:3000",
  protocol: "http",
  forwardedHost: undefined,
};

describe("requestRefusal", () => {
  it("lets an ordinary request through", () => {
    expect(requestRefusal(ok)).toBeNull();
    expect(
      requestRefusal({
        ...ok,
        method: "delete",
        url: "/api/activities/3",
        protocol: "https",
        forwardedHost: "example.com",
      }),
    ).toBeNull();
    expect(requestRefusal({ ...ok, url: "/search?q=caf%C3%A9+%26+bar%2B" })).toBeNull();
  });

  it("refuses methods the site does not serve with 405 and the ones it does", () => {
    for (const method of ["TRACE", "CONNECT", "PROPFIND", "FOO"]) {
      const refusal = requestRefusal({ ...ok, method });
      expect(refusal?.status).toBe(405);
      expect(refusal?.headers?.Allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    }
  });

  it("refuses a Host, X-Forwarded-Host or X-Forwarded-Proto that cannot form a URL", () => {
    for (const host of ["127.0.0.1:99999", "[::1", "exa mple.com", "a/b", "", "host:0", "x".repeat(300)]) {
      expect(requestRefusal({ ...ok, host })?.status, host).toBe(400);
    }
    expect(requestRefusal({ ...ok, host: undefined })?.status).toBe(400);
    expect(requestRefusal({ ...ok, forwardedHost: "evil.com:70000" })?.message).toMatch(/X-Forwarded-Host/);
    expect(requestRefusal({ ...ok, protocol: "javascript" })?.message).toMatch(/X-Forwarded-Proto/);
  });

  it("refuses a URL with a NUL byte or broken percent-encoding", () => {
    for (const url of [
      "/activity/%00",
      "/cities?q=%00",
      "/search?q=a%00b",
      "/x?q=%E0%A4%A",
      "/x?q=%ED%A0%80",
      "/x?q=100%",
    ]) {
      expect(requestRefusal({ ...ok, url })?.status, url).toBe(400);
    }
  });

  it("refuses a URL longer than the longest canonical one with 414, and serves that one", () => {
    const longestPrefix = "/czech-republic/central-bohemian-region";
    const everyFilter = filtersHref(
      `${longestPrefix}/${"x".repeat(60)}/things-to-do`,
      {
        categories: [...CATEGORY_NAMES],
        tags: [...TAG_NAMES],
        tagMode: "and",
        touristyLevel: TOURISTY_LEVELS[1],
        cost: COSTS.at(-1)!,
        duration: DURATIONS.at(-1)!,
        minRating: 4.9,
        sort: "rating-high",
        q: "好".repeat(200),
        page: 99999,
      },
      {},
      "map",
    );
    const withTracking = `${everyFilter}&utm_source=newsletter&utm_medium=email&utm_campaign=${"c".repeat(200)}`;
    expect(withTracking.length).toBeLessThan(MAX_URL_LENGTH);
    expect(requestRefusal({ ...ok, url: withTracking })).toBeNull();
    const refusal = requestRefusal({ ...ok, url: `/robots.txt?${"x".repeat(MAX_URL_LENGTH)}` });
    expect(refusal?.status).toBe(414);
    expect(refusal?.message).toBe(`URI Too Long: this site's addresses are at most ${MAX_URL_LENGTH} characters`);
    expect(requestRefusal({ ...ok, url: `/${"a".repeat(MAX_URL_LENGTH - 1)}` })).toBeNull();
    expect(requestRefusal({ ...ok, url: `/${"a".repeat(MAX_URL_LENGTH)}` })?.status).toBe(414);
  });

  it("accepts the host forms a browser or proxy sends", () => {
    for (const host of [
      "localhost",
      "localhost:3000",
      "127.0.0.1:8080",
      "[::1]:3000",
      "www.example.com",
      "example.com.",
    ]) {
      expect(isValidHost(host), host).toBe(true);
    }
  });
});

describe("the canonical host (PUBLIC_URL)", () => {
  const publicUrl = "https://things.example.com";
  const behindProxy: RequestFacts = { ...ok, host: "10.0.0.7:3000", protocol: "https", publicUrl };

  it("serves PUBLIC_URL's host, by Host or by a trusted proxy's X-Forwarded-Host", () => {
    expect(requestRefusal({ ...ok, host: "things.example.com", publicUrl })).toBeNull();
    expect(requestRefusal({ ...behindProxy, forwardedHost: "things.example.com" })).toBeNull();
    expect(requestRefusal({ ...behindProxy, forwardedHost: "Things.Example.COM., other.example" })).toBeNull();
    expect(requestRefusal({ ...ok, host: "things.example.com:443", publicUrl })).toBeNull();
    expect(requestRefusal({ ...ok, host: "localhost:3000", publicUrl: "http://localhost:3000" })).toBeNull();
  });

  it("refuses any other host with 400, naming only the canonical one", () => {
    for (const facts of [
      { ...ok, host: "evil.example", publicUrl },
      { ...ok, host: "things.example.com:8443", publicUrl },
      { ...ok, host: "things.example.com.evil.example", publicUrl },
      { ...ok, host: "[:::]", publicUrl },
      { ...behindProxy, forwardedHost: "evil.example" },
      { ...behindProxy, forwardedHost: "evil.example, things.example.com" },
      // Behind a proxy that sends no X-Forwarded-Host the Host is the instance's own.
      behindProxy,
      { ...ok, host: "127.0.0.1:3000", publicUrl: "http://localhost:3000" },
    ]) {
      const refusal = requestRefusal(facts);
      expect(refusal, JSON.stringify(facts)).toEqual({
        status: 400,
        message: `Bad Request: this site answers only for ${new URL(facts.publicUrl!).host}`,
      });
      expect(refusal!.message).not.toContain("evil");
    }
  });

  it("lets load balancers ask /healthz by any host, and development serve every host", () => {
    expect(requestRefusal({ ...behindProxy, url: "/healthz" })).toBeNull();
    expect(requestRefusal({ ...behindProxy, url: "/healthz/x" })?.status).toBe(400);
    expect(requestRefusal({ ...ok, host: "anything.example:1234" })).toBeNull();
  });

  it("compares host names and ports, not spellings", () => {
    expect(isCanonicalHost("THINGS.example.com", publicUrl)).toBe(true);
    expect(isCanonicalHost("things.example.com:443", publicUrl)).toBe(true);
    expect(isCanonicalHost("things.example.com:80", publicUrl)).toBe(false);
    expect(isCanonicalHost("localhost:3000", "http://localhost:3000")).toBe(true);
    expect(isCanonicalHost("localhost", "http://localhost:3000")).toBe(false);
  });
});

describe("loggedUrl", () => {
  it.each([
    // One-time login tokens and OAuth codes stay out of the log.
    ["/admin/login/link/abc123secret", "/admin/login/link/[redacted]"],
    ["/admin/login/link/abc123secret?x=1", "/admin/login/link/[redacted]?x=1"],
    ["/api/auth/google/callback?code=4/abc&state=xyz", "/api/auth/google/callback?[redacted]"],
    ["/usa/tn/nashville/things-to-do?q=park", "/usa/tn/nashville/things-to-do?q=park"],
    // Redacted by route, in every spelling the router matches (issue #27.14).
    ["/ADMIN/login/link/abc123secret", "/ADMIN/login/link/[redacted]"],
    ["/Admin/Login/LINK/abc123secret?x=1", "/Admin/Login/LINK/[redacted]?x=1"],
    ["/admin/login/%6Cink/abc123secret", "/admin/login/%6Cink/[redacted]"],
    ["//admin//login/link//abc123secret/", "//admin//login/link//[redacted]"],
    ["/admin/login/link/abc123secret.data", "/admin/login/link/[redacted]"],
    ["/API/Auth/google/callback?code=4/abc&state=xyz", "/API/Auth/google/callback?[redacted]"],
    // Other routes keep their path and query.
    ["/admin/login?error=x", "/admin/login?error=x"],
    ["/admin/login/link", "/admin/login/link"],
    ["/usa/tn/nashville/link?q=1", "/usa/tn/nashville/link?q=1"],
    // Where a visitor is stays out: the home page's coordinates, in any letter case.
    ["/?lat=36.16&lng=-86.78", "/?lat=[redacted]&lng=[redacted]"],
    ["/?LAT=36.16&x=1&%6Cng=-86.78", "/?LAT=[redacted]&x=1&%6Cng=[redacted]"],
    ["/?latitude=1&q=lat", "/?latitude=1&q=lat"],
  ])("logs %s as %s", (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
  });
});
