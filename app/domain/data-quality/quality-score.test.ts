import { describe, expect, it } from "vitest";
import {
  mergeValidation,
  needsReview,
  needsReviewAfter,
  qualityScore,
  qualityScoreColor,
  reviewReasons,
} from "./quality-score";
import type { ValidationFields, ValidationStatuses } from "./validation";

const NONE: ValidationStatuses = {
  websiteStatus: null,
  phoneStatus: null,
  locationAccuracy: null,
  mapsUrlStatus: null,
  addressStatus: null,
  businessStatus: null,
};
const ALL_GOOD: ValidationStatuses = {
  websiteStatus: "accessible",
  phoneStatus: "valid_format",
  locationAccuracy: "location_verified",
  mapsUrlStatus: "maps_url_verified",
  addressStatus: "address_verified",
  businessStatus: "OPERATIONAL",
};

describe("qualityScore", () => {
  it.each<[Partial<ValidationStatuses>, number, boolean]>([
    [{}, 10, false],
    [ALL_GOOD, 10, false],
    // Checks that could not compare cost nothing.
    [
      { locationAccuracy: "coordinates_valid", mapsUrlStatus: "maps_url_unverified", addressStatus: "no_maps_url" },
      10,
      false,
    ],
    [{ addressStatus: "no_maps_address", businessStatus: "NOT_FOUND" }, 10, false],
    [{ addressStatus: "no_address" }, 10, false],
    [{ websiteStatus: "failed" }, 8, true],
    [{ phoneStatus: "invalid_format" }, 9, true],
    [{ addressStatus: "address_mismatch" }, 9, true],
    [{ mapsUrlStatus: "maps_url_mismatch" }, 8, true],
    [{ mapsUrlStatus: "maps_url_invalid" }, 9, false],
    [{ locationAccuracy: "location_mismatch" }, 8, true],
    [{ locationAccuracy: "out_of_range" }, 7, true],
    [{ locationAccuracy: "invalid_coordinates" }, 6, true],
    [{ businessStatus: "CLOSED_TEMPORARILY" }, 9, true],
    [{ businessStatus: "CLOSED_PERMANENTLY" }, 6, true],
    [{ websiteStatus: "failed", phoneStatus: "invalid_format" }, 7, true],
    [{ websiteStatus: "failed", mapsUrlStatus: "maps_url_mismatch", addressStatus: "address_mismatch" }, 5, true],
    [{ locationAccuracy: "invalid_coordinates", mapsUrlStatus: "maps_url_mismatch" }, 4, true],
    [
      {
        websiteStatus: "failed",
        phoneStatus: "invalid_format",
        locationAccuracy: "invalid_coordinates",
        mapsUrlStatus: "maps_url_mismatch",
        addressStatus: "address_mismatch",
        businessStatus: "CLOSED_PERMANENTLY",
      },
      0,
      true,
    ],
    // A value nobody wrote costs nothing and flags nothing.
    [{ websiteStatus: "something_else" }, 10, false],
  ])("%j scores %i (needs review: %s)", (statuses, score, review) => {
    const all = { ...NONE, ...statuses };
    expect(qualityScore(all)).toBe(score);
    expect(needsReview(all)).toBe(review);
  });

  it("a score below 5 always comes with a reason to review", () => {
    const values: Record<keyof ValidationStatuses, (string | null)[]> = {
      websiteStatus: [null, "accessible", "failed"],
      phoneStatus: [null, "valid_format", "invalid_format"],
      locationAccuracy: [
        null,
        "location_verified",
        "coordinates_valid",
        "location_mismatch",
        "out_of_range",
        "invalid_coordinates",
      ],
      mapsUrlStatus: [null, "maps_url_verified", "maps_url_mismatch", "maps_url_unverified", "maps_url_invalid"],
      addressStatus: [null, "address_verified", "address_mismatch", "no_maps_url", "no_maps_address", "no_address"],
      businessStatus: [null, "OPERATIONAL", "CLOSED_TEMPORARILY", "CLOSED_PERMANENTLY", "NOT_FOUND"],
    };
    let combinations: ValidationStatuses[] = [NONE];
    for (const [field, options] of Object.entries(values)) {
      combinations = combinations.flatMap((c) => options.map((v) => ({ ...c, [field]: v })));
    }
    expect(combinations.length).toBe(3 * 3 * 6 * 5 * 6 * 5);
    for (const statuses of combinations) {
      const score = qualityScore(statuses);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(10);
      if (score < 5) expect(needsReview(statuses)).toBe(true);
    }
  });
});

describe("qualityScoreColor", () => {
  it.each([
    [0, "red"],
    [4, "red"],
    [4.9, "red"],
    [5, "yellow"],
    [6, "yellow"],
    [6.9, "yellow"],
    [7, "green"],
    [10, "green"],
  ])("%s is %s", (score, color) => {
    expect(qualityScoreColor(score)).toBe(color);
  });
});

describe("needsReviewAfter", () => {
  const failedSite = { ...NONE, websiteStatus: "failed" };

  it("flags a new record with a problem, and clears one without", () => {
    expect(needsReviewAfter(null, failedSite)).toBe(true);
    expect(needsReviewAfter({ ...failedSite, needsReview: true }, { ...NONE, websiteStatus: "accessible" })).toBe(
      false,
    );
  });

  it("keeps a reviewed activity off the list for the findings it was reviewed with", () => {
    expect(
      needsReviewAfter({ ...failedSite, needsReview: false }, { ...failedSite, phoneStatus: "valid_format" }),
    ).toBe(false);
    expect(needsReviewAfter({ ...failedSite, needsReview: true }, failedSite)).toBe(true);
  });

  it("puts it back when a run finds a problem it did not have", () => {
    expect(
      needsReviewAfter({ ...failedSite, needsReview: false }, { ...failedSite, phoneStatus: "invalid_format" }),
    ).toBe(true);
    expect(reviewReasons({ ...failedSite, businessStatus: "CLOSED_TEMPORARILY" })).toEqual([
      "websiteStatus:failed",
      "businessStatus:CLOSED_TEMPORARILY",
    ]);
  });
});

describe("mergeValidation", () => {
  const now = new Date("2026-11-24T10:00:00Z");
  const empty: ValidationFields = {
    ...NONE,
    websiteReason: null,
    phoneNormalized: null,
    locationDistance: null,
    mapsUrlDistance: null,
    mapsAddress: null,
  };

  it("replaces the columns of the validators that ran and keeps the others", () => {
    const first = mergeValidation(null, { websiteStatus: "failed", websiteReason: "HTTP 404" }, now);
    expect(first).toEqual({
      ...empty,
      websiteStatus: "failed",
      websiteReason: "HTTP 404",
      qualityScore: 8,
      needsReview: true,
      lastValidated: now,
    });
    const second = mergeValidation(first, { phoneStatus: "invalid_format", phoneNormalized: null }, now);
    expect(second).toMatchObject({
      websiteStatus: "failed",
      websiteReason: "HTTP 404",
      phoneStatus: "invalid_format",
      qualityScore: 7,
      needsReview: true,
    });
    const fixed = mergeValidation(
      second,
      { websiteStatus: "accessible", websiteReason: null, phoneStatus: "valid_format" },
      now,
    );
    expect(fixed).toMatchObject({
      websiteStatus: "accessible",
      websiteReason: null,
      qualityScore: 10,
      needsReview: false,
    });
  });
});
