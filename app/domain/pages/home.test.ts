import { describe, expect, it } from "vitest";
import {
  HERO_ROTATE_MS,
  HERO_WORDS,
  HOME_SECTION_THRESHOLD,
  NEAREST_CITY_RATING_THRESHOLD,
  selectHomeSection,
  TOP_DESTINATIONS,
} from "./home";

const a = (id: number, googleRating: number | null) => ({ id, googleRating });
const ids = (list: { id: number }[]) => list.map((x) => x.id);

describe("selectHomeSection", () => {
  it("keeps only activities rated 3.5 or more when at least 4 qualify", () => {
    const list = [a(1, 3.5), a(2, 3.4), a(3, 4.9), a(4, null), a(5, 4.0), a(6, 4.2)];
    expect(ids(selectHomeSection(list))).toEqual([3, 6, 5, 1]);
  });

  it("sorts by rating descending, ties by id descending", () => {
    const list = [a(1, 4.5), a(7, 4.5), a(3, 5), a(4, 4.5), a(2, 3.9)];
    expect(ids(selectHomeSection(list))).toEqual([3, 7, 4, 1, 2]);
  });

  it("fills with unrated activities (id descending) when fewer than 4 qualify, up to 8 in total", () => {
    const list = [
      a(1, 4.0),
      a(2, null),
      a(3, 4.8),
      a(4, 2.0),
      ...[10, 11, 12, 13, 14, 15, 16].map((id) => a(id, null)),
    ];
    expect(ids(selectHomeSection(list))).toEqual([3, 1, 16, 15, 14, 13, 12, 11]);
  });

  it("never fills with rated activities under the threshold", () => {
    expect(ids(selectHomeSection([a(1, 3.4), a(2, 1), a(3, null)]))).toEqual([3]);
  });

  it("shows at most 8", () => {
    const list = Array.from({ length: 20 }, (_, i) => a(i + 1, 4));
    expect(ids(selectHomeSection(list))).toEqual([20, 19, 18, 17, 16, 15, 14, 13]);
    expect(selectHomeSection(list, 3)).toHaveLength(3);
  });

  it("gives an empty section for no activities and does not mutate the input", () => {
    expect(selectHomeSection([])).toEqual([]);
    const list = [a(1, null), a(2, 5)];
    selectHomeSection(list);
    expect(ids(list)).toEqual([1, 2]);
  });
});

describe("home constants", () => {
  it("matches the spec", () => {
    expect(HOME_SECTION_THRESHOLD).toBe(3.5);
    expect(NEAREST_CITY_RATING_THRESHOLD).toBe(4);
    expect(TOP_DESTINATIONS).toBe(10);
    expect(HERO_WORDS).toEqual(["today", "tomorrow", "this weekend", "next week"]);
    expect(HERO_ROTATE_MS).toBe(5000);
  });
});
