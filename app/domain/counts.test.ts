import { describe, expect, it } from "vitest";
import { countLabel, grouped, pluralize, seoCountBucket, titleCountWording } from "./counts";

describe("countLabel", () => {
  it("is exact up to 25", () => {
    expect(countLabel(0)).toBe("0");
    expect(countLabel(1)).toBe("1");
    expect(countLabel(25)).toBe("25");
  });

  it("is '25+' from 26 to 49", () => {
    expect(countLabel(26)).toBe("25+");
    expect(countLabel(49)).toBe("25+");
  });

  it("is '50+' from 50 to 99 and '100+' from 100", () => {
    expect(countLabel(50)).toBe("50+");
    expect(countLabel(99)).toBe("50+");
    expect(countLabel(100)).toBe("100+");
    expect(countLabel(5000)).toBe("100+");
  });
});

describe("seoCountBucket", () => {
  it("keeps small counts", () => {
    expect(seoCountBucket(0)).toBe(0);
    expect(seoCountBucket(15)).toBe(15);
    expect(seoCountBucket(25)).toBe(25);
  });

  it("buckets 26–50 to 25, 51–100 to 50, above 100 to 100", () => {
    expect(seoCountBucket(26)).toBe(25);
    expect(seoCountBucket(50)).toBe(25);
    expect(seoCountBucket(51)).toBe(50);
    expect(seoCountBucket(100)).toBe(50);
    expect(seoCountBucket(101)).toBe(100);
    expect(seoCountBucket(9999)).toBe(100);
  });
});

describe("titleCountWording", () => {
  it("gives the admin preview's examples (15 and 25+)", () => {
    expect(titleCountWording(15)).toBe("15");
    expect(titleCountWording(30)).toBe("25+");
  });

  it('uses strict "over" boundaries, unlike countLabel', () => {
    expect(titleCountWording(25)).toBe("25");
    expect(titleCountWording(50)).toBe("25+");
    expect(titleCountWording(51)).toBe("50+");
    expect(titleCountWording(100)).toBe("50+");
    expect(titleCountWording(101)).toBe("100+");
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
