import { describe, expect, it } from "vitest";
import { DEFAULT_REVIEW_PAGE_SIZE, isFiltered, parseReviewList, reviewListUrl, reviewPageButtons } from "./review-list";

const parse = (query: string) => parseReviewList(new URLSearchParams(query));

describe("the review list's state (admin §2, §5 'Other forms', §9)", () => {
  it("defaults to everything on the list, 20 a page, page 1", () => {
    expect(parse("")).toEqual({ q: "", issue: "all", min: 0, max: 10, size: DEFAULT_REVIEW_PAGE_SIZE, page: 1 });
    expect(isFiltered(parse(""))).toBe(false);
  });

  it("reads an empty minimum as 0 and an empty maximum as 10", () => {
    expect(parse("min=&max=")).toMatchObject({ min: 0, max: 10 });
    expect(parse("min=4.5&max=7")).toMatchObject({ min: 4.5, max: 7 });
  });

  it("keeps scores on the 0 to 10 scale and reads a reversed range the right way round", () => {
    expect(parse("min=-3&max=99")).toMatchObject({ min: 0, max: 10 });
    expect(parse("min=8&max=2")).toMatchObject({ min: 2, max: 8 });
  });

  it("falls back to the defaults on junk instead of failing the page", () => {
    expect(parse("issue=nope&size=7&page=-2&min=abc")).toMatchObject({ issue: "all", size: 20, page: 1, min: 0 });
    expect(parse(`q=${"x".repeat(500)}`).q).toBe("");
  });

  it("takes the page sizes 10, 20, 50 and 100 and the six issue types", () => {
    for (const size of [10, 20, 50, 100]) expect(parse(`size=${size}`).size).toBe(size);
    for (const issue of ["all", "website", "phone", "location", "maps_url", "address"]) {
      expect(parse(`issue=${issue}`).issue).toBe(issue);
    }
  });

  it("writes the state back into the tab's URL without the defaults", () => {
    expect(reviewListUrl(parse(""))).toBe("/admin/data-quality");
    const state = parse("q=park&issue=phone&min=2&max=6&size=50&page=3");
    expect(isFiltered(state)).toBe(true);
    expect(parse(new URL(reviewListUrl(state), "http://x").search)).toEqual(state);
  });

  it("numbers the first five pages plus the last one", () => {
    expect(reviewPageButtons(0)).toEqual([]);
    expect(reviewPageButtons(3)).toEqual([1, 2, 3]);
    expect(reviewPageButtons(5)).toEqual([1, 2, 3, 4, 5]);
    expect(reviewPageButtons(12)).toEqual([1, 2, 3, 4, 5, 12]);
  });
});
