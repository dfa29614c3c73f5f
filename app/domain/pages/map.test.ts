import { describe, expect, it } from "vitest";
import { chooseMap, MAP_DEFAULTS, mapCenter, mapPoint } from "./map";

describe("MAP_DEFAULTS (public-site §4, §9 Map)", () => {
  it("holds the spec values", () => {
    expect(MAP_DEFAULTS).toEqual({
      zoom: 11,
      center: { lat: 36.1627, lng: -86.7816 },
      detailZoom: 15,
      flyDurationMs: 1000,
      pinSize: 32,
      selectedPinSize: 40,
      popupOffset: 25,
    });
  });
});

describe("chooseMap", () => {
  const styles = {
    mapboxStyle: "mapbox://styles/mapbox/streets-v12",
    openStyleUrl: "https://tiles.openfreemap.org/styles/liberty",
  };

  it("uses Mapbox and its style when there is a token", () => {
    expect(chooseMap({ ...styles, mapboxToken: "pk.abc" })).toEqual({ library: "mapbox", style: styles.mapboxStyle });
  });

  it("uses MapLibre and the open style without a token (or with a blank one)", () => {
    expect(chooseMap(styles)).toEqual({ library: "maplibre", style: styles.openStyleUrl });
    expect(chooseMap({ ...styles, mapboxToken: "  " })).toEqual({ library: "maplibre", style: styles.openStyleUrl });
  });
});

describe("mapPoint", () => {
  it("accepts numbers and numeric strings", () => {
    expect(mapPoint("36.15", "-86.77")).toEqual({ lat: 36.15, lng: -86.77 });
    expect(mapPoint(0, 0)).toEqual({ lat: 0, lng: 0 });
    expect(mapPoint(90, -180)).toEqual({ lat: 90, lng: -180 });
  });

  it("skips non-numeric coordinates", () => {
    expect(mapPoint("abc", "-86.77")).toBeNull();
    expect(mapPoint("36.15", "")).toBeNull();
    expect(mapPoint("NaN", "NaN")).toBeNull();
    expect(mapPoint(Number.NaN, 1)).toBeNull();
    expect(mapPoint(null, undefined)).toBeNull();
  });

  it("skips coordinates off the globe", () => {
    expect(mapPoint(91, 0)).toBeNull();
    expect(mapPoint(0, 180.5)).toBeNull();
    expect(mapPoint("Infinity", 0)).toBeNull();
  });
});

describe("mapCenter", () => {
  it("is the city's centre when it is usable", () => {
    expect(mapCenter({ lat: 35.1495, lng: -90.049 })).toEqual({ lat: 35.1495, lng: -90.049 });
    expect(mapCenter({ lat: "35.1495", lng: "-90.049" })).toEqual({ lat: 35.1495, lng: -90.049 });
  });

  it("is Nashville when there is no usable centre", () => {
    expect(mapCenter(undefined)).toEqual(MAP_DEFAULTS.center);
    expect(mapCenter(null)).toEqual(MAP_DEFAULTS.center);
    expect(mapCenter({ lat: Number.NaN, lng: -90 })).toEqual(MAP_DEFAULTS.center);
    expect(mapCenter({ lat: "abc", lng: "def" })).toEqual(MAP_DEFAULTS.center);
  });
});
