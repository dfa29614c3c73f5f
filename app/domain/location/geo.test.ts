import { describe, expect, it } from "vitest";
import { milesBetween, nearbyActivities, nearestCity, parseCoordinate } from "./geo";

const NASHVILLE = { lat: 36.1627, lng: -86.7816 };
const ATLANTA = { lat: 33.749, lng: -84.388 };

describe("milesBetween", () => {
  it("is zero for the same point", () => {
    expect(milesBetween(NASHVILLE, NASHVILLE)).toBe(0);
  });

  it("uses an earth radius of 3959 miles", () => {
    // one degree of latitude = 3959 * π / 180 miles
    expect(milesBetween({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo((3959 * Math.PI) / 180, 6);
    // half way round the world
    expect(milesBetween({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(3959 * Math.PI, 6);
  });

  it("gives the known Nashville–Atlanta distance and is symmetric", () => {
    const d = milesBetween(NASHVILLE, ATLANTA);
    expect(d).toBeGreaterThan(210);
    expect(d).toBeLessThan(216);
    expect(milesBetween(ATLANTA, NASHVILLE)).toBeCloseTo(d, 9);
  });
});

describe("parseCoordinate", () => {
  it("parses numeric strings and passes finite numbers through", () => {
    expect(parseCoordinate("36.1627")).toBe(36.1627);
    expect(parseCoordinate(" -86.78 ")).toBe(-86.78);
    expect(parseCoordinate(0)).toBe(0);
    expect(parseCoordinate("0")).toBe(0);
  });

  it("gives null for anything non-numeric", () => {
    expect(parseCoordinate("")).toBeNull();
    expect(parseCoordinate("   ")).toBeNull();
    expect(parseCoordinate("abc")).toBeNull();
    expect(parseCoordinate("36.1abc")).toBeNull();
    expect(parseCoordinate(null)).toBeNull();
    expect(parseCoordinate(undefined)).toBeNull();
    expect(parseCoordinate(Number.NaN)).toBeNull();
    expect(parseCoordinate(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe("nearestCity", () => {
  const cities = [
    { id: "nashville", centerLatitude: "36.1627", centerLongitude: "-86.7816" },
    { id: "atlanta", centerLatitude: "33.7490", centerLongitude: "-84.3880" },
    { id: "memphis", centerLatitude: "35.1495", centerLongitude: "-90.0490" },
    { id: "broken", centerLatitude: "n/a", centerLongitude: "-86.78" },
  ];
  const all = new Set(cities.map((c) => c.id));

  it("picks the closest eligible city", () => {
    const franklin = { lat: 35.925, lng: -86.8689 };
    expect(nearestCity(franklin, cities, all)?.id).toBe("nashville");
    expect(nearestCity({ lat: 34, lng: -84.5 }, cities, all)?.id).toBe("atlanta");
  });

  it("ignores cities that are not eligible (no activity rated 4+)", () => {
    const franklin = { lat: 35.925, lng: -86.8689 };
    expect(nearestCity(franklin, cities, new Set(["atlanta", "memphis"]))?.id).toBe("memphis");
  });

  it("skips cities with non-numeric centres", () => {
    const onBroken = { lat: 36.1627, lng: -86.78 };
    expect(nearestCity(onBroken, cities, new Set(["broken", "atlanta"]))?.id).toBe("atlanta");
  });

  it("is undefined when nothing is eligible", () => {
    expect(nearestCity(NASHVILLE, cities, new Set())).toBeUndefined();
    expect(nearestCity(NASHVILLE, [], all)).toBeUndefined();
  });
});

describe("nearbyActivities", () => {
  const base = { cityId: "nashville", latitude: "36.1627", longitude: "-86.7816", googleRating: "4.5" };
  const self = { ...base, id: 1 };
  // 0.01° latitude ≈ 0.69 miles
  const at = (id: number, northDeg: number, googleRating: string | null, cityId = "nashville") => ({
    id,
    cityId,
    latitude: String(36.1627 + northDeg),
    longitude: "-86.7816",
    googleRating,
  });

  it("keeps same-city activities within 25 miles, excluding itself", () => {
    const far = at(2, 0.5, "5.0"); // ~34.5 miles
    const near = at(3, 0.1, "4.0");
    const otherCity = at(4, 0.01, "5.0", "franklin");
    expect(nearbyActivities(self, [self, far, near, otherCity]).map((a) => a.id)).toEqual([3]);
  });

  it("includes an activity at exactly the edge, not beyond", () => {
    const edgeDeg = (25 / ((3959 * Math.PI) / 180)) * 0.9999;
    const beyondDeg = (25 / ((3959 * Math.PI) / 180)) * 1.0001;
    const ids = nearbyActivities(self, [at(2, edgeDeg, "4"), at(3, beyondDeg, "4")]).map((a) => a.id);
    expect(ids).toEqual([2]);
  });

  it("sorts by rating descending (missing = 0), then distance, and keeps at most 3", () => {
    const list = [at(10, 0.2, null), at(11, 0.3, "4.2"), at(12, 0.1, "4.2"), at(13, 0.05, "3.9"), at(14, 0.01, "4.8")];
    expect(nearbyActivities(self, list).map((a) => a.id)).toEqual([14, 12, 11]);
    expect(nearbyActivities(self, [at(10, 0.2, null), at(13, 0.05, "0.5")]).map((a) => a.id)).toEqual([13, 10]);
  });

  it("skips candidates with non-numeric coordinates, and returns none if its own are not numeric", () => {
    const bad = { ...at(5, 0, "5"), latitude: "unknown" };
    expect(nearbyActivities(self, [bad, at(6, 0.01, "3")]).map((a) => a.id)).toEqual([6]);
    expect(nearbyActivities({ ...self, longitude: "" }, [at(6, 0.01, "3")])).toEqual([]);
  });
});
