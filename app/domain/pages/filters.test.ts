import { describe, expect, it } from "vitest";
import {
  activityMatchesFilters,
  clearFilters,
  collapseMulti,
  DEFAULT_FILTERS,
  type FilterableActivity,
  type Filters,
  filtersToSearchParams,
  goToPage,
  isOnlyFixed,
  parseFilters,
  toggleCategory,
  toggleTag,
  withChange,
  withFixedFilters,
} from "./filters";
import { CATEGORY_NAMES, TAG_NAMES } from "../taxonomy/taxonomy";

const TAXONOMY = { categories: CATEGORY_NAMES, tags: [...TAG_NAMES, "Food Trucks"] };
const parse = (query: string, fixed: { category?: string; tag?: string } = {}) =>
  parseFilters(new URLSearchParams(query), fixed, TAXONOMY);
const filters = (change: Partial<Filters> = {}): Filters => ({ ...DEFAULT_FILTERS, ...change });

describe("parseFilters", () => {
  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual({
      categories: [],
      tags: [],
      tagMode: "or",
      touristyLevel: null,
      cost: null,
      duration: null,
      minRating: 0,
      sort: "best-match",
      q: "",
      page: 1,
    });
  });

  it("reads every parameter", () => {
    const query =
      "category=Parks&category=Museums&tag=Music&tag=Historic&tagMode=and&level=Not+Touristy" +
      "&cost=Free&duration=%3C+1+hour&rating=4.5&sort=rating-low&q=jazz+club&page=3";
    expect(parse(query)).toEqual({
      categories: ["Parks", "Museums"],
      tags: ["Music", "Historic"],
      tagMode: "and",
      touristyLevel: "Not Touristy",
      cost: "Free",
      duration: "< 1 hour",
      minRating: 4.5,
      sort: "rating-low",
      q: "jazz club",
      page: 3,
    });
  });

  it("reads categories and tags by slug, by name and in any letter case, and leaves out what names nothing", () => {
    expect(parse("category=bars-and-restaurants&category=MUSEUMS&category=parks+%26+more").categories).toEqual([
      "Bars & Restaurants",
      "Museums",
    ]);
    expect(parse("tag=live-music&tag=HISTORIC&tag=food-trucks&tag=door").tags).toEqual([
      "Music",
      "Historic",
      "Food Trucks",
    ]);
    expect(parse("level=not+touristy&cost=FREE&duration=all+day")).toMatchObject({
      touristyLevel: "Not Touristy",
      cost: "Free",
      duration: "All Day",
    });
  });

  it("trims the search text and cuts it to 200 characters", () => {
    expect(parse("q=+jazz+").q).toBe("jazz");
    expect(parse(`q=${"é".repeat(250)}`).q).toBe("é".repeat(200));
  });

  it("treats 'All' among the categories as no category filter", () => {
    expect(parse("category=Parks&category=All").categories).toEqual([]);
  });

  it("drops empty and repeated list values", () => {
    const f = parse("category=&category=Parks&category=Parks&tag=%20&tag=Weird");
    expect(f.categories).toEqual(["Parks"]);
    expect(f.tags).toEqual(["Weird"]);
  });

  it("falls back to defaults for invalid values", () => {
    const f = parse("tagMode=xor&level=Touristy&cost=Cheap&duration=2h&rating=high&sort=random&page=abc");
    expect(f).toEqual(DEFAULT_FILTERS);
    expect(parse("level=All&cost=All&duration=All")).toEqual(DEFAULT_FILTERS);
    expect(parse("sort=toString").sort).toBe("best-match");
  });

  it("sends page < 1, NaN or fractions to page 1", () => {
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=-4").page).toBe(1);
    expect(parse("page=NaN").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=2").page).toBe(2);
  });

  it("snaps the rating down to a slider step and clamps it", () => {
    expect(parse("rating=4.66").minRating).toBe(4.6);
    expect(parse("rating=3.9").minRating).toBe(3.5);
    expect(parse("rating=9").minRating).toBe(5);
    expect(parse("rating=-2").minRating).toBe(0);
  });

  it("accepts the name-az / name-za aliases", () => {
    expect(parse("sort=name-az").sort).toBe("name-asc");
    expect(parse("sort=name-za").sort).toBe("name-desc");
  });

  it("always includes the fixed category and tag of the page", () => {
    const f = parse("category=Parks&tag=Music", { category: "Museums", tag: "Kid-Friendly" });
    expect(f.categories).toEqual(["Museums", "Parks"]);
    expect(f.tags).toEqual(["Kid-Friendly", "Music"]);
    expect(parse("category=All", { category: "Museums" }).categories).toEqual(["Museums"]);
    expect(parse("tag=Romantic", { tag: "Romantic" }).tags).toEqual(["Romantic"]);
  });
});

describe("filtersToSearchParams", () => {
  it("is empty for the defaults", () => {
    expect(filtersToSearchParams(DEFAULT_FILTERS).toString()).toBe("");
    expect(filtersToSearchParams(filters({ q: "   " })).toString()).toBe("");
  });

  it("writes non-default values with the URL names", () => {
    const f = filters({
      categories: ["Bars & Restaurants"],
      tags: ["Music", "Weird"],
      tagMode: "and",
      touristyLevel: "Very Touristy",
      cost: "Low",
      duration: "All Day",
      minRating: 4.7,
      sort: "newest",
      q: "tacos",
      page: 2,
    });
    expect(filtersToSearchParams(f).toString()).toBe(
      "category=bars-and-restaurants&tag=live-music&tag=weird-things-to-do&tagMode=and&level=Very+Touristy" +
        "&cost=Low&duration=All+Day&rating=4.7&sort=newest&q=tacos&page=2",
    );
  });

  it("leaves out the fixed category and tag that the path already carries", () => {
    const fixed = { category: "Museums", tag: "Historic" };
    const f = filters({ categories: ["Museums", "Parks"], tags: ["Historic"] });
    expect(filtersToSearchParams(f, fixed).toString()).toBe("category=parks");
  });

  it("round-trips through parseFilters", () => {
    const fixed = { tag: "Kid-Friendly" };
    const f = filters({
      categories: ["Zoos & Aquariums"],
      tags: ["Kid-Friendly", "Food Trucks"],
      minRating: 0.5,
      q: "café",
      page: 4,
    });
    expect(parseFilters(filtersToSearchParams(f, fixed), fixed, TAXONOMY)).toEqual(f);
  });
});

describe("changes", () => {
  it("withChange resets the page to 1", () => {
    const f = filters({ page: 5 });
    expect(withChange(f, { cost: "Free" })).toEqual({ ...f, cost: "Free", page: 1 });
    expect(withChange(f, { q: "zoo" }).page).toBe(1);
  });

  it("goToPage changes only the page, never below 1", () => {
    const f = filters({ cost: "Free" });
    expect(goToPage(f, 3)).toEqual({ ...f, page: 3 });
    expect(goToPage(f, 0).page).toBe(1);
    expect(goToPage(f, Number.NaN).page).toBe(1);
  });
});

describe("toggleCategory", () => {
  it("selecting 'All' clears the other categories", () => {
    expect(toggleCategory(filters({ categories: ["Parks", "Tours"] }), "All").categories).toEqual([]);
  });

  it("adds and removes categories (multi-select)", () => {
    const one = toggleCategory(DEFAULT_FILTERS, "Parks");
    expect(one.categories).toEqual(["Parks"]);
    const two = toggleCategory(one, "Tours");
    expect(two.categories).toEqual(["Parks", "Tours"]);
    expect(toggleCategory(two, "Parks").categories).toEqual(["Tours"]);
  });

  it("deselecting the last category returns to All", () => {
    expect(toggleCategory(filters({ categories: ["Parks"] }), "Parks").categories).toEqual([]);
  });

  it("resets the page", () => {
    expect(toggleCategory(filters({ page: 3 }), "Parks").page).toBe(1);
  });

  it("keeps a category page's own category", () => {
    const fixed = { category: "Museums" };
    const f = filters({ categories: ["Museums", "Parks"] });
    expect(toggleCategory(f, "Museums", fixed).categories).toEqual(["Museums", "Parks"]);
    expect(toggleCategory(f, "All", fixed).categories).toEqual(["Museums"]);
  });
});

describe("withFixedFilters", () => {
  it("adds a category page's category and a tag page's tag, whatever the query string chose", () => {
    const f = withFixedFilters(filters({ categories: ["Parks"], tags: ["Outdoor"] }), {
      category: "Museums",
      tag: "Indoor",
    });
    expect(f.categories).toEqual(["Museums", "Parks"]);
    expect(f.tags).toEqual(["Indoor", "Outdoor"]);
  });

  it("adds nothing twice, and nothing for the 'All' category", () => {
    expect(withFixedFilters(filters({ categories: ["Museums"] }), { category: "Museums" }).categories).toEqual([
      "Museums",
    ]);
    expect(withFixedFilters(filters({ categories: ["Parks"] }), { category: "All" }).categories).toEqual(["Parks"]);
  });
});

describe("isOnlyFixed", () => {
  it("is true when nothing is chosen beyond the page's own category or tag, on any page", () => {
    expect(isOnlyFixed(DEFAULT_FILTERS, {})).toBe(true);
    expect(isOnlyFixed(filters({ categories: ["Museums"], page: 4 }), { category: "Museums" })).toBe(true);
    expect(isOnlyFixed(filters({ tags: ["Indoor"] }), { tag: "Indoor" })).toBe(true);
  });

  it("is false as soon as a visitor chooses something", () => {
    expect(isOnlyFixed(filters({ categories: ["Museums", "Parks"] }), { category: "Museums" })).toBe(false);
    expect(isOnlyFixed(filters({ cost: "Free" }), {})).toBe(false);
    expect(isOnlyFixed(filters({ q: "zoo" }), { tag: "Indoor" })).toBe(false);
  });
});

describe("toggleTag", () => {
  it("adds and removes tags and resets the page", () => {
    const f = toggleTag(filters({ page: 2 }), "Music");
    expect(f).toMatchObject({ tags: ["Music"], page: 1 });
    expect(toggleTag(f, "Music").tags).toEqual([]);
  });

  it("cannot remove a tag page's own tag", () => {
    const f = filters({ tags: ["Romantic"], page: 2 });
    expect(toggleTag(f, "Romantic", { tag: "Romantic" })).toBe(f);
  });
});

describe("clearFilters", () => {
  const busy = filters({
    categories: ["Parks"],
    tags: ["Music", "Weird"],
    tagMode: "and",
    touristyLevel: "Not Touristy",
    cost: "High",
    duration: "3-4 hours",
    minRating: 4.5,
    sort: "name-desc",
    q: "lake",
    page: 4,
  });

  it("resets level, cost, duration, rating and sort, keeping categories and search", () => {
    expect(clearFilters(busy)).toEqual(filters({ categories: ["Parks"], q: "lake" }));
  });

  it("restores the tag page's own tag", () => {
    expect(clearFilters(busy, { tag: "Historic" }).tags).toEqual(["Historic"]);
    expect(clearFilters(filters({ tags: [] }), { tag: "Historic" }).tags).toEqual(["Historic"]);
  });
});

describe("activityMatchesFilters", () => {
  const bar: FilterableActivity = {
    title: "Robert’s Western World",
    excerpt: "Honky-tonk with live country music on Lower Broadway.",
    category: "Bars & Restaurants",
    tags: ["Music", "Adult", "Indoors"],
    touristyLevel: "Very Touristy",
    cost: "Low",
    duration: "1-2 hours",
    googleRating: "4.7",
  };
  const matches = (change: Partial<Filters>, a: FilterableActivity = bar) => activityMatchesFilters(a, filters(change));

  it("matches everything with the default filters", () => {
    expect(matches({})).toBe(true);
  });

  it("matches the category unless All, any of several", () => {
    expect(matches({ categories: ["Bars & Restaurants"] })).toBe(true);
    expect(matches({ categories: ["Parks", "Bars & Restaurants"] })).toBe(true);
    expect(matches({ categories: ["Parks"] })).toBe(false);
    expect(matches({ categories: ["bars & restaurants"] })).toBe(false);
  });

  it("searches title, excerpt, category and tags, case-insensitive", () => {
    expect(matches({ q: "WESTERN" })).toBe(true);
    expect(matches({ q: "honky-tonk" })).toBe(true);
    expect(matches({ q: "restaurants" })).toBe(true);
    expect(matches({ q: "adult" })).toBe(true);
    expect(matches({ q: "  broadway " })).toBe(true);
    expect(matches({ q: "museum" })).toBe(false);
    expect(matches({ q: "x" }, { ...bar, excerpt: null })).toBe(false);
  });

  it("matches tags by case-insensitive substring", () => {
    expect(matches({ tags: ["music"] })).toBe(true);
    expect(matches({ tags: ["Indoor"] })).toBe(true); // the guide page's singular
    expect(matches({ tags: ["Outdoor"] })).toBe(false);
  });

  it("needs any selected tag in OR mode and every one in AND mode", () => {
    expect(matches({ tags: ["Romantic", "Music"], tagMode: "or" })).toBe(true);
    expect(matches({ tags: ["Romantic", "Music"], tagMode: "and" })).toBe(false);
    expect(matches({ tags: ["Adult", "Music"], tagMode: "and" })).toBe(true);
    expect(matches({ tags: ["Music"] }, { ...bar, tags: [] })).toBe(false);
  });

  it("matches touristy level, cost and duration exactly", () => {
    expect(matches({ touristyLevel: "Very Touristy", cost: "Low", duration: "1-2 hours" })).toBe(true);
    expect(matches({ touristyLevel: "Somewhat Touristy" })).toBe(false);
    expect(matches({ cost: "low" })).toBe(false);
    expect(matches({ duration: "3-4 hours" })).toBe(false);
    expect(matches({ cost: "Free" }, { ...bar, cost: "Not available" })).toBe(false);
  });

  it("keeps ratings at or above the minimum, a missing rating counting as 0", () => {
    expect(matches({ minRating: 4.7 })).toBe(true);
    expect(matches({ minRating: 4.8 })).toBe(false);
    expect(matches({ minRating: 4.5 }, { ...bar, googleRating: 4.5 })).toBe(true);
    expect(matches({ minRating: 0.5 }, { ...bar, googleRating: null })).toBe(false);
    expect(matches({ minRating: 0 }, { ...bar, googleRating: null })).toBe(true);
    expect(matches({ minRating: 0.5 }, { ...bar, googleRating: "n/a" })).toBe(false);
  });
});

describe("collapseMulti", () => {
  it("keeps a single choice and collapses none or several to All", () => {
    expect(collapseMulti(["Free"])).toBe("Free");
    expect(collapseMulti([])).toBeNull();
    expect(collapseMulti(["Free", "Low"])).toBeNull();
  });
});
