import { describe, expect, it } from "vitest";
import {
  CITY_PAGE_CACHE,
  isSharedCacheable,
  NOT_FOUND_CACHE,
  PERSONAL_PAGE_CACHE,
  PHOTO_CACHE,
  PRIVATE_NO_STORE,
  PUBLIC_PAGE_CACHE,
  ROBOTS_TXT_CACHE,
  SITEMAP_CACHE,
  homePageCache,
} from "./cache";

describe("isSharedCacheable", () => {
  it("takes what the app marks public", () => {
    for (const value of [
      PUBLIC_PAGE_CACHE,
      CITY_PAGE_CACHE,
      NOT_FOUND_CACHE,
      ROBOTS_TXT_CACHE,
      SITEMAP_CACHE,
      PHOTO_CACHE,
    ]) {
      expect(isSharedCacheable(value), value).toBe(true);
    }
    expect(isSharedCacheable("s-maxage=60")).toBe(true);
    expect(isSharedCacheable("PUBLIC, MAX-AGE=60")).toBe(true);
  });

  it("refuses private, no-store, no-cache, and answers that say nothing", () => {
    for (const value of [PRIVATE_NO_STORE, PERSONAL_PAGE_CACHE, "public, no-store", "no-cache, s-maxage=60"]) {
      expect(isSharedCacheable(value), value).toBe(false);
    }
    expect(isSharedCacheable("max-age=60")).toBe(false);
    expect(isSharedCacheable("")).toBe(false);
    expect(isSharedCacheable(null)).toBe(false);
  });
});

describe("homePageCache", () => {
  it("keeps a home page that follows the remembered location out of shared caches, and shares any other", () => {
    expect(homePageCache(true)).toMatch(/^private\b/);
    expect(homePageCache(false)).toMatch(/^public\b/);
    expect(homePageCache(false)).toContain("s-maxage=300");
    // Browsers ask again: a location the visitor sets since shows on the next visit.
    expect(homePageCache(false)).toContain("max-age=0,");
  });
});
