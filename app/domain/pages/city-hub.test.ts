import { describe, expect, it } from "vitest";
import { hubActivityCount } from "./city-hub";

describe("hubActivityCount", () => {
  it("reads '{n}+ Activities' with the count-label buckets", () => {
    expect(hubActivityCount(12)).toBe("12+ Activities");
    expect(hubActivityCount(25)).toBe("25+ Activities");
    expect(hubActivityCount(30)).toBe("25+ Activities");
    expect(hubActivityCount(60)).toBe("50+ Activities");
    expect(hubActivityCount(250)).toBe("100+ Activities");
  });

  it("says 'No Activities Available' rather than '0+ Activities' for a city without any", () => {
    expect(hubActivityCount(0)).toBe("No Activities Available");
    expect(hubActivityCount(1)).toBe("1+ Activities");
  });
});
