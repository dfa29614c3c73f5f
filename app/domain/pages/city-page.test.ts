import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { canonicalLocation } from "../http/canonical";
import { cityPageSearch, cityPageSeo, clearHref, filtersHref, fromSheet, parseView, toSheet } from "./city-page";
import { DEFAULT_FILTERS, parseFilters, type Filters, type FixedFilters } from "./filters";
import { DEFAULT_SEO_TEMPLATES } from "../seo/seo";
import { CATEGORY_NAMES, TAG_NAMES } from "../taxonomy/taxonomy";

const f = (change: Partial<Filters>): Filters => ({ ...DEFAULT_FILTERS, ...change });
const base = "/usa/tn/nashville/things-to-do";
const TAXONOMY = { categories: CATEGORY_NAMES, tags: [...TAG_NAMES, "Food Trucks"] };

describe("filtersHref", () => {
  it("is the bare path for the default state", () => {
    expect(filtersHref(base, DEFAULT_FILTERS)).toBe(base);
  });

  it("puts every non-default filter and the page in the query, lists repeated as slugs in slug order", () => {
    const href = filtersHref(
      base,
      f({ categories: ["Parks", "Bars & Restaurants"], tags: ["Music"], minRating: 4.5, sort: "name-asc", page: 3 }),
    );
    expect(href).toBe(
      `${base}?category=bars-and-restaurants&category=parks&tag=live-music&rating=4.5&sort=name-asc&page=3`,
    );
  });

  it("leaves the fixed tag out of the query and keeps the map view", () => {
    const path = "/usa/tn/nashville/historic-sites";
    const href = filtersHref(path, f({ tags: ["Historic", "Weird"] }), { tag: "Historic" }, "map");
    expect(href).toBe(`${path}?tag=weird-things-to-do&view=map`);
  });

  it("round-trips through parseFilters", () => {
    const state = f({
      categories: ["Bars & Restaurants"],
      tags: ["Outdoors", "Kid-Friendly"], // in slug order: outdoor-things-to-do, things-to-do-with-kids
      tagMode: "and",
      cost: "Free",
      duration: "< 1 hour",
      q: "tea & cake",
      page: 2,
    });
    const url = new URL(filtersHref(base, state), "http://x");
    expect(parseFilters(url.searchParams, {}, TAXONOMY)).toEqual(state);
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
    expect(clearHref(base, state)).toBe(`${base}?category=museums&q=art`);
  });

  it("restores the fixed tag on a tag page", () => {
    const path = "/usa/tn/nashville/historic-sites";
    expect(clearHref(path, f({ tags: ["Historic", "Weird"], minRating: 4 }), { tag: "Historic" })).toBe(path);
  });
});

describe("the mobile filter sheet", () => {
  it("shows single choices as lists", () => {
    const sheet = toSheet(f({ cost: "Free", duration: null, page: 3 }));
    expect(sheet.lists).toEqual({ cost: ["Free"], duration: [] });
    expect(sheet).not.toHaveProperty("page");
  });

  it("collapses more than one cost or duration to All and goes back to page 1", () => {
    const current = f({ page: 5 });
    const applied = fromSheet(current, {
      ...toSheet(current),
      lists: { cost: ["Free", "Low"], duration: ["All Day"] },
    });
    expect(applied).toMatchObject({ cost: null, duration: "All Day", page: 1 });
  });

  it("collapses repeated cost and duration parameters the same way", () => {
    const parsed = parseFilters(new URLSearchParams("cost=Free&cost=Low&duration=All+Day&duration=&q=x"), {}, TAXONOMY);
    expect(parsed).toMatchObject({ cost: null, duration: "All Day", q: "x" });
    // The same choice twice is one choice.
    expect(parseFilters(new URLSearchParams("cost=Free&cost=free"), {}, TAXONOMY).cost).toBe("Free");
  });
});

describe("parseView", () => {
  it("is the list unless the URL asks for the map", () => {
    expect(parseView(new URLSearchParams("view=map"))).toBe("map");
    expect(parseView(new URLSearchParams("view=nonsense"))).toBe("list");
    expect(parseView(new URLSearchParams())).toBe("list");
  });
});

describe("cityPageSearch: one URL per filter state", () => {
  const where = (url: string, fixed: FixedFilters = {}, path = base) =>
    canonicalLocation(`http://x.test${url}`, cityPageSearch(fixed, TAXONOMY), path);

  it("answers a category or tag by name, slug or any letter case with its slug", () => {
    for (const value of ["Bars+%26+Restaurants", "BARS-AND-RESTAURANTS", "bars+%26+restaurants"]) {
      expect(where(`${base}?category=${value}`), value).toBe(`${base}?category=bars-and-restaurants`);
    }
    expect(where(`${base}?category=bars-and-restaurants`)).toBeNull();
    for (const value of ["Music", "music", "LIVE-MUSIC"]) {
      expect(where(`${base}?tag=${value}`), value).toBe(`${base}?tag=live-music`);
    }
    expect(where(`${base}?tag=food+trucks`)).toBe(`${base}?tag=food-trucks`);
    expect(where(`${base}?tag=food-trucks`)).toBeNull();
  });

  it("leaves out a value that names nothing, and everything the page does not take", () => {
    expect(where(`${base}?category=nowhere`)).toBe(base);
    expect(where(`${base}?category=museums&tag=nothing&color=red`)).toBe(`${base}?category=museums`);
    expect(where(`${base}?level=&cost=&duration=&rating=0&sort=best-match&q=&tagMode=or&page=1&view=list`)).toBe(base);
  });

  it("orders the parameters and the list values one way, each once", () => {
    expect(where(`${base}?sort=newest&category=parks&category=museums&category=parks`)).toBe(
      `${base}?category=museums&category=parks&sort=newest`,
    );
    expect(where(`${base}?category=museums&category=parks&sort=newest`)).toBeNull();
  });

  it("'All' among the categories is no category filter; the page's own category or tag is in its path", () => {
    expect(where(`${base}?category=parks&category=All`)).toBe(base);
    const museums = "/usa/tn/nashville/museums";
    expect(where(`${museums}?category=museums&category=parks`, { category: "Museums" }, museums)).toBe(
      `${museums}?category=parks`,
    );
  });

  it("sends a wrong prefix, letter case or trailing slash to the page's path, with the canonical query", () => {
    expect(where("/usa/ca/nashville/things-to-do?page=2")).toBe(`${base}?page=2`);
    expect(where("/USA/TN/nashville/things-to-do/")).toBe(base);
    expect(where("/usa/xx/smallville/things-to-do?x=1", {}, "/smallville/things-to-do")).toBe(
      "/smallville/things-to-do",
    );
  });

  it("makes every link the page builds canonical (property)", () => {
    const fixedCases: FixedFilters[] = [{}, { category: "Museums" }, { tag: "Music" }];
    const state = fc.record({
      categories: fc.subarray([...CATEGORY_NAMES]),
      tags: fc.subarray(TAXONOMY.tags),
      tagMode: fc.constantFrom("or" as const, "and" as const),
      touristyLevel: fc.constantFrom(null, "Very Touristy", "Not Touristy"),
      cost: fc.constantFrom(null, "Free", "High"),
      duration: fc.constantFrom(null, "< 1 hour", "All Day"),
      minRating: fc.constantFrom(0, 0.5, 4.5, 4.9, 5),
      sort: fc.constantFrom("best-match" as const, "newest" as const, "name-desc" as const),
      q: fc.string({ maxLength: 30 }),
      page: fc.integer({ min: 1, max: 1000 }),
    });
    fc.assert(
      fc.property(
        state,
        fc.constantFrom(...fixedCases),
        fc.constantFrom("list" as const, "map" as const),
        (s, fixed, view) => {
          const href = filtersHref(base, s, fixed, view);
          expect(where(href, fixed)).toBeNull();
        },
      ),
      { seed: 20261127, numRuns: 500 },
    );
  });

  it("is idempotent and the state it keeps reads back the same (property)", () => {
    const names = [
      "category",
      "tag",
      "tagMode",
      "level",
      "cost",
      "duration",
      "rating",
      "sort",
      "q",
      "page",
      "view",
      "x",
    ];
    const values = fc.oneof(
      fc.constantFrom(
        "",
        "All",
        "museums",
        "Parks",
        "MUSIC",
        "live-music",
        "and",
        "Free",
        "all day",
        "4.66",
        "2",
        "map",
      ),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...names), values), { maxLength: 12 }), (pairs) => {
        const sent = new URLSearchParams(pairs);
        const rule = cityPageSearch({}, TAXONOMY);
        const canonical = rule(sent);
        expect(rule(canonical).toString()).toBe(canonical.toString());
        expect(parseFilters(canonical, {}, TAXONOMY)).toEqual(parseFilters(sent, {}, TAXONOMY));
      }),
      { seed: 20261127, numRuns: 1000 },
    );
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
