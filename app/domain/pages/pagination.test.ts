import { describe, expect, it } from "vitest";
import { clampPage, pageCount, pageLinks, pageOffset, pageWindow, showingText } from "./pagination";

describe("pageCount", () => {
  it("uses 48 per page by default", () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(1)).toBe(1);
    expect(pageCount(48)).toBe(1);
    expect(pageCount(49)).toBe(2);
    expect(pageCount(120)).toBe(3);
    expect(pageCount(25, 10)).toBe(3);
  });
});

describe("clampPage", () => {
  it("keeps a page within 1 and the last page", () => {
    expect(clampPage(2, 120)).toBe(2);
    expect(clampPage(9, 120)).toBe(3);
    expect(clampPage(0, 120)).toBe(1);
    expect(clampPage(-3, 120)).toBe(1);
  });

  it("gives 1 for an empty list or junk input and floors fractions", () => {
    expect(clampPage(4, 0)).toBe(1);
    expect(clampPage(Number.NaN, 120)).toBe(1);
    expect(clampPage(2.7, 120)).toBe(2);
    expect(clampPage(5, 25, 10)).toBe(3);
  });
});

describe("pageWindow", () => {
  it("centres on the current page when possible", () => {
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it("sticks to the edges", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it("shows every page when there are 5 or fewer, and none for no pages", () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it("clamps an out-of-range current page and accepts another size", () => {
    expect(pageWindow(50, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(-1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
  });
});

describe("showingText / pageOffset", () => {
  it("shows the range of the current page", () => {
    expect(showingText(1, 48, 120)).toBe("Showing 1 to 48 of 120 activities");
    expect(showingText(2, 48, 120)).toBe("Showing 49 to 96 of 120 activities");
    expect(showingText(3, 48, 120)).toBe("Showing 97 to 120 of 120 activities");
  });

  it("handles an empty list and an out-of-range page", () => {
    expect(showingText(1, 48, 0)).toBe("Showing 0 to 0 of 0 activities");
    expect(showingText(7, 48, 120)).toBe("Showing 97 to 120 of 120 activities");
  });

  it("gives the row offset of a page", () => {
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(3)).toBe(96);
    expect(pageOffset(2, 20)).toBe(20);
    expect(pageOffset(0)).toBe(0);
  });
});

describe("pageLinks (RFC 8288)", () => {
  const links = (offset: number, limit: number, total: number, params: Record<string, string | undefined> = {}) =>
    pageLinks("/api/activities", params, { offset, limit, total });

  it("names first, next and last on the first page, and keeps the other parameters", () => {
    expect(links(0, 100, 250, { cityId: "nashville" })).toBe(
      '</api/activities?cityId=nashville&limit=100&offset=0>; rel="first", ' +
        '</api/activities?cityId=nashville&limit=100&offset=100>; rel="next", ' +
        '</api/activities?cityId=nashville&limit=100&offset=200>; rel="last"',
    );
  });

  it("names prev in the middle and leaves next out on the last page", () => {
    expect(links(100, 100, 250)).toContain('</api/activities?limit=100&offset=0>; rel="prev"');
    expect(links(100, 100, 250)).toContain('</api/activities?limit=100&offset=200>; rel="next"');
    const last = links(200, 100, 250);
    expect(last).not.toContain('rel="next"');
    expect(last).toContain('</api/activities?limit=100&offset=100>; rel="prev"');
  });

  it("pages from an offset that is not a multiple of the limit, past the end and over an empty list", () => {
    expect(links(30, 100, 250)).toContain('</api/activities?limit=100&offset=0>; rel="prev"');
    expect(links(900, 100, 250)).toContain('</api/activities?limit=100&offset=200>; rel="prev"');
    expect(links(900, 100, 250)).not.toContain('rel="next"');
    expect(links(0, 100, 0)).toBe(
      '</api/activities?limit=100&offset=0>; rel="first", </api/activities?limit=100&offset=0>; rel="last"',
    );
  });
});
