import { describe, expect, it } from "vitest";
import {
  activityMetaText,
  boundingBox,
  capitalisedCityId,
  detailValue,
  googleRatingText,
  isAvailable,
  legacyCityPagePath,
  legacySegment,
  mailtoShareUrl,
  parseActivityIdParam,
} from "./activity-detail";
import { milesBetween } from "../location/geo";

describe("detail card values", () => {
  it("shows 'Not available' for missing values", () => {
    expect(detailValue("1-2 hours")).toBe("1-2 hours");
    expect(detailValue("")).toBe("Not available");
    expect(detailValue("  ")).toBe("Not available");
    expect(detailValue(null)).toBe("Not available");
    expect(detailValue(undefined)).toBe("Not available");
    expect(detailValue("Not available")).toBe("Not available");
  });

  it("the embed hides what is 'Not available'", () => {
    expect(isAvailable("Free")).toBe(true);
    expect(isAvailable("Not available")).toBe(false);
    expect(isAvailable(null)).toBe(false);
  });

  it("Google Rating: one decimal with the review count, or Not available", () => {
    expect(googleRatingText("4.6", 13000)).toBe("4.6 (13,000 reviews)");
    expect(googleRatingText(4, 1)).toBe("4.0 (1 review)");
    expect(googleRatingText("4.75", null)).toBe("4.8");
    expect(googleRatingText(null, 12)).toBe("Not available");
    expect(googleRatingText("abc", 12)).toBe("Not available");
  });
});

describe("capitalisedCityId", () => {
  it("capitalises each word of the city id", () => {
    expect(capitalisedCityId("nashville")).toBe("Nashville");
    expect(capitalisedCityId("san-antonio")).toBe("San Antonio");
  });
});

describe("activityMetaText", () => {
  const activity = {
    title: "The Parthenon",
    excerpt: "A full-scale replica.",
    category: "Museums",
    metaTitle: null,
    metaDescription: null,
  };

  it("fills the SEO settings templates", () => {
    expect(
      activityMetaText(activity, "Nashville", {
        activityTitleTemplate: "{activity} – {category} in {city}",
        activityDescriptionTemplate: "{excerpt} Visit {activity} in {city}.",
      }),
    ).toEqual({
      title: "The Parthenon – Museums in Nashville",
      description: "A full-scale replica. Visit The Parthenon in Nashville.",
    });
  });

  it("falls back to the default templates when the settings are empty", () => {
    expect(
      activityMetaText(activity, "Nashville", { activityTitleTemplate: "", activityDescriptionTemplate: null }),
    ).toEqual({
      title: "The Parthenon in Nashville",
      description: "The Parthenon in Nashville: A full-scale replica.",
    });
  });

  it("uses the activity's own meta title and description when set, and cuts at 160", () => {
    const long = "x".repeat(200);
    const text = activityMetaText({ ...activity, metaTitle: "Custom", metaDescription: long }, "Nashville", {});
    expect(text.title).toBe("Custom");
    expect(text.description).toHaveLength(160);
    expect(text.description.endsWith("...")).toBe(true);
  });
});

describe("mailtoShareUrl", () => {
  it("puts the title in the subject and the link in the body", () => {
    expect(mailtoShareUrl("Bars & Food", "https://e.com/a?b=1")).toBe(
      "mailto:?subject=Bars%20%26%20Food&body=https%3A%2F%2Fe.com%2Fa%3Fb%3D1",
    );
  });
});

describe("parseActivityIdParam", () => {
  it("reads numeric ids and treats anything else as a title slug", () => {
    expect(parseActivityIdParam("42")).toEqual({ id: 42 });
    expect(parseActivityIdParam("The-Parthenon")).toEqual({ titleSlug: "the-parthenon" });
    expect(parseActivityIdParam("12abc")).toEqual({ titleSlug: "12abc" });
    expect(parseActivityIdParam("99999999999")).toEqual({ titleSlug: "99999999999" });
  });
});

describe("boundingBox", () => {
  it("contains every point 25 miles away in any direction", () => {
    for (const centre of [
      { lat: 36.16, lng: -86.78 },
      { lat: 64.84, lng: -147.72 },
      { lat: -33.9, lng: 151.2 },
      { lat: 0, lng: 0 },
    ]) {
      const box = boundingBox(centre, 25);
      for (let bearing = 0; bearing < 360; bearing += 5) {
        // Destination point at exactly 25 miles on this bearing.
        const d = 25 / 3959;
        const b = (bearing * Math.PI) / 180;
        const φ1 = (centre.lat * Math.PI) / 180;
        const λ1 = (centre.lng * Math.PI) / 180;
        const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(b));
        const λ2 = λ1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
        const p = { lat: (φ2 * 180) / Math.PI, lng: (λ2 * 180) / Math.PI };
        expect(milesBetween(centre, p)).toBeCloseTo(25, 6);
        expect(p.lat).toBeGreaterThanOrEqual(box.minLat);
        expect(p.lat).toBeLessThanOrEqual(box.maxLat);
        expect(p.lng).toBeGreaterThanOrEqual(box.minLng);
        expect(p.lng).toBeLessThanOrEqual(box.maxLng);
      }
    }
  });

  it("is tight: a point 30 miles north is outside", () => {
    const box = boundingBox({ lat: 36.16, lng: -86.78 }, 25);
    expect(36.16 + 30 / 69.09).toBeGreaterThan(box.maxLat);
  });

  it("leaves longitude unbounded near a pole or across the antimeridian", () => {
    expect(boundingBox({ lat: 89.9, lng: 0 }, 25)).toMatchObject({ minLng: -180, maxLng: 180 });
    expect(boundingBox({ lat: 0, lng: 179.9 }, 25)).toMatchObject({ minLng: -180, maxLng: 180 });
  });
});

describe("legacySegment", () => {
  const categories = ["Bars & Restaurants", "Museums"];
  it("reads ids, city pages and activity slugs", () => {
    expect(legacySegment("123", categories)).toEqual({ kind: "activityId", id: 123 });
    expect(legacySegment("things-to-do", categories)).toEqual({ kind: "cityPage", segment: "things-to-do" });
    expect(legacySegment("live-music", categories)).toEqual({ kind: "cityPage", segment: "live-music" });
    expect(legacySegment("bars-and-restaurants", categories)).toEqual({
      kind: "cityPage",
      segment: "bars-and-restaurants",
    });
    expect(legacySegment("The-Parthenon", categories)).toEqual({ kind: "activitySlug", slug: "the-parthenon" });
  });
});

describe("legacyCityPagePath", () => {
  const quebec = { id: "quebec-city", stateCode: "QC", country: "Canada" };
  const categories = ["Bars & Restaurants", "Museums"];
  it("puts the page under the city canonical prefix", () => {
    expect(legacyCityPagePath(quebec, "things-to-do", categories)).toBe("/canada/quebec/quebec-city/things-to-do");
    expect(legacyCityPagePath(quebec, "museums", categories)).toBe("/canada/quebec/quebec-city/museums");
    expect(legacyCityPagePath(quebec, "live-music", categories)).toBe("/canada/quebec/quebec-city/live-music");
    expect(legacyCityPagePath(quebec, "nope", categories)).toBeNull();
  });
});
