import { describe, expect, it } from "vitest";
import { GOOGLE_MAPS_ATTRIBUTION, googleMapsPlaceUrl } from "./attribution";

const tootsies = {
  title: "Tootsie's Orchid Lounge",
  address: "422 Broadway, Nashville, TN 37203",
  googlePlaceId: null,
  googleMapsUrl: null,
  latitude: "36.1606",
  longitude: "-86.7775",
};

describe("Google Maps attribution", () => {
  it("is the text 'Google Maps', unaltered", () => {
    expect(GOOGLE_MAPS_ATTRIBUTION).toBe("Google Maps");
  });

  it("links to the place by its place id, naming it for when the id no longer resolves", () => {
    const url = new URL(googleMapsPlaceUrl({ ...tootsies, googlePlaceId: "ChIJ8b2nWXxmZIgRS0LhYlV3Tdg" }));
    expect(url.origin + url.pathname).toBe("https://www.google.com/maps/search/");
    expect(url.searchParams.get("api")).toBe("1");
    expect(url.searchParams.get("query_place_id")).toBe("ChIJ8b2nWXxmZIgRS0LhYlV3Tdg");
    expect(url.searchParams.get("query")).toBe("Tootsie's Orchid Lounge, 422 Broadway, Nashville, TN 37203");
  });

  it("else uses the stored Google Maps address, and only a Google Maps one", () => {
    const stored = "https://www.google.com/maps/place/Tootsie's/@36.1606,-86.7775,17z";
    expect(googleMapsPlaceUrl({ ...tootsies, googleMapsUrl: stored })).toBe(new URL(stored).href);
    expect(googleMapsPlaceUrl({ ...tootsies, googleMapsUrl: "https://maps.app.goo.gl/abc123" })).toBe(
      "https://maps.app.goo.gl/abc123",
    );
    for (const other of ["https://example.com/maps", "javascript:alert(1)", "http://www.google.com/maps/x", "nope"]) {
      expect(googleMapsPlaceUrl({ ...tootsies, googleMapsUrl: other })).toMatch(
        /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Tootsie/,
      );
    }
    // A malformed place id is not sent to Google either.
    expect(googleMapsPlaceUrl({ ...tootsies, googlePlaceId: "a b<c" })).not.toContain("query_place_id");
  });

  it("else searches for the name and address, or the coordinates without an address", () => {
    expect(new URL(googleMapsPlaceUrl(tootsies)).searchParams.get("query")).toBe(
      "Tootsie's Orchid Lounge, 422 Broadway, Nashville, TN 37203",
    );
    expect(new URL(googleMapsPlaceUrl({ ...tootsies, address: null })).searchParams.get("query")).toBe(
      "36.1606,-86.7775",
    );
  });
});
