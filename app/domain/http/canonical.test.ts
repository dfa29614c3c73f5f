import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AS_SENT,
  canonicalLocation,
  canonicalUrl,
  isTrackingParam,
  NO_SEARCH_PARAMS,
  onlyParams,
  PAGE_NUMBER,
  pagePath,
  publicOrigin,
  trimmedText,
  withoutTrackingParams,
} from "./canonical";

describe("canonicalUrl", () => {
  it("drops tracking parameters and keeps meaningful ones in order", () => {
    expect(
      canonicalUrl(
        "https://example.com",
        "/usa/tn/nashville/things-to-do",
        "?utm_source=x&category=Parks&gclid=1&page=2&fbclid=2&UTM_Campaign=y&tag=Romantic",
      ),
    ).toBe("https://example.com/usa/tn/nashville/things-to-do?category=Parks&page=2&tag=Romantic");
  });

  it("drops empty values and page=1, and has no ? without parameters", () => {
    expect(canonicalUrl("https://example.com/", "/a", "?q=&page=1")).toBe("https://example.com/a");
    expect(canonicalUrl("https://example.com", "/a")).toBe("https://example.com/a");
  });

  it("recognises the short list of tracking parameters: utm_*, gclid, fbclid, in any letter case", () => {
    for (const name of ["utm_medium", "UTM_Campaign", "utm_anything", "gclid", "fbclid", "GCLID"]) {
      expect(isTrackingParam(name), name).toBe(true);
    }
    for (const name of ["msclkid", "ref", "utm", "category", "page", "_routes"]) {
      expect(isTrackingParam(name), name).toBe(false);
    }
  });
});

describe("publicOrigin", () => {
  it("prefers PUBLIC_URL over the request origin", () => {
    expect(publicOrigin("https://things.example.com/", "http://10.0.0.5:3000/x?y=1")).toBe(
      "https://things.example.com",
    );
    expect(publicOrigin(undefined, "http://localhost:3000/x?y=1")).toBe("http://localhost:3000");
  });
});

describe("pagePath", () => {
  it("is the pathname of a document request", () => {
    expect(pagePath("http://x.test/usa/tn/nashville/things-to-do/radnor-lake-state-park?a=1")).toBe(
      "/usa/tn/nashville/things-to-do/radnor-lake-state-park",
    );
  });

  it("drops the '.data' suffix of a client navigation's data request", () => {
    expect(pagePath("http://x.test/usa/tn/nashville/things-to-do/radnor-lake-state-park.data")).toBe(
      "/usa/tn/nashville/things-to-do/radnor-lake-state-park",
    );
    expect(pagePath("http://x.test/admin/activities.data?_routes=x")).toBe("/admin/activities");
  });

  it.each([
    // Maps the home page's data request to '/'.
    ["http://x.test/_.data", "/"],
    ["http://x.test/_root.data", "/"],
    ["http://x.test/", "/"],
    // Keeps the trailing slash of a path whose data request ends in '/_.data'.
    ["http://x.test/lyon/_.data", "/lyon/"],
  ])("pagePath(%s) is %s", (input, expected) => {
    expect(pagePath(input)).toBe(expected);
  });
});

describe("one URL per page: canonicalLocation", () => {
  const search = onlyParams({ q: trimmedText(200), page: PAGE_NUMBER });
  const at = (url: string, rule = search, path?: string) => canonicalLocation(`http://x.test${url}`, rule, path);

  it("leaves a canonical URL alone", () => {
    expect(at("/search")).toBeNull();
    expect(at("/search?q=jazz+club&page=2")).toBeNull();
    expect(at("/privacy", NO_SEARCH_PARAMS)).toBeNull();
  });

  it("redirects unknown parameters, empty ones, duplicates and another order to the canonical query", () => {
    expect(at("/privacy?x=1", NO_SEARCH_PARAMS)).toBe("/privacy");
    expect(at("/search?q=")).toBe("/search");
    expect(at("/search?q=jazz&q=blues")).toBe("/search?q=jazz");
    expect(at("/search?q=&q=blues")).toBe("/search?q=blues");
    expect(at("/search?page=2&q=jazz")).toBe("/search?q=jazz&page=2");
    expect(at("/search?q=jazz&page=1")).toBe("/search?q=jazz");
    expect(at("/search?q=jazz&page=abc")).toBe("/search?q=jazz");
    expect(at("/search?q=+jazz+")).toBe("/search?q=jazz");
  });

  it("redirects another spelling of the same query: a bare '?', a stray '&', other percent-encoding", () => {
    expect(at("/search?")).toBe("/search");
    expect(at("/search?q=jazz&")).toBe("/search?q=jazz");
    expect(at("/search?&q=jazz")).toBe("/search?q=jazz");
    expect(at("/search?q=%6Aazz")).toBe("/search?q=jazz");
    expect(at("/search?q=jazz%20club")).toBe("/search?q=jazz+club");
    expect(at("/search?%71=jazz")).toBe("/search?q=jazz");
  });

  it("answers tracking parameters without a redirect, and keeps them, as sent, on one", () => {
    expect(at("/search?q=jazz&utm_source=news&gclid=abc")).toBeNull();
    expect(at("/privacy?fbclid=x&UTM_Medium=email", NO_SEARCH_PARAMS)).toBeNull();
    expect(at("/search?utm_source=a%20b&x=1&q=jazz")).toBe("/search?q=jazz&utm_source=a%20b");
    expect(at("/privacy?utm_source=news&msclkid=1", NO_SEARCH_PARAMS)).toBe("/privacy?utm_source=news");
  });

  it("compares a data request without React Router's '_routes', and sends it to the page's URL", () => {
    expect(at("/search.data?q=jazz&_routes=root,routes/public/search")).toBeNull();
    expect(at("/search.data?_routes=root&junk=1&q=jazz")).toBe("/search?q=jazz");
    expect(at("/_.data?_routes=root", NO_SEARCH_PARAMS)).toBeNull();
    // Only a data request's: on a page '_routes' is a parameter like any other.
    expect(at("/search?q=jazz&_routes=root")).toBe("/search?q=jazz");
  });

  it("sends another path to the canonical one, with the canonical query", () => {
    expect(at("/Search?q=jazz", search, "/search")).toBe("/search?q=jazz");
    expect(at("/search/?x=1", search, "/search")).toBe("/search");
  });

  it("takes values as sent where the route checks them itself", () => {
    const api = onlyParams({ cityId: AS_SENT, limit: AS_SENT, offset: AS_SENT });
    expect(at("/api/activities?limit=abc&cityId=x", api)).toBe("/api/activities?cityId=x&limit=abc");
    expect(at("/api/activities?cityId=x&limit=abc", api)).toBeNull();
  });

  it("is stable: where it sends is canonical, and tracking parameters never change where (property)", () => {
    const names = fc.constantFrom("q", "page", "x", "utm_source", "gclid", "Q", "_routes", "");
    const text = fc.oneof(
      fc.constantFrom("", " ", "2", "1", "jazz", "a b", "%", "&", "="),
      fc.string({ maxLength: 6 }),
    );
    const untracked = (url: string | null) => url && withoutTrackingParams(`http://x.test${url}`);
    fc.assert(
      fc.property(fc.array(fc.tuple(names, text), { maxLength: 8 }), fc.boolean(), (pairs, data) => {
        const path = data ? "/search.data" : "/search";
        const query = new URLSearchParams(pairs).toString();
        const target = at(query ? `${path}?${query}` : path);
        if (target !== null) expect(at(target)).toBeNull();
        const rest = new URLSearchParams(pairs.filter(([name]) => !isTrackingParam(name))).toString();
        const plain = at(rest ? `${path}?${rest}` : path);
        expect(untracked(target)).toBe(untracked(plain));
      }),
      { seed: 20261127, numRuns: 2000 },
    );
  });
});

describe("withoutTrackingParams", () => {
  it("drops tracking parameters and keeps the rest as sent", () => {
    expect(withoutTrackingParams("http://x.test/a?utm_source=x&q=a%20b&gclid=1")).toBe("http://x.test/a?q=a%20b");
    expect(withoutTrackingParams("http://x.test/a?fbclid=1")).toBe("http://x.test/a");
    expect(withoutTrackingParams("http://x.test/a?q=1")).toBe("http://x.test/a?q=1");
    expect(withoutTrackingParams("http://x.test/a")).toBe("http://x.test/a");
  });
});

describe("value rules", () => {
  it("trimmedText trims, cuts without splitting a character, and is none when empty", () => {
    expect(trimmedText(5)("  abc  ")).toBe("abc");
    expect(trimmedText(5)("   ")).toBeNull();
    expect(trimmedText(3)("ab🎉")).toBe("ab");
    expect(trimmedText(4)("ab🎉c")).toBe("ab🎉");
  });

  it("PAGE_NUMBER keeps whole numbers from 2, written plainly", () => {
    expect(PAGE_NUMBER("2")).toBe("2");
    expect(PAGE_NUMBER("007")).toBe("7");
    for (const junk of ["1", "0", "-3", "2.5", "abc", "", "1e400", "99999999999999999999"]) {
      expect(PAGE_NUMBER(junk), junk).toBeNull();
    }
  });
});
