import { describe, expect, it } from "vitest";
import { countLabel, grouped, pluralize, seoCountBucket, titleCountWording } from "./counts";

describe("countLabel", () => {
  it.each([
    // Is exact up to 25.
    [0, "0"],
    [1, "1"],
    [25, "25"],
    // Is '25+' from 26 to 49.
    [26, "25+"],
    [49, "25+"],
    // Is '50+' from 50 to 99 and '100+' from 100.
    [50, "50+"],
    [99, "50+"],
    [100, "100+"],
    [5000, "100+"],
  ])("countLabel(%s) is %s", (input, expected) => {
    expect(countLabel(input)).toBe(expected);
  });
});

describe("seoCountBucket", () => {
  it.each([
    // Keeps small counts.
    [0, 0],
    [15, 15],
    [25, 25],
    // Buckets 26–50 to 25, 51–100 to 50, above 100 to 100.
    [26, 25],
    [50, 25],
    [51, 50],
    [100, 50],
    [101, 100],
    [9999, 100],
  ])("seoCountBucket(%s) is %s", (input, expected) => {
    expect(seoCountBucket(input)).toBe(expected);
  });
});

describe("titleCountWording", () => {
  it.each([
    // Gives the admin preview's examples (15 and 25+).
    [15, "15"],
    [30, "25+"],
    // Uses strict "over" boundaries, unlike countLabel.
    [25, "25"],
    [50, "25+"],
    [51, "50+"],
    [100, "50+"],
    [101, "100+"],
  ])("titleCountWording(%s) is %s", (input, expected) => {
    expect(titleCountWording(input)).toBe(expected);
  });
});

describe("pluralize", () => {
  it("takes the singular for exactly one and the plural for everything else, zero included", () => {
    expect(pluralize(1, "activity", "activities")).toBe("activity");
    expect(pluralize(0, "activity", "activities")).toBe("activities");
    expect(pluralize(2, "activity", "activities")).toBe("activities");
  });
});

describe("grouped", () => {
  it("writes whole numbers as toLocaleString('en-US') does", () => {
    for (const n of [0, 7, 999, 1000, 1200, 12345, 999999, 1000000, 123456789, -1, -1234, -999999, 2 ** 53 - 1])
      expect(grouped(n)).toBe(n.toLocaleString("en-US"));
  });

  it("leaves anything else to Intl", () => {
    expect(grouped(1234.5)).toBe("1,234.5");
  });
});
