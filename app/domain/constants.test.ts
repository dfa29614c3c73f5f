import { describe, expect, it } from "vitest";
import {
  BRAND_COLOR,
  CATEGORY_NAMES,
  CITY_RADIUS_MILES,
  COSTS,
  DEFAULT_CITY_ID,
  DURATIONS,
  EARTH_RADIUS_MILES,
  HOME_FALLBACK_CITY_ID,
  MOBILE_BREAKPOINT,
  NEARBY_RADIUS_MILES,
  NOT_AVAILABLE,
  PAGE_SIZE,
  PHOTO_SOURCES,
  TAG_COLORS,
  TAG_NAMES,
  TOURISTY_LEVELS,
  WIDE_BREAKPOINT,
} from "./constants";

describe("enumerations", () => {
  it("lists the touristy levels, costs and durations in the spec order", () => {
    expect(TOURISTY_LEVELS).toEqual(["Very Touristy", "Somewhat Touristy", "Not Touristy"]);
    expect(COSTS).toEqual(["Free", "Low", "Medium", "High"]);
    expect(DURATIONS).toEqual(["< 1 hour", "1-2 hours", "3-4 hours", "All Day"]);
    expect(NOT_AVAILABLE).toBe("Not available");
  });

  it("lists the 13 public category names with All first", () => {
    expect(CATEGORY_NAMES).toHaveLength(13);
    expect(CATEGORY_NAMES[0]).toBe("All");
    expect(CATEGORY_NAMES).toContain("Zoos & Aquariums");
    expect(CATEGORY_NAMES.at(-1)).toBe("Other");
  });

  it("lists the 9 tags, 8 colours and 3 photo sources", () => {
    expect(TAG_NAMES).toEqual([
      "Kid-Friendly",
      "Romantic",
      "Adult",
      "Architecture",
      "Music",
      "Historic",
      "Weird",
      "Indoors",
      "Outdoors",
    ]);
    expect(TAG_COLORS).toEqual(["purple", "blue", "green", "yellow", "red", "pink", "orange", "gray"]);
    expect(PHOTO_SOURCES).toEqual(["original", "google", "custom"]);
  });
});

describe("limits", () => {
  it("matches the spec numbers", () => {
    expect(PAGE_SIZE).toBe(48);
    expect(DEFAULT_CITY_ID).toBe("nashville");
    expect(HOME_FALLBACK_CITY_ID).toBe("san-antonio");
    expect(CITY_RADIUS_MILES).toBe(60);
    expect(EARTH_RADIUS_MILES).toBe(3959);
    expect(NEARBY_RADIUS_MILES).toBe(25);
    expect(MOBILE_BREAKPOINT).toBe(768);
    expect(WIDE_BREAKPOINT).toBe(1280);
    expect(BRAND_COLOR).toBe("#F9AF24");
  });
});
