import { describe, expect, it } from "vitest";
import {
  COUNTRIES,
  countryCode,
  countryOptions,
  DEFAULT_COUNTRY,
  FEATURED_COUNTRIES,
  isCountry,
  STATES_BY_COUNTRY,
  statesOf,
} from "./countries";

describe("countries", () => {
  it("offers about 195 distinct countries, the United States by default", () => {
    const names = COUNTRIES.map((c) => c.name);
    expect(names.length).toBeGreaterThanOrEqual(190);
    expect(names.length).toBeLessThanOrEqual(200);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(names.length);
    expect(isCountry(DEFAULT_COUNTRY)).toBe(true);
    expect(countryCode("United Kingdom")).toBe("GB");
    expect(isCountry("Atlantis")).toBe(false);
  });

  it("features 10 countries first, then the rest without repeats", () => {
    expect(FEATURED_COUNTRIES).toHaveLength(10);
    expect(FEATURED_COUNTRIES[0]).toBe("United States");
    for (const name of FEATURED_COUNTRIES) expect(isCountry(name), name).toBe(true);
    const { featured, others } = countryOptions();
    expect(featured).toEqual([...FEATURED_COUNTRIES]);
    expect(featured.length + others.length).toBe(COUNTRIES.length);
    expect(others.some((n) => featured.includes(n))).toBe(false);
    expect([...others].sort((a, b) => a.localeCompare(b))).toEqual(others);
  });

  it("keeps a stored country that is on neither list, last, and adds nothing for a known or empty one", () => {
    expect(countryOptions("Atlantis").others.at(-1)).toBe("Atlantis");
    expect(countryOptions("Czech Republic").others).toEqual(countryOptions().others);
    expect(countryOptions("").others).toEqual(countryOptions().others);
  });

  it("has state lists for 9 countries; the US list includes District of Columbia", () => {
    expect(Object.keys(STATES_BY_COUNTRY)).toHaveLength(9);
    for (const country of Object.keys(STATES_BY_COUNTRY)) expect(isCountry(country), country).toBe(true);
    const us = statesOf("United States")!;
    expect(us).toContain("District of Columbia");
    expect(us).toContain("Tennessee");
    expect(us).toHaveLength(51);
    expect(statesOf("Canada")).toContain("Quebec");
    expect(statesOf("France")).toBeUndefined();
    expect(statesOf("toString")).toBeUndefined();
  });

  it("covers the regions of the directory's own cities", () => {
    expect(statesOf("Czech Republic")).toContain("Central Bohemian Region");
    expect(statesOf("United Arab Emirates")).toContain("Dubai");
  });
});
