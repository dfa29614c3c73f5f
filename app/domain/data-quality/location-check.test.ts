import { describe, expect, it } from "vitest";
import {
  businessStatusOf,
  coordinatesCheck,
  locationAccuracy,
  placeQuery,
  validCoordinates,
  type LocatedActivity,
} from "./location-check";

const NASHVILLE = { displayName: "Nashville", centerLatitude: 36.1627, centerLongitude: -86.7816, radius: 60 };
const RYMAN = { lat: 36.1612, lng: -86.7785 };
const activity = (over: Partial<LocatedActivity> = {}): LocatedActivity => ({
  title: "Ryman Auditorium",
  address: "116 5th Ave N, Nashville, TN 37219",
  state: "Tennessee",
  latitude: RYMAN.lat,
  longitude: RYMAN.lng,
  googlePlaceId: null,
  city: NASHVILLE,
  ...over,
});
// A place `miles` north of the Ryman (one degree of latitude is about 69.09 miles).
const placeNorth = (miles: number) => ({ location: { latitude: RYMAN.lat + miles / 69.09, longitude: RYMAN.lng } });

describe("validCoordinates", () => {
  it("accepts numbers and numeric strings in range, and nothing else", () => {
    expect(validCoordinates("36.1612", "-86.7785")).toEqual(RYMAN);
    expect(validCoordinates(36.1612, -86.7785)).toEqual(RYMAN);
    for (const [lat, lng] of [
      [null, -86.7],
      ["", "-86.7"],
      ["north", "-86.7"],
      [Number.NaN, 1],
      [91, 0],
      [0, 181],
      [0, 0],
    ] as const) {
      expect(validCoordinates(lat, lng), `${lat},${lng}`).toBeNull();
    }
  });
});

describe("coordinatesCheck", () => {
  it("invalid_coordinates for coordinates that are not usable", () => {
    expect(coordinatesCheck(activity({ latitude: "abc" }))).toEqual({
      locationAccuracy: "invalid_coordinates",
      locationDistance: null,
    });
    expect(coordinatesCheck(activity({ latitude: 0, longitude: 0 }))).toMatchObject({
      locationAccuracy: "invalid_coordinates",
    });
  });

  it("out_of_range beyond the city's radius (60 miles by default)", () => {
    // Memphis is about 200 miles from Nashville; Franklin about 18.
    expect(coordinatesCheck(activity({ latitude: 35.1495, longitude: -90.049 }))).toEqual({
      locationAccuracy: "out_of_range",
      locationDistance: null,
    });
    expect(coordinatesCheck(activity({ latitude: 35.9251, longitude: -86.8689 }))).toEqual({
      point: { lat: 35.9251, lng: -86.8689 },
    });
    const small = { ...NASHVILLE, radius: 10 };
    expect(coordinatesCheck(activity({ latitude: 35.9251, longitude: -86.8689, city: small }))).toMatchObject({
      locationAccuracy: "out_of_range",
    });
    const unset = { ...NASHVILLE, radius: null };
    expect(coordinatesCheck(activity({ latitude: 35.1495, longitude: -90.049, city: unset }))).toMatchObject({
      locationAccuracy: "out_of_range",
    });
  });
});

describe("locationAccuracy", () => {
  it("verifies a place within 0.5 mile and calls one beyond a mismatch, with the distance", () => {
    expect(locationAccuracy(RYMAN, placeNorth(0.4))).toEqual({
      locationAccuracy: "location_verified",
      locationDistance: 0.4,
    });
    expect(locationAccuracy(RYMAN, placeNorth(0.6))).toEqual({
      locationAccuracy: "location_mismatch",
      locationDistance: 0.6,
    });
  });

  it("coordinates_valid when Google finds nothing to compare", () => {
    expect(locationAccuracy(RYMAN, null)).toEqual({ locationAccuracy: "coordinates_valid", locationDistance: null });
    expect(locationAccuracy(RYMAN, { businessStatus: "OPERATIONAL" })).toEqual({
      locationAccuracy: "coordinates_valid",
      locationDistance: null,
    });
  });
});

describe("businessStatusOf", () => {
  it("passes Google's three statuses and calls anything else NOT_FOUND", () => {
    expect(businessStatusOf({ businessStatus: "OPERATIONAL" })).toBe("OPERATIONAL");
    expect(businessStatusOf({ businessStatus: "CLOSED_TEMPORARILY" })).toBe("CLOSED_TEMPORARILY");
    expect(businessStatusOf({ businessStatus: "CLOSED_PERMANENTLY" })).toBe("CLOSED_PERMANENTLY");
    expect(businessStatusOf({ businessStatus: "BUSINESS_STATUS_UNSPECIFIED" })).toBe("NOT_FOUND");
    expect(businessStatusOf({})).toBe("NOT_FOUND");
    expect(businessStatusOf(null)).toBe("NOT_FOUND");
  });
});

describe("placeQuery", () => {
  it("searches the title and address round the activity, or asks for its place id", () => {
    expect(placeQuery(activity(), "location")).toEqual({
      placeId: null,
      text: "Ryman Auditorium, 116 5th Ave N, Nashville, TN 37219",
      near: RYMAN,
      radiusMiles: 60,
      want: "location",
    });
    expect(placeQuery(activity({ address: null, googlePlaceId: "ChIJ123", latitude: "x" }), "businessStatus")).toEqual({
      placeId: "ChIJ123",
      text: "Ryman Auditorium, Nashville, Tennessee",
      near: { lat: 36.1627, lng: -86.7816 },
      radiusMiles: 60,
      want: "businessStatus",
    });
  });
});
