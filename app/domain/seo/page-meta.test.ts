import { describe, expect, it } from "vitest";
import { categoryPageMeta, cityPageMeta, guidePageTitle, tagPageMeta, withTemplateDefaults } from "./page-meta";
import { DEFAULT_SEO_TEMPLATES } from "./seo";

const templates = withTemplateDefaults({
  cityTitleTemplate: "{count} Best Things to Do in {city}",
  cityDescriptionTemplate: "All {activityCount} things in {city}.",
  kidFriendlyTitleTemplate: "Kids in {city} ({count})",
  kidFriendlyDescriptionTemplate: "x".repeat(200),
  museumsTitleTemplate: "",
});

describe("withTemplateDefaults", () => {
  it("keeps the admin templates and fills empty ones with the defaults", () => {
    expect(templates.cityTitleTemplate).toBe("{count} Best Things to Do in {city}");
    expect(templates.museumsTitleTemplate).toBe(DEFAULT_SEO_TEMPLATES.museumsTitleTemplate);
    expect(withTemplateDefaults(null)).toEqual(DEFAULT_SEO_TEMPLATES);
  });
});

describe("cityPageMeta", () => {
  it("renders the city templates with the count wording and the exact count", () => {
    expect(cityPageMeta(templates, { displayName: "Nashville, TN" }, 60)).toEqual({
      title: "50+ Best Things to Do in Nashville, TN",
      description: "All 60 things in Nashville, TN.",
    });
  });

  it("never reads '0 Best Things to Do' for a city without activities: the count-free wording instead", () => {
    expect(cityPageMeta(templates, { displayName: "Lyon" }, 0)).toEqual({
      title: "Things to Do in Lyon",
      description:
        "Discover the best things to do in Lyon: restaurants, attractions, tours and local favorites, with ratings and a map.",
    });
    expect(cityPageMeta(DEFAULT_SEO_TEMPLATES, { displayName: "Lyon" }, 0).title).toBe("Things to Do in Lyon");
    const countFree = withTemplateDefaults({ cityTitleTemplate: "Visit {city}" });
    expect(cityPageMeta(countFree, { displayName: "Lyon" }, 0).title).toBe("Visit Lyon");
  });

  it("prefers the city's own meta title and description", () => {
    const meta = cityPageMeta(templates, { displayName: "Austin", metaTitle: "Austin!", metaDescription: "Weird." }, 3);
    expect(meta).toEqual({ title: "Austin!", description: "Weird." });
  });
});

describe("tagPageMeta", () => {
  it("uses the interest's own templates and cuts the description at 160", () => {
    const meta = tagPageMeta(templates, "Kid-Friendly", "Denver", 12);
    expect(meta.title).toBe("Kids in Denver (12)");
    expect(meta.description).toHaveLength(160);
  });

  it("drops the count when the page has no activities", () => {
    expect(tagPageMeta(templates, "Romantic", "Lyon", 0).description).toBe(
      "Discover the best romantic things to do in Lyon, with ratings, costs and a map.",
    );
    expect(tagPageMeta(templates, "Dogs", "Lyon", 0).description).toBe(
      "Discover Dogs things to do in Lyon, with ratings, costs and a map.",
    );
    expect(categoryPageMeta(templates, "Workshops", "Lyon", 0).description).toBe(
      "Discover Workshops in Lyon, with ratings, costs and a map.",
    );
    expect(categoryPageMeta(templates, "Museums", "Lyon", 0).description).not.toMatch(/\b0\b/);
  });

  it("uses the general tag templates for other tags", () => {
    expect(tagPageMeta(templates, "Dogs", "Denver", 30).title).toBe("Dogs Things to Do in Denver");
  });
});

describe("categoryPageMeta", () => {
  it("uses the category templates", () => {
    expect(categoryPageMeta(templates, "Museums", "Boston", 8).title).toBe("Museums in Boston");
    expect(categoryPageMeta(templates, "Bars & Restaurants", "Boston", 8).description).toContain("8");
  });

  it("reads '{category} in {city}' for categories without templates", () => {
    expect(categoryPageMeta(templates, "Workshops", "Boston", 2).title).toBe("Workshops in Boston");
  });
});

it("titles the guide variant", () => {
  expect(guidePageTitle("San Antonio")).toBe("Things to Do in San Antonio - Complete Guide");
});
