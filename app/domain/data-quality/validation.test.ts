import { describe, expect, it } from "vitest";
import {
  batchLimit,
  NOTHING_TO_VALIDATE,
  previewList,
  statusColor,
  validationFailedMessage,
  type StatusField,
} from "./validation";

describe("statusColor (admin §4)", () => {
  it.each<[StatusField, string | null, string]>([
    ["websiteStatus", "failed", "red"],
    ["websiteStatus", "accessible", "green"],
    ["websiteStatus", "pending", "gray"],
    ["websiteStatus", null, "gray"],
    ["phoneStatus", "invalid_format", "red"],
    ["phoneStatus", "valid_format", "green"],
    ["locationAccuracy", "invalid_coordinates", "red"],
    ["locationAccuracy", "out_of_range", "red"],
    ["locationAccuracy", "location_mismatch", "red"],
    ["locationAccuracy", "location_verified", "green"],
    ["locationAccuracy", "coordinates_valid", "yellow"],
    ["mapsUrlStatus", "maps_url_mismatch", "red"],
    ["mapsUrlStatus", "maps_url_verified", "green"],
    ["mapsUrlStatus", "maps_url_unverified", "gray"],
    ["mapsUrlStatus", "maps_url_invalid", "gray"],
    ["addressStatus", "address_mismatch", "red"],
    ["addressStatus", "address_verified", "green"],
    ["addressStatus", "no_maps_url", "gray"],
    ["addressStatus", "no_maps_address", "yellow"],
    ["addressStatus", "no_address", "yellow"],
    ["addressStatus", null, "gray"],
    ["businessStatus", "CLOSED_PERMANENTLY", "red"],
    ["businessStatus", "CLOSED_TEMPORARILY", "yellow"],
    ["businessStatus", "OPERATIONAL", "green"],
    ["businessStatus", "NOT_FOUND", "gray"],
  ])("%s %s is %s", (field, status, color) => {
    expect(statusColor(field, status)).toBe(color);
  });
});

describe("validation types", () => {
  it("takes 50 ids a call for websites and 100 for the others (§5)", () => {
    expect(batchLimit("website")).toBe(50);
    for (const type of ["phone", "location", "address", "free", "business"] as const)
      expect(batchLimit(type)).toBe(100);
  });

  it("uses the spec's messages (§8)", () => {
    expect(NOTHING_TO_VALIDATE.website).toBe("No websites to validate");
    expect(NOTHING_TO_VALIDATE.phone).toBe("No phone numbers to validate");
    expect(NOTHING_TO_VALIDATE.location).toBe("No coordinates to validate");
    expect(NOTHING_TO_VALIDATE.address).toBe("No Google Maps URLs to validate");
    expect(validationFailedMessage("website")).toBe("Failed to validate websites. Please try again.");
    expect(validationFailedMessage("phone")).toBe("Failed to validate phone numbers. Please try again.");
    expect(validationFailedMessage("location")).toBe("Failed to validate locations. Please try again.");
    expect(validationFailedMessage("address")).toBe("Failed to validate addresses. Please try again.");
  });
});

describe("previewList", () => {
  it("shows the first 10 and counts the rest", () => {
    const items = Array.from({ length: 13 }, (_, i) => i);
    expect(previewList(items)).toEqual({ shown: items.slice(0, 10), more: 3 });
    expect(previewList(items.slice(0, 4))).toEqual({ shown: [0, 1, 2, 3], more: 0 });
  });
});
