import { describe, expect, it } from "vitest";
import {
  HOME_SEARCH,
  homeLocationPath,
  locationCookie,
  locationFromCookieValue,
  locationFromSearchParams,
  readCookie,
} from "./location";

describe("locationFromSearchParams", () => {
  it("reads valid coordinates", () => {
    expect(locationFromSearchParams(new URLSearchParams("lat=36.16&lng=-86.78"))).toEqual({ lat: 36.16, lng: -86.78 });
  });

  it("refuses missing, empty, non-numeric and out-of-range values", () => {
    for (const q of [
      "",
      "lat=36",
      "lat=&lng=",
      "lat=abc&lng=1",
      "lat=91&lng=0",
      "lat=0&lng=181",
      "lat=1&lng=Infinity",
    ]) {
      expect(locationFromSearchParams(new URLSearchParams(q)), q).toBeNull();
    }
  });
});

describe("the loc cookie", () => {
  it("round-trips a location, rounded to two decimals (about a kilometre)", () => {
    const cookie = locationCookie({ lat: 29.4241234567, lng: -98.4966 });
    expect(cookie).toMatch(/^loc=29\.42,-98\.5; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    const value = readCookie(cookie.split(";")[0]!, "loc");
    expect(locationFromCookieValue(value)).toEqual({ lat: 29.42, lng: -98.5 });
  });

  it("reads an older, finer cookie rounded", () => {
    expect(locationFromCookieValue("36.16271,-86.78162")).toEqual({ lat: 36.16, lng: -86.78 });
  });

  it("ignores broken percent-encoding and over-long values instead of failing", () => {
    expect(locationFromCookieValue("%E0%A4%A")).toBeNull();
    expect(locationFromCookieValue("%")).toBeNull();
    expect(locationFromCookieValue(`1,${"2".repeat(100)}`)).toBeNull();
  });

  it("ignores junk and finds the cookie among others", () => {
    expect(locationFromCookieValue("1,2,3")).toBeNull();
    expect(locationFromCookieValue("north")).toBeNull();
    expect(locationFromCookieValue(undefined)).toBeNull();
    expect(readCookie("a=1; loc=1%2C2; b=3", "loc")).toBe("1%2C2");
    expect(locationFromCookieValue("1%2C2")).toEqual({ lat: 1, lng: 2 });
    expect(readCookie(null, "loc")).toBeNull();
  });
});

describe("HOME_SEARCH", () => {
  const home = (query: string) => HOME_SEARCH(new URLSearchParams(query)).toString();
  it("keeps lat and lng together, rounded to two decimals, in that order", () => {
    expect(home("lng=-86.78162&lat=36.16271")).toBe("lat=36.16&lng=-86.78");
    expect(home("lat=36.16&lng=-86.78")).toBe("lat=36.16&lng=-86.78");
  });
  it("keeps nothing of half a location, a location off the globe, or anything else", () => {
    for (const query of ["lat=36.16", "lng=1", "lat=91&lng=0", "lat=&lng=", "lat=x&lng=1", "city=nashville"]) {
      expect(home(query), query).toBe("");
    }
  });
});

describe("homeLocationPath", () => {
  it("carries the coordinates in the query string", () => {
    expect(homeLocationPath({ lat: 36.1627, lng: -86.7816 })).toBe("/?lat=36.16&lng=-86.78");
  });
});
