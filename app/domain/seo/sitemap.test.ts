import { describe, expect, it } from "vitest";
import {
  robotsTxt,
  SITEMAP_URL_LIMIT,
  sitemapIndexXml,
  sitemapPageRange,
  sitemapPath,
  sitemapPlan,
  sitemapUrlEntry,
  xmlEscape,
} from "./sitemap";

describe("sitemapPlan", () => {
  it("is one sitemap up to the 50,000 URL limit and an index past it", () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
    expect(sitemapPlan(0)).toEqual({ kind: "single" });
    expect(sitemapPlan(50_000)).toEqual({ kind: "single" });
    expect(sitemapPlan(50_001)).toEqual({ kind: "index", pages: 2 });
    expect(sitemapPlan(100_000)).toEqual({ kind: "index", pages: 2 });
    expect(sitemapPlan(100_001)).toEqual({ kind: "index", pages: 3 });
  });

  it("takes the limit as a parameter", () => {
    expect(sitemapPlan(10, 3)).toEqual({ kind: "index", pages: 4 });
    expect(() => sitemapPlan(10, 0)).toThrow();
  });
});

describe("sitemapPageRange", () => {
  it("slices the URLs of numbered sitemap n (from 1)", () => {
    expect(sitemapPageRange(1, 10, 3)).toEqual({ offset: 0, limit: 3 });
    expect(sitemapPageRange(4, 10, 3)).toEqual({ offset: 9, limit: 3 });
  });

  it("has no numbered sitemaps when one sitemap holds everything, and none out of range", () => {
    expect(sitemapPageRange(1, 3, 3)).toBeNull();
    expect(sitemapPageRange(0, 10, 3)).toBeNull();
    expect(sitemapPageRange(5, 10, 3)).toBeNull();
    expect(sitemapPageRange(1.5, 10, 3)).toBeNull();
  });
});

describe("sitemap XML", () => {
  it("escapes XML special characters", () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
  });

  it("writes url entries with an optional date-only lastmod", () => {
    expect(sitemapUrlEntry("https://e.com/a?x=1&y=2")).toBe("<url><loc>https://e.com/a?x=1&amp;y=2</loc></url>\n");
    expect(sitemapUrlEntry("https://e.com/a", new Date("2026-11-21T05:00:00Z"))).toBe(
      "<url><loc>https://e.com/a</loc><lastmod>2026-11-21</lastmod></url>\n",
    );
  });

  it("writes a sitemap index", () => {
    const xml = sitemapIndexXml(["https://e.com/sitemaps/1.xml", "https://e.com/sitemaps/2.xml"]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.match(/<sitemap><loc>/g)).toHaveLength(2);
  });
});

describe("robotsTxt", () => {
  it("keeps /admin and /api out and names the sitemap", () => {
    const txt = robotsTxt("https://e.com/sitemap.xml");
    expect(txt.split("\n")).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Disallow: /admin",
        "Disallow: /api",
        "Sitemap: https://e.com/sitemap.xml",
      ]),
    );
  });
});

describe("sitemapPath", () => {
  const nashville = { cityId: "nashville", stateCode: "TN", country: "United States" };
  it("builds each kind of page with the URL rules", () => {
    expect(sitemapPath({ kind: "home", cityId: "", stateCode: null, country: null, name: "" })).toBe("/");
    expect(sitemapPath({ kind: "cities", cityId: "", stateCode: null, country: null, name: "" })).toBe("/cities");
    expect(sitemapPath({ kind: "privacy", cityId: "", stateCode: null, country: null, name: "" })).toBe("/privacy");
    expect(sitemapPath({ kind: "terms", cityId: "", stateCode: null, country: null, name: "" })).toBe("/terms");
    expect(sitemapPath({ kind: "hub", ...nashville, name: "" })).toBe("/usa/tn/nashville");
    expect(sitemapPath({ kind: "things-to-do", ...nashville, name: "" })).toBe("/usa/tn/nashville/things-to-do");
    expect(sitemapPath({ kind: "category", ...nashville, name: "Bars & Restaurants" })).toBe(
      "/usa/tn/nashville/bars-and-restaurants",
    );
    expect(sitemapPath({ kind: "tag", ...nashville, name: "Kid-Friendly" })).toBe(
      "/usa/tn/nashville/things-to-do-with-kids",
    );
    expect(sitemapPath({ kind: "activity", ...nashville, name: "Tootsie's Orchid Lounge" })).toBe(
      "/usa/tn/nashville/things-to-do/tootsies-orchid-lounge",
    );
    expect(
      sitemapPath({
        kind: "activity",
        cityId: "dubai",
        stateCode: "DU",
        country: "United Arab Emirates",
        name: "Burj Khalifa",
      }),
    ).toBe("/uae/dubai/dubai/things-to-do/burj-khalifa");
  });

  it("gives a city without a prefix mapping its prefix-less paths", () => {
    const paris = { cityId: "paris", stateCode: "", country: "France" };
    expect(sitemapPath({ kind: "hub", ...paris, name: "" })).toBe("/paris");
    expect(sitemapPath({ kind: "things-to-do", ...paris, name: "" })).toBe("/paris/things-to-do");
    expect(sitemapPath({ kind: "category", ...paris, name: "Museums" })).toBe("/paris/museums");
    expect(sitemapPath({ kind: "tag", ...paris, name: "Romantic" })).toBe("/paris/romantic-things-to-do");
    expect(sitemapPath({ kind: "activity", ...paris, name: "Louvre" })).toBe("/paris/things-to-do/louvre");
    expect(
      sitemapPath({ kind: "hub", cityId: "smallville", stateCode: "ZZ", country: "United States", name: "" }),
    ).toBe("/smallville");
  });
});
