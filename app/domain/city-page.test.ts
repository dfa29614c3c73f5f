import { describe, expect, it } from "vitest";
import {
  canonicalRedirect,
  cityPageSeo,
  clearHref,
  collapseMultiParams,
  filtersHref,
  fromSheet,
  parseView,
  toSheet,
} from "./city-page";
import { DEFAULT_FILTERS, parseFilters, type Filters } from "./filters";
import { DEFAULT_SEO_TEMPLATES } from "./seo";

const f = (change: Partial<Filters>): Filters => ({ ...DEFAULT_FILTERS, ...change });
const base = "/usa/tn/nashville/things-to-do";

describe("filtersHref", () => {
  it("is the bare path for the default state", () => {
    expect(filtersHref(base, DEFAULT_FILTERS)).toBe(base);
  });

  it("puts every non-default filter and the page in the query, lists repeated", () => {
    const href = filtersHref(base, f({ categories: ["Museums", "Parks"], minRating: 4.5, sort: "name-asc", page: 3 }));
    expect(href).toBe(`${base}?category=Museums&category=Parks&rating=4.5&sort=name-asc&page=3`);
  });

  it("leaves the fixed tag out of the query and keeps the map view", () => {
    const path = "/usa/tn/nashville/historic-sites";
    const href = filtersHref(path, f({ tags: ["Historic", "Weird"] }), { tag: "Historic" }, "map");
    expect(href).toBe(`${path}?tag=Weird&view=map`);
  });

  it("round-trips through parseFilters", () => {
    const state = f({
      categories: ["Bars & Restaurants"],
      tags: ["Kid-Friendly", "Outdoors"],
      tagMode: "and",
      cost: "Free",
      duration: "< 1 hour",
      q: "tea & cake",
      page: 2,
    });
    const url = new URL(filtersHref(base, state), "http://x");
    expect(parseFilters(url.searchParams)).toEqual(state);
  });
});

describe("clearHref", () => {
  it("resets level, cost, duration, rating and sort, keeps categories and search, goes to page 1", () => {
    const state = f({
      categories: ["Museums"],
      tags: ["Weird"],
      touristyLevel: "Not Touristy",
      cost: "Low",
      duration: "All Day",
      minRating: 4,
      sort: "newest",
      q: "art",
      page: 4,
    });
    expect(clearHref(base, state)).toBe(`${base}?category=Museums&q=art`);
  });

  it("restores the fixed tag on a tag page", () => {
    const path = "/usa/tn/nashville/historic-sites";
    expect(clearHref(path, f({ tags: ["Historic", "Weird"], minRating: 4 }), { tag: "Historic" })).toBe(path);
  });
});

describe("the mobile filter sheet", () => {
  it("shows single choices as lists", () => {
    const sheet = toSheet(f({ cost: "Free", duration: null, page: 3 }));
    expect(sheet.costs).toEqual(["Free"]);
    expect(sheet.durations).toEqual([]);
    expect(sheet).not.toHaveProperty("page");
  });

  it("collapses more than one cost or duration to All and goes back to page 1", () => {
    const current = f({ page: 5 });
    const applied = fromSheet(current, { ...toSheet(current), costs: ["Free", "Low"], durations: ["All Day"] });
    expect(applied).toMatchObject({ cost: null, duration: "All Day", page: 1 });
  });

  it("collapses repeated cost and duration parameters the same way", () => {
    const params = collapseMultiParams(new URLSearchParams("cost=Free&cost=Low&duration=All+Day&duration=&q=x"));
    expect(params.getAll("cost")).toEqual([]);
    expect(params.getAll("duration")).toEqual(["All Day"]);
    expect(params.get("q")).toBe("x");
  });
});

describe("parseView", () => {
  it("is the list unless the URL asks for the map", () => {
    expect(parseView(new URLSearchParams("view=map"))).toBe("map");
    expect(parseView(new URLSearchParams("view=nonsense"))).toBe("list");
    expect(parseView(new URLSearchParams())).toBe("list");
  });
});

describe("canonicalRedirect", () => {
  it("sends a wrong prefix to the canonical path, keeping the query", () => {
    expect(canonicalRedirect("/usa/ca/nashville/things-to-do", base, "?page=2")).toBe(`${base}?page=2`);
  });

  it("leaves the canonical path (any case, trailing slash) alone", () => {
    expect(canonicalRedirect("/USA/TN/nashville/things-to-do/", base, "")).toBeNull();
  });

  it("sends a city without a prefix mapping to its prefix-less path, and leaves that path alone", () => {
    expect(canonicalRedirect("/usa/xx/smallville/things-to-do", "/smallville/things-to-do", "")).toBe(
      "/smallville/things-to-do",
    );
    expect(canonicalRedirect("/smallville/things-to-do", "/smallville/things-to-do", "")).toBeNull();
  });
});

describe("cityPageSeo", () => {
  const city = { displayName: "Nashville", metaTitle: null, metaDescription: null };

  it("uses the count-free wording for a page without activities, never '0 Best Things to Do'", () => {
    const seo = cityPageSeo(DEFAULT_SEO_TEMPLATES, city, { kind: "city" }, 0);
    expect(seo.title).toBe("Things to Do in Nashville");
    expect(seo.description).toBe(
      "Discover the best things to do in Nashville: restaurants, attractions, tours and local favorites, with ratings and a map.",
    );
    const parks = cityPageSeo(DEFAULT_SEO_TEMPLATES, city, { kind: "category", category: "Parks" }, 0);
    expect(parks.intro).toBe("Explore parks in Nashville, hand-picked and rated by visitors.");
    expect(parks.description).toBe("Discover the best parks in Nashville, with ratings, costs and a map.");
  });

  it("renders the city templates with the count wording", () => {
    const seo = cityPageSeo(DEFAULT_SEO_TEMPLATES, city, { kind: "city" }, 140);
    expect(seo.title).toBe("100+ Best Things to Do in Nashville");
    expect(seo.description).toContain("100+ of the best things to do in Nashville");
    expect(seo.heading).toBe("Things to Do in Nashville");
  });

  it("prefers the city's curated meta title and description", () => {
    const seo = cityPageSeo(
      DEFAULT_SEO_TEMPLATES,
      { ...city, metaTitle: "Music City", metaDescription: "Honky tonks." },
      { kind: "city" },
      3,
    );
    expect(seo).toMatchObject({ title: "Music City", description: "Honky tonks." });
  });

  it("uses the per-category and per-tag groups, and falls back to the defaults for blank templates", () => {
    const templates = {
      ...DEFAULT_SEO_TEMPLATES,
      museumsTitleTemplate: "{category}: {count} in {city}",
      historicTitleTemplate: "",
    };
    expect(cityPageSeo(templates, city, { kind: "category", category: "Museums" }, 30).title).toBe(
      "Museums: 25+ in Nashville",
    );
    const tag = cityPageSeo(templates, city, { kind: "tag", tag: "Historic" }, 7);
    expect(tag.title).toBe("Historic Sites in Nashville");
    expect(tag.heading).toBe("Historic Sites in Nashville");
    expect(tag.intro).toBe("Explore 7 historic sites in Nashville, hand-picked and rated by visitors.");
  });

  it("cuts long descriptions at 160 characters", () => {
    const templates = { ...DEFAULT_SEO_TEMPLATES, cityDescriptionTemplate: "x".repeat(300) };
    expect(cityPageSeo(templates, city, { kind: "city" }, 1).description).toHaveLength(160);
  });

  it("names a category without its own template group plainly", () => {
    const seo = cityPageSeo(null, city, { kind: "category", category: "Workshops" }, 4);
    expect(seo.title).toBe("Workshops in Nashville");
  });
});
