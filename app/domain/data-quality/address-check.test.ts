import { describe, expect, it } from "vitest";
import { addressParts, checkAddress, mapsAddressOf, sameAddress } from "./address-check";

describe("sameAddress: addresses that differ only in form", () => {
  it.each([
    ["116 5th Avenue North, Nashville, TN 37219", "116 5th Ave N, Nashville, TN 37219"],
    ["116 5TH AVE. N., NASHVILLE, TN 37219", "116 5th Ave N, Nashville, TN 37219"],
    ["116 Fifth Ave N, Nashville, Tennessee 37219", "116 5th Ave N, Nashville, TN 37219"],
    ["116 5th Ave N Suite 200, Nashville, TN 37219", "116 5th Ave N, Nashville, TN 37219"],
    ["116 5th Ave N, Suite 200, Nashville, TN 37219", "116 5th Ave N, Nashville, TN 37219"],
    ["116 5th Ave N #200, Nashville, TN 37219", "116 5th Ave N, Nashville, TN 37219"],
    ["116 5th Ave N, Nashville, TN 37219-1234", "116 5th Ave N, Nashville, TN 37219"],
    ["116 5th Ave N, Nashville, TN 37219, USA", "116 5th Ave N, Nashville, TN 37219"],
    ["116 5th Ave N, Nashville, TN 37219, United States", "116 5th Ave N, Nashville, TN 37219"],
    ["116 5th Ave N, Nashville TN 37219", "116 5th Ave N, Nashville, TN 37219"],
    ["Ryman Auditorium, 116 5th Ave N, Nashville, TN 37219", "116 5th Ave N, Nashville, TN 37219"],
    ["116 5th Ave N", "116 5th Ave N, Nashville, TN 37219"],
    ["1 Telegraph Hill Boulevard, San Francisco, California 94133", "1 Telegraph Hill Blvd, San Francisco, CA 94133"],
    ["3601 Lyon Street, San Francisco, CA 94123", "3601 Lyon St, San Francisco, CA 94123"],
    ["1600 Pennsylvania Avenue Northwest, Washington, DC 20500", "1600 Pennsylvania Ave NW, Washington, DC 20500"],
    ["100 Biscayne Blvd, Ste 4, Miami, FL 33132", "100 Biscayne Boulevard, Miami, Florida 33132"],
    ["Golden Gate Bridge, San Francisco, CA 94129", "Golden Gate Bridge, San Francisco, CA 94129, USA"],
    ["Staroměstské nám. 1, 110 00 Praha 1, Czechia", "Staromestske nam 1, 110 00 Praha 1"],
  ])("%s = %s", (a, b) => {
    expect(sameAddress(a, b)).toBe(true);
    expect(sameAddress(b, a)).toBe(true);
  });

  it.each([
    ["118 5th Ave N, Nashville, TN 37219", "116 5th Ave N, Nashville, TN 37219"],
    ["116 5th Ave S, Nashville, TN 37219", "116 5th Ave N, Nashville, TN 37219"],
    ["116 5th St N, Nashville, TN 37219", "116 5th Ave N, Nashville, TN 37219"],
    ["116 5th Ave N, Nashville, TN 37203", "116 5th Ave N, Nashville, TN 37219"],
    ["116 5th Ave N, Memphis, TN 37219", "116 5th Ave N, Nashville, TN 37219"],
    ["116 5th Ave N, Nashville, KY", "116 5th Ave N, Nashville, TN"],
    ["Golden Gate Park, San Francisco, CA", "Golden Gate Bridge, San Francisco, CA"],
    ["", "116 5th Ave N"],
  ])("%s ≠ %s", (a, b) => {
    expect(sameAddress(a, b)).toBe(false);
  });
});

describe("addressParts", () => {
  it("splits street, city, state code and five-digit ZIP", () => {
    expect(
      addressParts("Ryman Auditorium, 116 5th Avenue North, Suite 2, Nashville, Tennessee 37219-1234, USA"),
    ).toEqual({
      street: "116 5th ave n",
      city: "nashville",
      state: "tn",
      zip: "37219",
    });
    expect(addressParts("350 Fifth Avenue, New York, NY 10118")).toEqual({
      street: "350 5th ave",
      city: "new york",
      state: "ny",
      zip: "10118",
    });
    // 'FL' after the street is Florida, not a floor.
    expect(addressParts("1 Ocean Dr, Miami Beach, FL 33139").state).toBe("fl");
  });
});

describe("mapsAddressOf", () => {
  it("takes the place text from its numbered street part", () => {
    expect(mapsAddressOf("Ryman Auditorium, 116 5th Ave N, Nashville, TN 37219")).toBe(
      "116 5th Ave N, Nashville, TN 37219",
    );
    expect(mapsAddressOf("116 5th Ave N, Nashville, TN 37219")).toBe("116 5th Ave N, Nashville, TN 37219");
    expect(mapsAddressOf("Old Town Square, Staroměstské nám. 1, 110 00 Praha 1, Czechia")).toBe(
      "Staroměstské nám. 1, 110 00 Praha 1, Czechia",
    );
  });

  it("takes a landmark with a postcode whole, and finds none in a bare name", () => {
    expect(mapsAddressOf("Golden Gate Bridge, San Francisco, CA 94129")).toBe(
      "Golden Gate Bridge, San Francisco, CA 94129",
    );
    expect(mapsAddressOf("Ryman Auditorium")).toBeNull();
    expect(mapsAddressOf("Ryman Auditorium, Nashville")).toBeNull();
    expect(mapsAddressOf("Pier 39, San Francisco")).toBeNull();
    expect(mapsAddressOf(null)).toBeNull();
  });
});

describe("checkAddress", () => {
  const maps = "116 5th Ave N, Nashville, TN 37219";

  it("verifies the same address and keeps the maps address", () => {
    expect(
      checkAddress({ address: "116 5th Avenue North, Nashville, TN", hasMapsUrl: true, mapsAddress: maps }),
    ).toEqual({
      addressStatus: "address_verified",
      mapsAddress: maps,
    });
  });

  it("calls a different one a mismatch, keeping the maps address for auto-correction", () => {
    expect(checkAddress({ address: "200 Broadway, Nashville, TN 37201", hasMapsUrl: true, mapsAddress: maps })).toEqual(
      {
        addressStatus: "address_mismatch",
        mapsAddress: maps,
      },
    );
  });

  it("no_maps_url without a URL, no_maps_address when the URL names none, no_address when the activity has none", () => {
    expect(checkAddress({ address: "x", hasMapsUrl: false, mapsAddress: null })).toEqual({
      addressStatus: "no_maps_url",
      mapsAddress: null,
    });
    expect(checkAddress({ address: "x", hasMapsUrl: true, mapsAddress: null })).toEqual({
      addressStatus: "no_maps_address",
      mapsAddress: null,
    });
    expect(checkAddress({ address: " ", hasMapsUrl: true, mapsAddress: maps })).toEqual({
      addressStatus: "no_address",
      mapsAddress: maps,
    });
  });
});
