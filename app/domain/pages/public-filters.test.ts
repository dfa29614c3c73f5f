import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS, parseFilters } from "./filters";
import { FILTER_CONTROLS, FILTER_ENTRIES, SHEET_LISTS } from "./public-filters";

const TAXONOMY = { categories: ["Parks"], tags: ["Historic"] };

describe("the public filter table", () => {
  it("lists the parameters in the canonical URL's order, each key once", () => {
    const params = FILTER_ENTRIES.map((e) => e.param);
    expect(params).toEqual(["category", "tag", "tagMode", "level", "cost", "duration", "rating", "sort", "q", "page"]);
  });

  it("parses an absent parameter to its default and writes nothing for it", () => {
    expect(parseFilters(new URLSearchParams(), {}, TAXONOMY)).toEqual(DEFAULT_FILTERS);
    for (const entry of FILTER_ENTRIES) {
      const write = entry.write as (value: unknown, fixed: object) => string[];
      expect(write(entry.default, {}), entry.param).toEqual([]);
    }
  });

  it("draws the controls search first, then categories, tags, level, cost, duration, rating and sort", () => {
    expect(FILTER_CONTROLS.map((c) => c.field)).toEqual([
      "q",
      "categories",
      "tags",
      "touristyLevel",
      "cost",
      "duration",
      "minRating",
      "sort",
    ]);
    expect(SHEET_LISTS.map((c) => c.field)).toEqual(["cost", "duration"]);
  });
});
