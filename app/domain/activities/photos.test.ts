import { describe, expect, it } from "vitest";
import { photoCacheControl } from "../http/cache";
import { CATEGORY_NAMES } from "../taxonomy/taxonomy";
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
  parsePhotoSize,
  photoBox,
  photoFormat,
  photoServiceSource,
  photoSize,
  photoVersion,
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

describe("photoChoice: which photo is shown", () => {
  const shown = (a: PhotoFields) => photoChoice(a).url;
  it("uses the custom photo when the source is custom and it is set", () => {
    expect(shown(all)).toBe("https://cdn.test/custom.jpg");
  });

  it("otherwise uses the first Google photo", () => {
    expect(shown({ ...all, photoSource: "google" })).toBe("https://g.test/1.jpg");
    expect(shown({ ...all, photoSource: "original" })).toBe("https://g.test/1.jpg");
    expect(shown({ ...all, photoSource: "custom", customPhotoUrl: "" })).toBe("https://g.test/1.jpg");
    expect(shown({ ...all, photoSource: null })).toBe("https://g.test/1.jpg");
  });

  it("then the custom photo even when the source is not custom", () => {
    expect(shown({ ...all, photoSource: "original", googlePhotos: [] })).toBe("https://cdn.test/custom.jpg");
    expect(shown({ ...all, photoSource: "google", googlePhotos: null })).toBe("https://cdn.test/custom.jpg");
  });

  it("then the image", () => {
    expect(shown({ ...all, googlePhotos: [], customPhotoUrl: null })).toBe("https://unsplash.test/img.jpg");
    expect(shown({ ...all, googlePhotos: [""], customPhotoUrl: "  " })).toBe("https://unsplash.test/img.jpg");
    expect(shown({ ...none, image: "/images/my-own.jpg" })).toBe("/images/my-own.jpg");
  });

  it("then the category's illustration when the image is empty or only the generic default", () => {
    expect(shown(none)).toBe("/images/categories/parks.svg");
    expect(shown({ ...none, image: null, googlePhotos: null })).toBe("/images/categories/parks.svg");
    expect(shown({ ...none, image: DEFAULT_ACTIVITY_IMAGE, category: "Bars & Restaurants" })).toBe(
      "/images/categories/bars-and-restaurants.svg",
    );
    expect(shown({ ...none, image: DEFAULT_ACTIVITY_IMAGE, category: "Zoos & Aquariums" })).toBe(
      "/images/categories/zoos-and-aquariums.svg",
    );
  });

  it("falls back to the default image when the category has no illustration", () => {
    expect(shown({ ...none, category: "Food Trucks" })).toBe(DEFAULT_ACTIVITY_IMAGE);
    expect(shown({ ...none, category: null })).toBe(DEFAULT_ACTIVITY_IMAGE);
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
    expect(photoServiceSource({ ...card, image: "", category: "Parks" }, 800)).toBe("https://g.test/1-small.jpg");
    expect(cardPhotoCredits({ ...card, image: "", category: "Parks" })).toEqual([
      { displayName: "Ann", uri: "https://maps.google.com/contrib/1" },
    ]);
  });
});

describe("cardPhotoSources / detailPhotoSources (photos at the size they are shown, from the photo service)", () => {
  const google = {
    ...all,
    id: 7,
    photoSource: "original",
    customPhotoUrl: null,
    googleCardPhoto: "https://g.test/1-800.jpg",
  };
  const v = photoVersion;
  it("sends another site's photo through the photo service at each width in its shape, versioned by its source", () => {
    const srcSet = (heights: number[]) =>
      [
        `/photos/7/400x${heights[0]}?v=${v("https://g.test/1-800.jpg")} 400w`,
        `/photos/7/800x${heights[1]}?v=${v("https://g.test/1-800.jpg")} 800w`,
        `/photos/7/1200x${heights[2]}?v=${v("https://g.test/1.jpg")} 1200w`,
      ].join(", ");
    // A card is 16:10.
    expect(cardPhotoSources(google)).toEqual({
      src: `/photos/7/800x500?v=${v("https://g.test/1-800.jpg")}`,
      srcSet: srcSet([250, 500, 750]),
    });
    expect(cardPhoto(google)).toBe(`/photos/7/800x500?v=${v("https://g.test/1-800.jpg")}`);
    // The detail page's photo is 16:9, with the full size as src.
    expect(detailPhotoSources(google)).toEqual({
      src: `/photos/7/1200x675?v=${v("https://g.test/1.jpg")}`,
      srcSet: srcSet([225, 450, 675]),
    });
  });
  it("draws every width from the full size when there is no card-width copy, or the choice is not the first Google photo", () => {
    expect(photoServiceSource({ ...google, googleCardPhoto: null }, 400)).toBe("https://g.test/1.jpg");
    expect(photoServiceSource({ ...google, googleCardPhoto: " " }, 800)).toBe("https://g.test/1.jpg");
    expect(photoServiceSource({ ...google, googlePhotos: ["", "https://g.test/2.jpg"] }, 400)).toBe(
      "https://g.test/2.jpg",
    );
    const custom = { ...google, photoSource: "custom", customPhotoUrl: "https://cdn.test/c.jpg" };
    expect(photoServiceSource(custom, 400)).toBe("https://cdn.test/c.jpg");
    expect(cardPhoto(custom)).toBe(`/photos/7/800x500?v=${v("https://cdn.test/c.jpg")}`);
    expect(photoServiceSource({ ...google, image: "http://old.test/a.jpg", googlePhotos: [] }, 1200)).toBe(
      "http://old.test/a.jpg",
    );
  });
  it("sends the site's own pictures as they are: the photo service has nothing to draw", () => {
    const own = { ...none, id: 7, googleCardPhoto: "https://g.test/stale.jpg" };
    expect(cardPhotoSources(own)).toEqual({ src: categoryIllustration("Parks") });
    expect(detailPhotoSources({ ...own, image: "/images/my-own.jpg" })).toEqual({ src: "/images/my-own.jpg" });
    expect(photoServiceSource(own, 800)).toBeNull();
  });
  it("gives each source address its own short version", () => {
    expect(v("https://g.test/1.jpg")).toMatch(/^[0-9a-z]{1,7}$/);
    expect(v("https://g.test/1.jpg")).toBe(v("https://g.test/1.jpg"));
    expect(v("https://g.test/1.jpg")).not.toBe(v("https://g.test/2.jpg"));
  });
});

describe("parsePhotoSize / photoBox", () => {
  it("names each width in the card's and the detail page's shape, and nothing else", () => {
    expect(parsePhotoSize("800x500")).toEqual(photoSize(800, "card"));
    expect(parsePhotoSize("1200x675")).toEqual({ width: 1200, height: 675 });
    for (const name of ["800", "800x600", "500x250", "800x500x1", "0800x500", "800X500", ""]) {
      expect(parsePhotoSize(name), name).toBeNull();
    }
  });
  it("draws at the size, or in the largest box of its shape inside a smaller photo", () => {
    expect(photoBox({ width: 1600, height: 1200 }, photoSize(800, "card"))).toEqual({ width: 800, height: 500 });
    expect(photoBox({ width: 800, height: 600 }, photoSize(1200, "detail"))).toEqual({ width: 800, height: 450 });
    expect(photoBox({ width: 300, height: 600 }, photoSize(400, "card"))).toEqual({ width: 300, height: 188 });
    expect(photoBox({ width: 1, height: 1 }, photoSize(1200, "detail"))).toEqual({ width: 1, height: 1 });
  });
});

describe("photoFormat", () => {
  it.each([
    // Chromium's, Firefox's and Safari's (16.4 and later) image Accept headers.
    ["image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", "avif"],
    ["image/avif,image/webp,*/*", "avif"],
    ["image/webp,image/avif,image/jxl,image/heic,image/heic-sequence,video/*;q=0.8,*/*;q=0.5", "avif"],
    ["image/avif;q=0,image/webp,*/*", "webp"],
    ["image/webp,image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5", "webp"],
    ["image/webp", "webp"],
    ["image/*", "webp"],
    ["image/webp;q=0, image/jpeg", "jpeg"],
    // Refused by name, the wildcard does not bring it back.
    ["image/*, image/webp;q=0", "jpeg"],
    ["*/*", "jpeg"],
    [null, "jpeg"],
  ])(
    "sends AVIF to a client that names it, WebP to one that takes it, JPEG to any other: photoFormat(%j) is %j",
    (input, expected) => {
      expect(photoFormat(input)).toBe(expected);
    },
  );
});

describe("photoCacheControl", () => {
  it("keeps Google's photos 30 days at most, the site's own and custom ones for good, an outdated address briefly", () => {
    expect(photoCacheControl(true, true)).toBe("public, max-age=2592000");
    expect(photoCacheControl(false, true)).toBe("public, max-age=31536000, immutable");
    expect(photoCacheControl(true, false)).toMatch(/max-age=300\b/);
    expect(photoCacheControl(false, false)).toMatch(/max-age=300\b/);
  });
});
