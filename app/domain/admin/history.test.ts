import { describe, expect, it } from "vitest";
import {
  changedSince,
  columnLabel,
  diffColumns,
  entryTime,
  historyPath,
  pageBehind,
  parseRecentChangesQuery,
  recentChangesPath,
  isRevertible,
  purgeBefore,
  readableDiff,
  revertValues,
  shownValue,
} from "./history";

describe("diffColumns", () => {
  it("lists only the columns whose value changed, with the old and the new value", () => {
    const before = { title: "Zoo", phoneNumber: "123", tags: ["Kids"], googleRating: 4.5 };
    const after = { title: "Nashville Zoo", phoneNumber: "123", tags: ["Kids", "Outdoor"], googleRating: 4.5 };
    expect(diffColumns(before, after)).toEqual({
      title: ["Zoo", "Nashville Zoo"],
      tags: [["Kids"], ["Kids", "Outdoor"]],
    });
  });

  it("leaves out the bookkeeping columns that move on every write", () => {
    const before = { title: "A", updatedAt: new Date(1), createdAt: new Date(1), version: 1, updatedBy: "a@x" };
    const after = { title: "A", updatedAt: new Date(2), createdAt: new Date(1), version: 2, updatedBy: "b@x" };
    expect(diffColumns(before, after)).toEqual({});
  });

  it("records a new row's set values as changes from nothing, and a deleted row's as changes to nothing", () => {
    expect(diffColumns(null, { title: "A", address: null })).toEqual({ title: [null, "A"] });
    expect(diffColumns({ title: "A", address: null }, null)).toEqual({ title: ["A", null] });
  });

  it("compares only the given columns, dates as ISO text and undefined as null", () => {
    const at = new Date("2026-11-28T10:00:00.000Z");
    expect(diffColumns({ a: 1, b: at, c: undefined }, { a: 2, b: at, c: null }, ["b", "c"])).toEqual({});
    expect(diffColumns({ b: at }, { b: new Date("2026-11-29T10:00:00.000Z") })).toEqual({
      b: ["2026-11-28T10:00:00.000Z", "2026-11-29T10:00:00.000Z"],
    });
  });

  it("sees a change between nothing and an empty text", () => {
    expect(diffColumns({ website: null }, { website: "" })).toEqual({ website: [null, ""] });
  });
});

describe("undo", () => {
  const changes = { title: ["Zoo", "Nashville Zoo"], cost: ["Free", "$"] } as const;

  it("reverts to each column's old value", () => {
    expect(revertValues({ ...changes } as never)).toEqual({ title: "Zoo", cost: "Free" });
  });

  it("names the columns changed again since the entry", () => {
    expect(changedSince({ ...changes } as never, { title: "Nashville Zoo", cost: "$" })).toEqual([]);
    expect(changedSince({ ...changes } as never, { title: "The Zoo", cost: "$" })).toEqual(["title"]);
  });

  it("undoes edits only, and only those that changed something", () => {
    expect(isRevertible("update", { title: ["a", "b"] })).toBe(true);
    expect(isRevertible("revert", { title: ["b", "a"] })).toBe(true);
    expect(isRevertible("update", {})).toBe(false);
    expect(isRevertible("create", { title: [null, "a"] })).toBe(false);
    expect(isRevertible("delete", { title: ["a", null] })).toBe(false);
  });
});

describe("readable diff", () => {
  it("names columns as the pages do", () => {
    expect(columnLabel("phoneNumber")).toBe("Phone number");
    expect(columnLabel("googleMapsUrl")).toBe("Google maps URL");
    expect(columnLabel("cityId")).toBe("City ID");
    expect(columnLabel("title")).toBe("Title");
  });

  it("shows nothing, lists and long text readably", () => {
    expect(shownValue(null)).toBe("(empty)");
    expect(shownValue("")).toBe("(empty)");
    expect(shownValue([])).toBe("(none)");
    expect(shownValue(["Kids", "Outdoor"])).toBe("Kids, Outdoor");
    expect(shownValue(4.5)).toBe("4.5");
    expect(shownValue("x".repeat(400))).toHaveLength(300);
    expect(readableDiff({ phoneNumber: [null, "615"] })).toEqual([
      { column: "phoneNumber", label: "Phone number", from: "(empty)", to: "615" },
    ]);
  });
});

describe("purgeBefore", () => {
  it("is 30 days before now", () => {
    expect(purgeBefore(new Date("2026-12-31T00:00:00Z")).toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });
});

describe("addresses", () => {
  it("builds and reads Recent changes' filters", () => {
    expect(recentChangesPath({})).toBe("/admin/changes");
    expect(recentChangesPath({ actor: "a@x.com", entity: "city", page: 2 })).toBe(
      "/admin/changes?actor=a%40x.com&entity=city&page=2",
    );
    expect(parseRecentChangesQuery(new URLSearchParams("actor=a%40x.com&entity=city&page=2&batch=7"))).toEqual({
      actor: "a@x.com",
      entity: "city",
      batch: 7,
      page: 2,
    });
    expect(parseRecentChangesQuery(new URLSearchParams("entity=users&page=-1&batch=x"))).toEqual({
      actor: undefined,
      entity: undefined,
      batch: undefined,
      page: 1,
    });
    expect(historyPath("city", "new york")).toBe("/admin/history/city/new%20york");
    expect(pageBehind("/admin/changes/restore/12?entity=city")).toBe("/admin/changes?entity=city");
    expect(pageBehind("/admin/history/activity/5/undo/9")).toBe("/admin/history/activity/5");
  });

  it("shows times in UTC", () => {
    expect(entryTime(new Date("2026-11-28T10:05:00Z"))).toBe("Nov 28, 2026, 10:05 AM UTC");
  });
});
