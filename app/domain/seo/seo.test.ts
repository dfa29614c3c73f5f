import { describe, expect, it } from "vitest";
import { titleCountWording } from "../counts";
import {
  COUNT_FREE_SEO_TEMPLATES,
  countAwareTemplate,
  cutDescription,
  DEFAULT_PAGE_DESCRIPTION,
  DEFAULT_PAGE_TITLE,
  DEFAULT_SEO_TEMPLATES,
  pageTitle,
  renderTemplate,
} from "./seo";
import { SEO_CATEGORY_PREFIXES, SEO_TAG_PREFIXES } from "../taxonomy/taxonomy";

describe("renderTemplate", () => {
  it("replaces every occurrence of each variable", () => {
    expect(renderTemplate("{city}: {count} things in {city}", { city: "Las Vegas", count: "25+" })).toBe(
      "Las Vegas: 25+ things in Las Vegas",
    );
  });

  it("supports all seven variables and numbers", () => {
    const out = renderTemplate("{city}|{category}|{tag}|{count}|{activityCount}|{activity}|{excerpt}", {
      city: "Nashville",
      category: "Museums",
      tag: "Historic",
      count: 15,
      activityCount: 120,
      activity: "The Parthenon",
      excerpt: "A full-scale replica.",
    });
    expect(out).toBe("Nashville|Museums|Historic|15|120|The Parthenon|A full-scale replica.");
  });

  it("leaves unknown and unsupplied placeholders as written", () => {
    expect(renderTemplate("{city} {state} {tag} {constructor}", { city: "Austin" })).toBe(
      "Austin {state} {tag} {constructor}",
    );
  });

  it("does not re-expand placeholders inside values", () => {
    expect(renderTemplate("{activity} in {city}", { activity: "{city} Tour", city: "Reno" })).toBe(
      "{city} Tour in Reno",
    );
  });

  it("keeps 0 and empty strings as values", () => {
    expect(renderTemplate("[{count}][{excerpt}]", { count: 0, excerpt: "" })).toBe("[0][]");
  });
});

describe("cutDescription", () => {
  it("keeps text of 160 characters or fewer", () => {
    const exact = "a".repeat(160);
    expect(cutDescription(exact)).toBe(exact);
    expect(cutDescription("")).toBe("");
  });

  it("cuts longer text to 157 characters plus three dots, 160 in total", () => {
    const long = "b".repeat(157) + "cdefgh";
    const cut = cutDescription(long);
    expect(cut).toBe("b".repeat(157) + "...");
    expect(cut).toHaveLength(160);
    expect(cutDescription("x".repeat(161))).toHaveLength(160);
  });

  it("accepts another maximum", () => {
    expect(cutDescription("abcdefghij", 8)).toBe("abcde...");
  });

  it("does not split an emoji", () => {
    const text = "a".repeat(156) + "🎸" + "tail";
    expect(cutDescription(text)).toBe("a".repeat(156) + "...");
  });
});

describe("page titles", () => {
  it("adds the ' | {brand}' suffix", () => {
    expect(pageTitle("Explore Cities", "Explore")).toBe("Explore Cities | Explore");
  });

  it("has the spec defaults for failed meta", () => {
    expect(DEFAULT_PAGE_TITLE).toBe("Find Things To Do");
    expect(DEFAULT_PAGE_DESCRIPTION).toMatch(/discover/i);
    expect(DEFAULT_PAGE_DESCRIPTION).toMatch(/cities across America/);
    expect(DEFAULT_PAGE_DESCRIPTION.length).toBeLessThanOrEqual(160);
  });
});

describe("DEFAULT_SEO_TEMPLATES", () => {
  const prefixes = [...Object.values(SEO_CATEGORY_PREFIXES), ...Object.values(SEO_TAG_PREFIXES)];

  it("has the 18 prefixes of the admin spec", () => {
    expect(Object.values(SEO_CATEGORY_PREFIXES)).toEqual([
      "barsRestaurants",
      "museums",
      "entertainment",
      "events",
      "funGames",
      "parks",
      "pointsOfInterest",
      "shopping",
      "tours",
    ]);
    expect(Object.values(SEO_TAG_PREFIXES)).toEqual([
      "kidFriendly",
      "romantic",
      "adult",
      "architecture",
      "music",
      "historic",
      "weird",
      "indoors",
      "outdoor",
    ]);
    expect(SEO_CATEGORY_PREFIXES["Bars & Restaurants"]).toBe("barsRestaurants");
    expect(SEO_TAG_PREFIXES.Outdoors).toBe("outdoor");
  });

  it("has exactly the general fields plus four per prefix, none empty", () => {
    const general = [
      "cityTitleTemplate",
      "cityDescriptionTemplate",
      "activityTitleTemplate",
      "activityDescriptionTemplate",
      "tagTitleTemplate",
      "tagDescriptionTemplate",
      "defaultMapPinUrl",
      "defaultSocialImage",
    ];
    const perPrefix = prefixes.flatMap((p) => [
      `${p}TitleTemplate`,
      `${p}DescriptionTemplate`,
      `${p}PageTitle`,
      `${p}PageDescription`,
    ]);
    expect(Object.keys(DEFAULT_SEO_TEMPLATES).sort()).toEqual([...general, ...perPrefix].sort());
    for (const value of Object.values(DEFAULT_SEO_TEMPLATES)) expect(value.trim()).not.toBe("");
  });

  it("uses {city} in every page template", () => {
    for (const [key, value] of Object.entries(DEFAULT_SEO_TEMPLATES)) {
      if (key.startsWith("default")) continue;
      expect(value, key).toContain("{city}");
    }
  });

  it("has the default pin and social image", () => {
    expect(DEFAULT_SEO_TEMPLATES.defaultMapPinUrl).toBe("/icons/pins/default.svg");
    expect(DEFAULT_SEO_TEMPLATES.defaultSocialImage).toBe("/images/social-default.png");
  });

  it("renders the admin preview sample without leftover placeholders", () => {
    const vars = { city: "Las Vegas", count: titleCountWording(30) };
    expect(renderTemplate(DEFAULT_SEO_TEMPLATES.cityTitleTemplate, vars)).toBe("25+ Best Things to Do in Las Vegas");
    expect(renderTemplate(DEFAULT_SEO_TEMPLATES.musicPageTitle, vars)).toBe("Live Music in Las Vegas");
    expect(renderTemplate(DEFAULT_SEO_TEMPLATES.barsRestaurantsTitleTemplate, vars)).toBe(
      "Bars & Restaurants in Las Vegas",
    );
    for (const p of prefixes) {
      expect(renderTemplate(DEFAULT_SEO_TEMPLATES[`${p}DescriptionTemplate`], vars)).not.toMatch(/[{}]/);
    }
  });
});

describe("count-free wording (a page with no activities)", () => {
  it("has a count-free version of every default template that counts, itself without a count", () => {
    const counting = Object.entries(DEFAULT_SEO_TEMPLATES)
      .filter(([, value]) => /\{(count|activityCount)\}/.test(value))
      .map(([key]) => key);
    expect(counting.length).toBeGreaterThan(0);
    expect(Object.keys(COUNT_FREE_SEO_TEMPLATES).sort()).toEqual(counting.sort());
    for (const [key, value] of Object.entries(COUNT_FREE_SEO_TEMPLATES)) {
      expect(value, key).not.toMatch(/\{(count|activityCount)\}/);
      expect(value, key).toContain("{city}");
    }
    expect(COUNT_FREE_SEO_TEMPLATES.cityTitleTemplate).toBe("Things to Do in {city}");
    expect(COUNT_FREE_SEO_TEMPLATES.museumsDescriptionTemplate).toBe(
      "Discover the best museums in {city}, with ratings, costs and a map.",
    );
  });

  it("takes the count-free wording only when there are no activities and the template counts them", () => {
    const free = "Things to Do in {city}";
    expect(countAwareTemplate("{count} Best Things to Do in {city}", free, 0)).toBe(free);
    expect(countAwareTemplate("All {activityCount} places in {city}", free, 0)).toBe(free);
    expect(countAwareTemplate("{count} Best Things to Do in {city}", free, 1)).toBe(
      "{count} Best Things to Do in {city}",
    );
    expect(countAwareTemplate("Visit {city}", free, 0)).toBe("Visit {city}");
    expect(countAwareTemplate("{count} in {city}", undefined, 0)).toBe("{count} in {city}");
  });
});
