import { describe, expect, it } from "vitest";
import { categorySlug, tagFromSlug, tagSlug } from "./slug";
import {
  BUILT_IN_CATEGORIES,
  BUILT_IN_TAGS,
  CATEGORY_NAMES,
  FALLBACK_CATEGORY,
  SEO_CATEGORY_PREFIXES,
  SEO_SUBJECTS,
  SEO_TAG_PREFIXES,
  TAG_NAMES,
  TAG_SLUGS,
} from "./taxonomy";

describe("the taxonomy table", () => {
  it("writes each category's slug as the slug rule makes it", () => {
    for (const c of BUILT_IN_CATEGORIES) expect(c.slug, c.name).toBe(categorySlug(c.name));
  });

  it("orders the categories for display without gaps or repeats, the fallback last", () => {
    expect(BUILT_IN_CATEGORIES.map((c) => c.sortOrder)).toEqual(BUILT_IN_CATEGORIES.map((_, i) => i + 1));
    expect(CATEGORY_NAMES.at(-1)).toBe(FALLBACK_CATEGORY);
    expect(new Set(CATEGORY_NAMES).size).toBe(CATEGORY_NAMES.length);
  });

  it("gives every tag page a slug that leads back to the tag", () => {
    for (const name of TAG_NAMES) expect(tagFromSlug(tagSlug(name)!), name).toBe(name);
    expect(Object.keys(TAG_SLUGS)).toHaveLength(BUILT_IN_TAGS.length);
  });

  it("gives each SEO prefix one subject, with no prefix used twice", () => {
    const prefixes = [...Object.values(SEO_CATEGORY_PREFIXES), ...Object.values(SEO_TAG_PREFIXES)];
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(Object.keys(SEO_SUBJECTS).sort()).toEqual([...prefixes].sort());
    for (const category of Object.keys(SEO_CATEGORY_PREFIXES)) expect(CATEGORY_NAMES).toContain(category);
  });
});
