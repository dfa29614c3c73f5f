import { describe, expect, it } from "vitest";
import { categoryFromSlug, categorySlug, isTagSlug, tagFromSlug, tagSlug, titleSlug } from "./slug";
import { CATEGORY_NAMES, TAG_NAMES, TAG_SLUGS } from "./taxonomy";

describe("titleSlug", () => {
  it.each([
    // Lowercases and turns spaces into hyphens.
    ["Country Music Hall of Fame", "country-music-hall-of-fame"],
    // Turns '&' into 'and'.
    ["Bars & Restaurants", "bars-and-restaurants"],
    // (literal replacement: no spaces are invented around it)
    ["A&W Root Beer", "aandw-root-beer"],
    // Removes other non-alphanumeric characters.
    ["Joe's Bar: Grill! (Downtown) #1", "joes-bar-grill-downtown-1"],
    ["St. Louis_Arch / 2.0", "st-louisarch-20"],
    // Collapses repeated hyphens and whitespace.
    ["Hop-On  --  Hop-Off   Tour", "hop-on-hop-off-tour"],
    ["tab\there\nnewline", "tab-here-newline"],
    // Drops leading and trailing hyphens left by punctuation.
    ['  -- "The Parthenon" !! ', "the-parthenon"],
    ["...Ryman Auditorium...", "ryman-auditorium"],
    // Strips accents to their base letter.
    ["Café Tacuba", "cafe-tacuba"],
    ["Museo de Antioquía – Medellín", "museo-de-antioquia-medellin"],
    ["ÉCOLE Crème Brûlée", "ecole-creme-brulee"],
    // Removes letters that have no ASCII base.
    ["Straße 東京 Tower", "strae-tower"],
    // Gives an empty slug only for an empty title.
    ["", ""],
    ["   ", ""],
    [" - & - ", "and"],
  ])("titleSlug(%s) is %s", (input, expected) => {
    expect(titleSlug(input)).toBe(expected);
  });

  it("gives a title of symbols or emoji only a stable 'activity-{hash}' slug instead of an empty one", () => {
    const bang = titleSlug("!!!");
    expect(bang).toMatch(/^activity-[0-9a-z]+$/);
    expect(titleSlug("!!!")).toBe(bang);
    expect(titleSlug(" !!! ")).toBe(bang);
    expect(titleSlug("🎉")).toMatch(/^activity-[0-9a-z]+$/);
    expect(new Set([bang, titleSlug("🎉"), titleSlug("🎉🎉"), titleSlug("東京"), titleSlug("???")]).size).toBe(5);
  });
});

describe("categorySlug", () => {
  it("gives the slugs named in the spec", () => {
    const slugs = Object.fromEntries(CATEGORY_NAMES.map((name) => [name, categorySlug(name)]));
    expect(slugs).toMatchObject({
      "Bars & Restaurants": "bars-and-restaurants",
      Museums: "museums",
      Entertainment: "entertainment",
      Events: "events",
      "Fun & Games": "fun-and-games",
      Parks: "parks",
      "Points of Interest": "points-of-interest",
      Shopping: "shopping",
      Tours: "tours",
      "Zoos & Aquariums": "zoos-and-aquariums",
    });
  });
});

describe("categoryFromSlug", () => {
  it("finds the category name for its slug", () => {
    expect(categoryFromSlug("bars-and-restaurants", CATEGORY_NAMES)).toBe("Bars & Restaurants");
    expect(categoryFromSlug("points-of-interest", CATEGORY_NAMES)).toBe("Points of Interest");
    expect(categoryFromSlug("Fun-And-Games", CATEGORY_NAMES)).toBe("Fun & Games");
  });

  it("returns undefined for an unknown category", () => {
    expect(categoryFromSlug("spas", CATEGORY_NAMES)).toBeUndefined();
    expect(categoryFromSlug("", CATEGORY_NAMES)).toBeUndefined();
    expect(categoryFromSlug("museums", [])).toBeUndefined();
  });

  it("works with admin-added categories", () => {
    expect(categoryFromSlug("wine-and-spirits", ["Parks", "Wine & Spirits"])).toBe("Wine & Spirits");
  });
});

describe("tag slugs", () => {
  it("gives every built-in tag exactly one slug", () => {
    expect(Object.values(TAG_SLUGS).sort()).toEqual([...TAG_NAMES].sort());
  });

  it("tagFromSlug gives the page name, or the singular on the guide page", () => {
    expect(tagFromSlug("live-music")).toBe("Music");
    expect(tagFromSlug("indoor-things-to-do")).toBe("Indoors");
    expect(tagFromSlug("outdoor-things-to-do", "page")).toBe("Outdoors");
    expect(tagFromSlug("indoor-things-to-do", "guide")).toBe("Indoor");
    expect(tagFromSlug("outdoor-things-to-do", "guide")).toBe("Outdoor");
    expect(tagFromSlug("things-to-do-with-kids", "guide")).toBe("Kid-Friendly");
  });

  it("tagFromSlug returns undefined for an unknown slug", () => {
    expect(tagFromSlug("museums")).toBeUndefined();
    expect(tagFromSlug("toString")).toBeUndefined();
    expect(tagFromSlug("")).toBeUndefined();
  });

  it("tagSlug is the inverse, accepting the guide names", () => {
    for (const [slug, name] of Object.entries(TAG_SLUGS)) expect(tagSlug(name)).toBe(slug);
    expect(tagSlug("Indoor")).toBe("indoor-things-to-do");
    expect(tagSlug("Outdoor")).toBe("outdoor-things-to-do");
    expect(tagSlug("Free Stuff")).toBeUndefined();
    expect(tagSlug("music")).toBeUndefined();
  });

  it("isTagSlug recognises only tag slugs", () => {
    expect(isTagSlug("historic-sites")).toBe(true);
    expect(isTagSlug("things-to-do")).toBe(false);
    expect(isTagSlug("bars-and-restaurants")).toBe(false);
    expect(isTagSlug("constructor")).toBe(false);
  });
});
