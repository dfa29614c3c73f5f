import { describe, expect, it } from "vitest";
import { activityMatches, cityMatches, noResultsMessage, SEARCH_LIMITS } from "./search";

const vegas = { name: "Las Vegas", displayName: "Las Vegas, NV", state: "Nevada" };
const parthenon = { title: "The Parthenon", excerpt: "A full-scale replica of the Greek temple in Centennial Park." };

describe("cityMatches", () => {
  it("matches name or displayName, case-insensitive substring", () => {
    expect(cityMatches(vegas, "vegas")).toBe(true);
    expect(cityMatches(vegas, "LAS VE")).toBe(true);
    expect(cityMatches(vegas, ", nv")).toBe(true); // only in displayName
    expect(cityMatches({ ...vegas, displayName: "Sin City" }, "las")).toBe(true); // only in name
    expect(cityMatches(vegas, "reno")).toBe(false);
  });

  it("matches the state only when asked (Explore Cities)", () => {
    expect(cityMatches(vegas, "nevada")).toBe(false);
    expect(cityMatches(vegas, "nevada", { includeState: true })).toBe(true);
    expect(cityMatches({ ...vegas, state: null }, "nevada", { includeState: true })).toBe(false);
  });

  it("trims the query and matches nothing for an empty one", () => {
    expect(cityMatches(vegas, "  vegas  ")).toBe(true);
    expect(cityMatches(vegas, "")).toBe(false);
    expect(cityMatches(vegas, "   ")).toBe(false);
  });

  it("does not fold accents (plain case-insensitive matching)", () => {
    const medellin = { name: "Medellín", displayName: "Medellín, Colombia" };
    expect(cityMatches(medellin, "MEDELLÍN")).toBe(true);
    expect(cityMatches(medellin, "medellin")).toBe(false);
  });
});

describe("activityMatches", () => {
  it("matches title or excerpt", () => {
    expect(activityMatches(parthenon, "parthenon")).toBe(true);
    expect(activityMatches(parthenon, "GREEK temple")).toBe(true);
    expect(activityMatches(parthenon, "zoo")).toBe(false);
    expect(activityMatches({ ...parthenon, excerpt: null }, "greek")).toBe(false);
  });

  it("matches the title only when asked (Explore Cities)", () => {
    expect(activityMatches(parthenon, "greek", { titleOnly: true })).toBe(false);
    expect(activityMatches(parthenon, "the parth", { titleOnly: true })).toBe(true);
  });

  it("treats '&' and punctuation literally and matches nothing for an empty query", () => {
    expect(activityMatches({ title: "Bars & Bites", excerpt: "" }, " & b")).toBe(true);
    expect(activityMatches(parthenon, "")).toBe(false);
  });
});

describe("limits and messages", () => {
  it("has the spec limits", () => {
    expect(SEARCH_LIMITS).toEqual({
      dropdown: { cities: 3, activities: 3 },
      mobileOverlay: 5,
      cityPageDropdown: 5,
      cityPageOverlay: 10,
      exploreActivities: 5,
    });
  });

  it("words the empty result", () => {
    expect(noResultsMessage("zzz")).toBe('No results found for "zzz"');
  });
});
