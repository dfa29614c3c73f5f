import { describe, expect, it } from "vitest";
import { homePageCache } from "./cache";

describe("homePageCache", () => {
  it("keeps a home page that follows the remembered location out of shared caches, and shares any other", () => {
    expect(homePageCache(true)).toMatch(/^private\b/);
    expect(homePageCache(false)).toMatch(/^public\b/);
    expect(homePageCache(false)).toContain("s-maxage=300");
    // Browsers ask again: a location the visitor sets since shows on the next visit.
    expect(homePageCache(false)).toContain("max-age=0,");
  });
});
