import { describe, expect, it } from "vitest";
import { acceptsCoding, isKeptAnswer, keptAnswerCoding, matchesETag, pageCacheKey } from "./page-cache";

const acceptsBrotli = (header: string | null) => acceptsCoding(header, "br");

const request = (headers: Record<string, string> = {}, method = "GET", url = "http://x.test/usa/tn/nashville") => ({
  method,
  url,
  headers: new Headers(headers),
});

describe("pageCacheKey", () => {
  it("is the URL of a GET without cookies", () => {
    expect(pageCacheKey(request())).toBe("http://x.test/usa/tn/nashville");
    expect(pageCacheKey(request({}, "GET", "http://x.test/?lat=1&lng=2"))).toBe("http://x.test/?lat=1&lng=2");
  });

  it("leaves out tracking parameters, which are answered as the canonical URL", () => {
    const url = "http://x.test/usa/tn/nashville/things-to-do?category=parks";
    expect(pageCacheKey(request({}, "GET", `${url}&utm_source=news&gclid=1&fbclid=2`))).toBe(url);
    expect(pageCacheKey(request({}, "GET", "http://x.test/privacy?utm_campaign=x"))).toBe("http://x.test/privacy");
  });

  it("adds the remembered location, the one cookie a page may vary with", () => {
    const a = pageCacheKey(request({ Cookie: "loc=35.1,-90.0" }));
    const b = pageCacheKey(request({ Cookie: "loc=39.7,-104.9" }));
    expect(a).not.toBeNull();
    expect(a).not.toBe(b);
    expect(a).not.toBe(pageCacheKey(request()));
  });

  it("holds the rounded location, never the cookie's text", () => {
    const key = pageCacheKey(request({ Cookie: "loc=36.16271,-86.78162" }));
    expect(key).toBe("http://x.test/usa/tn/nashville\nloc=36.16,-86.78");
    expect(pageCacheKey(request({ Cookie: "loc=36.1649,-86.7801" }))).toBe(key);
    for (const junk of ["loc=%E0%A4%A", `loc=${"9".repeat(7000)}`, "loc=north", "loc="]) {
      expect(pageCacheKey(request({ Cookie: junk })), junk.slice(0, 20)).toBe("http://x.test/usa/tn/nashville");
    }
  });

  it("is null for anything rendered for one visitor: other methods, sessions, toasts, Authorization", () => {
    expect(pageCacheKey(request({}, "POST"))).toBeNull();
    expect(pageCacheKey(request({}, "HEAD"))).toBeNull();
    expect(pageCacheKey(request({ Cookie: "__session=abc" }))).toBeNull();
    expect(pageCacheKey(request({ Cookie: "loc=1,2; __toast=xyz" }))).toBeNull();
    expect(pageCacheKey(request({ Authorization: "Bearer t" }))).toBeNull();
  });
});

describe("isKeptAnswer", () => {
  const answer = (status: number, headers: Record<string, string>) => ({ status, headers: new Headers(headers) });
  it("keeps a 200 that caches may store and that sets no cookie", () => {
    expect(isKeptAnswer(answer(200, { "Cache-Control": "public, max-age=0, s-maxage=300" }))).toBe(true);
    expect(isKeptAnswer(answer(200, { "Cache-Control": "private, no-cache" }))).toBe(true);
  });
  it("never keeps errors, redirects, private answers, cookies or answers without Cache-Control", () => {
    expect(isKeptAnswer(answer(404, { "Cache-Control": "public, max-age=60" }))).toBe(false);
    expect(isKeptAnswer(answer(302, { "Cache-Control": "public, max-age=60" }))).toBe(false);
    expect(isKeptAnswer(answer(200, { "Cache-Control": "private, no-store" }))).toBe(false);
    expect(isKeptAnswer(answer(200, { "Cache-Control": "public", "Set-Cookie": "a=b" }))).toBe(false);
    expect(isKeptAnswer(answer(200, {}))).toBe(false);
  });
  it("leaves pictures to the photo service, which keeps them under their source", () => {
    expect(isKeptAnswer(answer(200, { "Cache-Control": "public, max-age=60", "Content-Type": "image/webp" }))).toBe(
      false,
    );
  });
});

describe("matchesETag", () => {
  it("compares weakly, in a list, and matches *", () => {
    expect(matchesETag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesETag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesETag('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesETag("*", 'W/"abc"')).toBe(true);
    expect(matchesETag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesETag(null, 'W/"abc"')).toBe(false);
  });
});

describe("acceptsCoding (br)", () => {
  it("reads the codings a browser, curl and a cautious client send", () => {
    expect(acceptsBrotli("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsBrotli("br, gzip")).toBe(true);
    expect(acceptsBrotli("gzip;q=1.0, br;q=0.5")).toBe(true);
    expect(acceptsBrotli("*")).toBe(true);
    expect(acceptsBrotli("gzip, deflate")).toBe(false);
    expect(acceptsBrotli("gzip, br;q=0")).toBe(false);
    expect(acceptsBrotli("*;q=0.5, br;q=0")).toBe(false);
    expect(acceptsBrotli("identity")).toBe(false);
    expect(acceptsBrotli("")).toBe(false);
    expect(acceptsBrotli(null)).toBe(false);
  });
});

describe("keptAnswerCoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["gzip, br;q=0", "gzip"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["gzip;q=0, br", "br"],
    ["gzip;q=0, deflate", null],
    ["identity", null],
    [null, null],
  ])("prefers br, then gzip, else plain: keptAnswerCoding(%j) is %j", (input, expected) => {
    expect(keptAnswerCoding(input)).toBe(expected);
  });
});
