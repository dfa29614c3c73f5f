import { describe, expect, it } from "vitest";
import {
  HYBRID_PHOTO_COST_PER_YEAR,
  hybridCostSummary,
  hybridPhotoYearlyCost,
  hybridTestToast,
  PHOTO_ENHANCEMENT_TOASTS,
  biasRadiusMeters,
  bulkFailureToast,
  fieldMask,
  photoCostSummary,
  photoFetchCost,
  photosToast,
  PLACES_NOT_CONFIGURED_MESSAGE,
  ratingToast,
} from "./places";

describe("fieldMask", () => {
  it("names only the fields read, under 'places.' for a search", () => {
    expect(fieldMask("rating", "search")).toBe("places.id,places.rating,places.userRatingCount");
    expect(fieldMask("rating", "details")).toBe("id,rating,userRatingCount");
    expect(fieldMask("photos", "search")).toBe("places.id,places.photos");
    expect(fieldMask("photos", "details")).toBe("id,photos");
    expect(fieldMask("location", "search")).toBe("places.id,places.location,places.formattedAddress");
    expect(fieldMask("businessStatus", "details")).toBe("id,businessStatus");
  });
});

describe("biasRadiusMeters", () => {
  it("converts miles and keeps within Google's 50 km", () => {
    expect(biasRadiusMeters(1)).toBe(1609);
    expect(biasRadiusMeters(60)).toBe(50_000);
    expect(biasRadiusMeters(0)).toBe(1);
  });
});

describe("photo costs (admin §9: about $0.04 per activity)", () => {
  it("totals the selection", () => {
    expect(photoFetchCost(1)).toBe(0.04);
    expect(photoFetchCost(25)).toBe(1);
    expect(photoFetchCost(1984)).toBe(79.36);
    expect(photoFetchCost(-3)).toBe(0);
  });
  it("says the per-item cost and the total", () => {
    expect(photoCostSummary(1)).toBe("About $0.04 per activity: about $0.04 for 1 activity.");
    expect(photoCostSummary(1984)).toBe("About $0.04 per activity: about $79.36 for 1,984 activities.");
  });
});

describe("toasts (admin §8)", () => {
  it("turns a rating outcome into the spec's toast", () => {
    expect(ratingToast("Zoo", { kind: "found", rating: 4.56, reviewCount: 1200 })).toEqual({
      title: "Rating updated",
      description: '"Zoo" is rated 4.6 from 1,200 reviews.',
    });
    expect(ratingToast("Zoo", { kind: "none" }).title).toBe("No Rating Found");
    const failed = ratingToast("Zoo", { kind: "failed", failure: "quota" });
    expect(failed).toMatchObject({ title: "Error", variant: "destructive" });
    expect(failed.description).toMatch(/^Failed to fetch Google rating\. .*quota/);
    expect(ratingToast("Zoo", { kind: "failed", failure: "not_configured" }).description).toContain(
      PLACES_NOT_CONFIGURED_MESSAGE,
    );
  });
  it("turns a photos outcome into the spec's toast", () => {
    expect(photosToast("Zoo", { kind: "found", count: 1 }).description).toBe('Saved 1 Google photo for "Zoo".');
    expect(photosToast("Zoo", { kind: "none" }).title).toBe("No Photos Found");
    expect(photosToast("Zoo", { kind: "failed", failure: "unavailable" })).toMatchObject({
      title: "Enhancement Failed",
      variant: "destructive",
    });
  });
  it("names the bulk failure", () => {
    expect(bulkFailureToast("ratings", "x").description).toBe("Failed to bulk refresh ratings. x");
    expect(bulkFailureToast("photos", "x").description).toBe("Failed to bulk fetch photos. x");
  });
});

describe("hybrid photos (admin §9: about $0.096 per activity per year, about $96 per 1,000)", () => {
  it("estimates the yearly cost for the activities there are", () => {
    expect(HYBRID_PHOTO_COST_PER_YEAR).toBe(0.096);
    expect(hybridPhotoYearlyCost(1000)).toBe(96);
    expect(hybridPhotoYearlyCost(716)).toBe(68.74);
    expect(hybridPhotoYearlyCost(1)).toBe(0.1);
    expect(hybridPhotoYearlyCost(0)).toBe(0);
    expect(hybridPhotoYearlyCost(-3)).toBe(0);
  });

  it("words the enabling confirmation with the rate and the total", () => {
    expect(hybridCostSummary(716)).toBe("About $0.096 per activity per year: about $68.74 a year for 716 activities.");
    expect(hybridCostSummary(1)).toBe("About $0.096 per activity per year: about $0.10 a year for 1 activity.");
    expect(hybridCostSummary(10_000)).toContain("about $960.00 a year for 10,000 activities");
  });

  it("uses the spec's toast titles", () => {
    expect(PHOTO_ENHANCEMENT_TOASTS.featureDisabled.title).toBe("Feature Disabled");
    expect(PHOTO_ENHANCEMENT_TOASTS.noTestActivity.title).toBe("No Test Activity Found");
    expect(hybridTestToast("Zoo", { kind: "found", count: 2 })).toEqual({
      title: "Test Succeeded",
      description: 'Fetched 2 Google photos for "Zoo".',
    });
    expect(hybridTestToast("Zoo", { kind: "none" })).toMatchObject({ title: "Test Failed", variant: "destructive" });
    expect(hybridTestToast("Zoo", { kind: "failed", failure: "quota" })).toMatchObject({
      title: "Test Failed",
      description: expect.stringContaining("quota"),
    });
  });
});
