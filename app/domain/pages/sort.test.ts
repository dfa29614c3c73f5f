import { describe, expect, it } from "vitest";
import {
  ADMIN_SORT_ORDERS,
  compareForSort,
  parseSortOrder,
  type Sortable,
  SORT_ALIASES,
  SORT_LABELS,
  SORT_ORDERS,
  sortActivities,
} from "./sort";

const act = (
  id: number,
  title: string,
  googleRating: number | null,
  googleReviewCount: number | null = null,
): Sortable => ({
  id,
  title,
  googleRating,
  googleReviewCount,
});
const ids = (list: Sortable[]) => list.map((a) => a.id);

const list = [
  act(1, "zoo", 4.5, 10),
  act(2, "Aquarium", null, 500),
  act(3, "museum", 4.5, 900),
  act(4, "Brewery", 3.0, 50),
  act(5, "aquarium", 4.5, 900),
  act(6, "Álamo", null, null),
];

describe("sort orders", () => {
  it("lists the seven public orders, the aliases and the admin subset", () => {
    expect(SORT_ORDERS).toEqual([
      "best-match",
      "rating-high",
      "rating-low",
      "name-asc",
      "name-desc",
      "newest",
      "oldest",
    ]);
    expect(SORT_ALIASES).toEqual({ "name-az": "name-asc", "name-za": "name-desc" });
    expect(ADMIN_SORT_ORDERS).toEqual(["name-asc", "name-desc", "newest", "oldest"]);
    for (const order of SORT_ORDERS) expect(SORT_LABELS[order]).toBeTruthy();
  });

  it("parses orders and aliases, rejecting anything else", () => {
    expect(parseSortOrder("rating-low")).toBe("rating-low");
    expect(parseSortOrder("name-za")).toBe("name-desc");
    expect(parseSortOrder("NAME-ASC")).toBeUndefined();
    expect(parseSortOrder("toString")).toBeUndefined();
    expect(parseSortOrder("")).toBeUndefined();
    expect(parseSortOrder(null)).toBeUndefined();
  });
});

describe("compareForSort", () => {
  it.each([
    ["best-match", "rating desc (missing last), then review count desc, then id asc", [3, 5, 1, 4, 2, 6]],
    ["rating-high", "rating desc, missing last, ties by id desc", [5, 3, 1, 4, 6, 2]],
    ["rating-low", "rating asc, missing still last, ties by id asc", [4, 1, 3, 5, 2, 6]],
    // Álamo < Aquarium = aquarium (ids 2, 5) < Brewery < museum < zoo
    ["name-asc", "case-insensitive, accented letters beside their base letter, ties by id asc", [6, 2, 5, 4, 3, 1]],
    ["name-desc", "reverse title order, ties still by id asc", [1, 3, 4, 2, 5, 6]],
    ["newest", "higher id first", [6, 5, 4, 3, 2, 1]],
    ["oldest", "lower id first", [1, 2, 3, 4, 5, 6]],
  ] as const)("%s: %s", (sort, _rule, order) => {
    expect(ids(sortActivities(list, sort))).toEqual(order);
  });

  it("treats a 0 rating as rated, not missing", () => {
    expect(ids([act(1, "a", null), act(2, "b", 0)].sort(compareForSort("rating-low")))).toEqual([2, 1]);
  });

  it("does not mutate the input", () => {
    const copy = [...list];
    sortActivities(list, "newest");
    expect(list).toEqual(copy);
  });
});
