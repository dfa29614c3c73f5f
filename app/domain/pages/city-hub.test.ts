import { describe, expect, it } from "vitest";
import { hubActivityCount } from "./city-hub";

describe("hubActivityCount", () => {
  it.each([
    // Reads '{n}+ Activities' with the count-label buckets.
    [12, "12+ Activities"],
    [25, "25+ Activities"],
    [30, "25+ Activities"],
    [60, "50+ Activities"],
    [250, "100+ Activities"],
    // Says 'No Activities Available' rather than '0+ Activities' for a city without any.
    [0, "No Activities Available"],
    [1, "1+ Activities"],
  ])("hubActivityCount(%s) is %s", (input, expected) => {
    expect(hubActivityCount(input)).toBe(expected);
  });
});
