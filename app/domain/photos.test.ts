import { describe, expect, it } from "vitest";
import { CATEGORY_NAMES } from "./taxonomy";
import {
  cardPhoto,
  cardPhotoCredits,
  cardPhotoSources,
  photoCredits,
  categoryIllustration,
  DEFAULT_ACTIVITY_IMAGE,
  detailPhotoSources,
  type PhotoFields,
  photoFallback,
  photoFallbacks,
  photoChoice,
} from "./photos";

const all: PhotoFields = {
  photoSource: "custom",
  customPhotoUrl: "https://cdn.test/custom.jpg",
  googlePhotos: ["https://g.test/1.jpg", "https://g.test/2.jpg"],
  image: "https://unsplash.test/img.jpg",
  category: "Parks",
};

const none: PhotoFields = {
  photoSource: "original",
  customPhotoUrl: null,
  googlePhotos: [],
  image: "",
  category: "Parks",
};

describe("cardPhoto / detailPhotoSources", () => {
  it("uses the custom photo when the source is custom and it is set", () => {
    expect(cardPhoto(all)).toBe("https://cdn.test/custom.jpg");
    expect(detailPhotoSources(all).src).toBe("https://cdn.test/custom.jpg");
  });

  it("otherwise uses the first Google photo", () => {
    expect(cardPhoto({ ...all, photoSource: "google" })).toBe("https://g.test/1.jpg");
    expect(cardPhoto({ ...all, photoSource: "original" })).toBe("https://g.test/1.jpg");
    expect(cardPhoto({ ...all, photoSource: "custom", customPhotoUrl: "" })).toBe("https://g.test/1.jpg");
    expect(detailPhotoSources({ ...all, photoSource: null }).src).toBe("https://g.test/1.jpg");
  });

  it("then the custom photo even when the source is not custom", () => {
    expect(cardPhoto({ ...all, photoSource: "original", googlePhotos: [] })).toBe("https://cdn.test/custom.jpg");
    expect(cardPhoto({ ...all, photoSource: "google", googlePhotos: null })).toBe("https://cdn.test/custom.jpg");
  });

  it("then the image", () => {
    expect(cardPhoto({ ...all, googlePhotos: [], customPhotoUrl: null })).toBe("https://unsplash.test/img.jpg");
    expect(cardPhoto({ ...all, googlePhotos: [""], customPhotoUrl: "  " })).toBe("https://unsplash.test/img.jpg");
    expect(cardPhoto({ ...none, image: "/images/my-own.jpg" })).toBe("/images/my-own.jpg");
  });

  it("then the category's illustration when the image is empty or only the generic default", () => {
    expect(cardPhoto(none)).toBe("/images/categories/parks.svg");
    expect(cardPhoto({ ...none, image: null, googlePhotos: null })).toBe("/images/categories/parks.svg");
    expect(cardPhoto({ ...none, image: DEFAULT_ACTIVITY_IMAGE, category: "Bars & Restaurants" })).toBe(
      "/images/categories/bars-and-restaurants.svg",
    );
    expect(detailPhotoSources({ ...none, image: DEFAULT_ACTIVITY_IMAGE, category: "Zoos & Aquariums" }).src).toBe(
      "/images/categories/zoos-and-aquariums.svg",
    );
  });

  it("falls back to the default image when the category has no illustration", () => {
    expect(cardPhoto({ ...none, category: "Food Trucks" })).toBe(DEFAULT_ACTIVITY_IMAGE);
    expect(cardPhoto({ ...none, category: null })).toBe(DEFAULT_ACTIVITY_IMAGE);
    expect(DEFAULT_ACTIVITY_IMAGE).toBe("/images/default-activity.svg");
  });
});

describe("photoChoice (the hybrid photo answer's source)", () => {
  it("names where the shown photo comes from, in the photo choice's order", () => {
    expect(photoChoice(all)).toEqual({ url: "https://cdn.test/custom.jpg", source: "custom" });
    expect(photoChoice({ ...all, photoSource: "original" })).toEqual({ url: "https://g.test/1.jpg", source: "google" });
    expect(photoChoice({ ...all, photoSource: "original", googlePhotos: [] }).source).toBe("custom");
    expect(photoChoice({ ...all, customPhotoUrl: null, googlePhotos: [] })).toEqual({
      url: "https://unsplash.test/img.jpg",
      source: "original",
    });
    expect(photoChoice(none)).toEqual({ url: "/images/categories/parks.svg", source: "default" });
    expect(photoChoice({ ...none, image: DEFAULT_ACTIVITY_IMAGE }).source).toBe("default");
  });

  it("keeps a custom photo first when Google photos arrive beside it", () => {
    const before = { ...all, googlePhotos: [] };
    expect(photoChoice(before).source).toBe("custom");
    expect(photoChoice({ ...before, googlePhotos: ["https://g.test/new.jpg"] }).source).toBe("custom");
  });
});

describe("categoryIllustration", () => {
  it("names one file per built-in category by its slug, and the default for anything else", () => {
    const files = CATEGORY_NAMES.map(categoryIllustration);
    expect(files).toEqual([
      "/images/categories/bars-and-restaurants.svg",
      "/images/categories/events.svg",
      "/images/categories/fun-and-games.svg",
      "/images/categories/museums.svg",
      "/images/categories/parks.svg",
      "/images/categories/points-of-interest.svg",
      "/images/categories/shopping.svg",
      "/images/categories/entertainment.svg",
      "/images/categories/tours.svg",
      "/images/categories/workshops.svg",
      "/images/categories/zoos-and-aquariums.svg",
      "/images/categories/other.svg",
    ]);
    expect(categoryIllustration("parks")).toBe("/images/categories/parks.svg");
    expect(categoryIllustration("All")).toBe(DEFAULT_ACTIVITY_IMAGE);
    expect(categoryIllustration("")).toBe(DEFAULT_ACTIVITY_IMAGE);
    expect(categoryIllustration(undefined)).toBe(DEFAULT_ACTIVITY_IMAGE);
  });
});

describe("photoFallback / photoFallbacks", () => {
  it("uses the custom photo if any, else the default image (the category's illustration)", () => {
    expect(photoFallback(all)).toBe("https://cdn.test/custom.jpg");
    expect(photoFallback({ customPhotoUrl: null, category: "Museums" })).toBe("/images/categories/museums.svg");
    expect(photoFallback({ customPhotoUrl: "", category: "Food Trucks" })).toBe(DEFAULT_ACTIVITY_IMAGE);
  });

  it("tries the custom photo, then the illustration, never what already failed", () => {
    expect(photoFallbacks(all, "https://g.test/1.jpg")).toEqual([
      "https://cdn.test/custom.jpg",
      "/images/categories/parks.svg",
    ]);
    expect(photoFallbacks(all, "https://cdn.test/custom.jpg")).toEqual(["/images/categories/parks.svg"]);
    expect(photoFallbacks({ ...all, customPhotoUrl: null }, "https://g.test/1.jpg")).toEqual([
      "/images/categories/parks.svg",
    ]);
    expect(photoFallbacks(none, "/images/categories/parks.svg")).toEqual([]);
    expect(photoFallbacks({ ...none, category: "Food Trucks" }, "/broken.jpg")).toEqual([DEFAULT_ACTIVITY_IMAGE]);
  });
});

describe("photoCredits", () => {
  const a = {
    googlePhotos: ["https://g.test/1.jpg", "https://g.test/2.jpg"],
    googlePhotoAttributions: [
      [{ displayName: "Ann", uri: "https://maps.google.com/contrib/1" }],
      [{ displayName: "Bob", uri: "javascript:alert(1)" }, { displayName: "" }],
    ],
  };
  it("credits the Google photo shown", () => {
    expect(photoCredits(a, "https://g.test/1.jpg")).toEqual([
      { displayName: "Ann", uri: "https://maps.google.com/contrib/1" },
    ]);
    expect(photoCredits(a, "https://g.test/2.jpg")).toEqual([{ displayName: "Bob", uri: null }]);
  });
  it("credits nothing for another photo or a malformed column", () => {
    expect(photoCredits(a, "https://cdn.test/custom.jpg")).toEqual([]);
    expect(photoCredits({ ...a, googlePhotoAttributions: "x" }, "https://g.test/1.jpg")).toEqual([]);
  });
  it("gives a card the credits of the photo it shows: the first Google photo's, none for a custom one", () => {
    const card = { ...a, photoSource: "original", customPhotoUrl: null, image: "", category: "Parks" };
    expect(cardPhotoCredits(card)).toEqual([{ displayName: "Ann", uri: "https://maps.google.com/contrib/1" }]);
    expect(cardPhotoCredits({ ...card, photoSource: "custom", customPhotoUrl: "https://cdn.test/c.jpg" })).toEqual([]);
    expect(cardPhotoCredits({ ...card, googlePhotos: [] })).toEqual([]);
  });
  it("credits the first Google photo on a card that shows its card-width copy", () => {
    const card = { ...a, googleCardPhoto: "https://g.test/1-small.jpg", photoSource: "original", customPhotoUrl: null };
    expect(cardPhoto({ ...card, image: "", category: "Parks" })).toBe("https://g.test/1-small.jpg");
    expect(cardPhotoCredits({ ...card, image: "", category: "Parks" })).toEqual([
      { displayName: "Ann", uri: "https://maps.google.com/contrib/1" },
    ]);
  });
});

describe("cardPhotoSources (photos at the size they are shown)", () => {
  const google = { ...all, photoSource: "original", customPhotoUrl: null, googleCardPhoto: "https://g.test/1-800.jpg" };
  it("shows the first Google photo's card-width copy, with the full size in the srcset for screens that need it", () => {
    expect(cardPhotoSources(google)).toEqual({
      src: "https://g.test/1-800.jpg",
      srcSet: "https://g.test/1-800.jpg 800w, https://g.test/1.jpg 1200w",
    });
    expect(cardPhoto(google)).toBe("https://g.test/1-800.jpg");
    // The detail page offers the same two, with the full size as src.
    expect(detailPhotoSources(google)).toEqual({
      src: "https://g.test/1.jpg",
      srcSet: "https://g.test/1-800.jpg 800w, https://g.test/1.jpg 1200w",
    });
  });
  it("shows the full size alone when there is no copy, or when the choice is not the first Google photo", () => {
    expect(cardPhotoSources({ ...google, googleCardPhoto: null })).toEqual({ src: "https://g.test/1.jpg" });
    expect(cardPhotoSources({ ...google, googleCardPhoto: " " })).toEqual({ src: "https://g.test/1.jpg" });
    expect(cardPhotoSources({ ...google, googlePhotos: ["", "https://g.test/2.jpg"] })).toEqual({
      src: "https://g.test/2.jpg",
    });
    expect(cardPhotoSources({ ...google, photoSource: "custom", customPhotoUrl: "https://cdn.test/c.jpg" })).toEqual({
      src: "https://cdn.test/c.jpg",
    });
    expect(cardPhotoSources({ ...none, googleCardPhoto: "https://g.test/stale.jpg" })).toEqual({
      src: categoryIllustration("Parks"),
    });
  });
});
