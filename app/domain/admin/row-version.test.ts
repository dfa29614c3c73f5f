import { describe, expect, it } from "vitest";
import {
  changedFields,
  changeTime,
  ifMatchAllows,
  onlyOtherFieldsChanged,
  postedOpenedValues,
  postedVersion,
  staleFormMessage,
  stalePreconditionMessage,
  versionETag,
  versionOfTag,
} from "./row-version";

const at = new Date("2026-11-28T01:05:09.123Z");

describe("staleFormMessage", () => {
  it("names the entity, the time and who changed it (issue #24's wording)", () => {
    expect(staleFormMessage("activity", { updatedAt: at, updatedBy: "ann@example.com" })).toBe(
      "Someone else changed this activity at Nov 28, 2026, 01:05:09 UTC (ann@example.com). Review their changes below, then save again.",
    );
  });
  it("adapts the entity word and leaves out an unknown writer", () => {
    expect(staleFormMessage("city", { updatedAt: at, updatedBy: "bob@example.com" })).toMatch(
      /^Someone else changed this city at/,
    );
    expect(staleFormMessage("seo", { updatedAt: at, updatedBy: null })).toBe(
      "Someone else changed these SEO settings at Nov 28, 2026, 01:05:09 UTC. Review their changes below, then save again.",
    );
    expect(staleFormMessage("scripts", { updatedAt: at, updatedBy: "x" })).toContain("these scripts");
    expect(staleFormMessage("photoSettings", { updatedAt: at, updatedBy: "x" })).toContain("these photo settings");
  });
  it("the API's message names the current ETag", () => {
    expect(stalePreconditionMessage("tag", { version: 4, updatedAt: at, updatedBy: "a@b.c" })).toContain('W/"v4"');
  });
});

describe("changeTime", () => {
  it("is UTC to the second, from a Date or its JSON", () => {
    expect(changeTime(at)).toBe("Nov 28, 2026, 01:05:09 UTC");
    expect(changeTime(at.toISOString())).toBe("Nov 28, 2026, 01:05:09 UTC");
  });
});

describe("ETags and If-Match", () => {
  it("a version is a weak tag", () => {
    expect(versionETag(3)).toBe('W/"v3"');
    expect(versionOfTag('W/"v3"')).toBe(3);
    expect(versionOfTag('"v3"')).toBe(3);
    expect(versionOfTag('"3"')).toBe(3);
    expect(versionOfTag('"abc"')).toBeNull();
    expect(versionOfTag("v3")).toBeNull();
  });
  it("If-Match matches the version, weak or strong, in a list, or *", () => {
    expect(ifMatchAllows('W/"v3"', 3)).toBe(true);
    expect(ifMatchAllows('"v3"', 3)).toBe(true);
    expect(ifMatchAllows('"v1", W/"v3"', 3)).toBe(true);
    expect(ifMatchAllows("*", 7)).toBe(true);
    expect(ifMatchAllows('W/"v2"', 3)).toBe(false);
    expect(ifMatchAllows("garbage", 3)).toBe(false);
    expect(ifMatchAllows("", 3)).toBe(false);
  });
});

describe("postedVersion", () => {
  it("reads a positive whole number, nothing else", () => {
    expect(postedVersion("12")).toBe(12);
    expect(postedVersion("0")).toBeNull();
    expect(postedVersion("-1")).toBeNull();
    expect(postedVersion("1.5")).toBeNull();
    expect(postedVersion(null)).toBeNull();
    expect(postedVersion("99999999999")).toBeNull();
  });
});

describe("changedFields", () => {
  const fields = ["title", "excerpt", "tags", "cost"];
  const opened = { title: "Ryman", excerpt: "Old", tags: ["Music", "Historic"], cost: "Free" };
  it("lists what the other writer changed, with their value", () => {
    const theirs = { ...opened, excerpt: "Their words", tags: ["Music"] };
    const mine = { ...opened, title: "My title" };
    expect(changedFields(fields, { mine, theirs, opened })).toEqual({ excerpt: "Their words", tags: "Music" });
  });
  it("leaves out a field both changed to the same value, and the admin's own changes", () => {
    const theirs = { ...opened, excerpt: "Same" };
    const mine = { ...opened, excerpt: "Same", title: "Mine" };
    expect(changedFields(fields, { mine, theirs, opened })).toEqual({});
  });
  it("compares tags as a set and trims text", () => {
    const theirs = { ...opened, tags: ["Historic", "Music"], title: "Ryman " };
    expect(changedFields(fields, { mine: opened, theirs, opened })).toEqual({});
  });
  it("without the opening values, lists every field that differs from the admin's, an empty one as (empty)", () => {
    const theirs = { ...opened, cost: "" };
    const mine = { ...opened, title: "Mine" };
    expect(changedFields(fields, { mine, theirs, opened: null })).toEqual({ title: "Ryman", cost: "(empty)" });
  });
});

describe("onlyOtherFieldsChanged", () => {
  const fields = ["title"];
  it("is true when none of the form's fields moved since it was opened", () => {
    expect(
      onlyOtherFieldsChanged(fields, { theirs: { title: "A", googleRating: "4.5" }, opened: { title: "A" } }),
    ).toBe(true);
    expect(onlyOtherFieldsChanged(fields, { theirs: { title: "B" }, opened: { title: "A" } })).toBe(false);
    expect(onlyOtherFieldsChanged(fields, { theirs: { title: "A" }, opened: null })).toBe(false);
  });
});

describe("postedOpenedValues", () => {
  it("reads the JSON object of texts and lists, ignoring anything else", () => {
    expect(postedOpenedValues('{"title":"A","tags":["x"],"n":1}')).toEqual({ title: "A", tags: ["x"] });
    expect(postedOpenedValues("[1]")).toBeNull();
    expect(postedOpenedValues("{bad")).toBeNull();
    expect(postedOpenedValues(undefined)).toBeNull();
  });
});
