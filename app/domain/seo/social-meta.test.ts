import { describe, expect, it } from "vitest";
import { brandOf, isAbsoluteHttpUrl, pageSeoFromMatches, siteSocialMeta, socialMeta } from "./social-meta";

describe("socialMeta", () => {
  it("gives the title with the brand suffix, the description and their og/twitter twins", () => {
    expect(
      socialMeta({ title: "The Parthenon in Nashville", description: "A replica.", brand: "Things To Do" }),
    ).toEqual([
      { title: "The Parthenon in Nashville | Things To Do" },
      { name: "description", content: "A replica." },
      { property: "og:title", content: "The Parthenon in Nashville" },
      { property: "og:description", content: "A replica." },
      { name: "twitter:title", content: "The Parthenon in Nashville" },
      { name: "twitter:description", content: "A replica." },
    ]);
  });
});

describe("siteSocialMeta", () => {
  it("names the canonical URL, the image and a large Twitter card; 1200×630 for the default image", () => {
    const tags = siteSocialMeta({
      url: "https://e.com/a",
      siteName: "Things To Do",
      image: "https://e.com/images/social-default.png",
      imageIsDefault: true,
    });
    expect(tags).toEqual(
      expect.arrayContaining([
        { property: "og:url", content: "https://e.com/a" },
        { property: "og:image", content: "https://e.com/images/social-default.png" },
        { property: "og:image:width", content: "1200" },
        { property: "og:image:height", content: "630" },
        { name: "twitter:card", content: "summary_large_image" },
      ]),
    );
    const photo = siteSocialMeta({
      url: "u",
      siteName: "s",
      image: "https://cdn/p.jpg",
      imageIsDefault: false,
      type: "article",
    });
    expect(photo).toContainEqual({ property: "og:type", content: "article" });
    expect(photo.some((t) => "property" in t && t.property === "og:image:width")).toBe(false);
  });

  it("accepts only absolute http(s) photos as og:image", () => {
    expect(isAbsoluteHttpUrl("https://lh3.googleusercontent.com/p/x")).toBe(true);
    expect(isAbsoluteHttpUrl("/images/default-activity.svg")).toBe(false);
    expect(isAbsoluteHttpUrl("javascript:alert(1)")).toBe(false);
    expect(isAbsoluteHttpUrl(null)).toBe(false);
  });
});

describe("pageSeoFromMatches", () => {
  it("takes the deepest seo in loader data and ignores data without one", () => {
    expect(
      pageSeoFromMatches([
        { data: { seo: { type: "a" } } },
        { data: { seo: { canonicalPath: "/x" } } },
        { data: null },
      ]),
    ).toEqual({
      canonicalPath: "/x",
    });
    expect(pageSeoFromMatches([{ data: { brand: "b" } }, { data: undefined }])).toEqual({});
  });
});

describe("brandOf", () => {
  it("reads the brand from the root route's data, wherever the root sits in the matches", () => {
    const page = { id: "city-hub", data: { brand: "Not the brand" } };
    expect(brandOf([{ id: "root", data: { brand: "Explore" } }, page])).toBe("Explore");
    expect(brandOf([page, { id: "root", data: { brand: "Explore" } }])).toBe("Explore");
  });

  it("falls back to BRAND_NAME's default when the root has no data (its loader failed)", () => {
    expect(brandOf([{ id: "root", data: undefined }, undefined])).toBe("Things To Do");
    expect(brandOf([])).toBe("Things To Do");
  });
});
