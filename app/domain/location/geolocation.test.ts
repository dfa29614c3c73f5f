import { describe, expect, it } from "vitest";
import { ipGeolocationErrorMessage, parseIpGeolocation } from "./geolocation";

describe("parseIpGeolocation", () => {
  it("reads latitude and longitude as numbers or numeric strings", () => {
    expect(parseIpGeolocation({ latitude: 29.42, longitude: -98.49, city: "San Antonio" })).toEqual({
      lat: 29.42,
      lng: -98.49,
    });
    expect(parseIpGeolocation({ latitude: "36.16", longitude: "-86.78" })).toEqual({ lat: 36.16, lng: -86.78 });
  });

  it("also reads lat / lon", () => {
    expect(parseIpGeolocation({ lat: 33.75, lon: "-84.39" })).toEqual({ lat: 33.75, lng: -84.39 });
  });

  it("gives null when coordinates are missing, non-numeric or out of range", () => {
    expect(parseIpGeolocation({ latitude: null, longitude: null })).toBeNull();
    expect(parseIpGeolocation({ latitude: 10 })).toBeNull();
    expect(parseIpGeolocation({ latitude: "abc", longitude: "1" })).toBeNull();
    expect(parseIpGeolocation({ latitude: "", longitude: "" })).toBeNull();
    expect(parseIpGeolocation({ latitude: true, longitude: 1 })).toBeNull();
    expect(parseIpGeolocation({ latitude: 91, longitude: 0 })).toBeNull();
    expect(parseIpGeolocation({ latitude: 0, longitude: -181 })).toBeNull();
    expect(parseIpGeolocation({ error: true, reason: "RateLimited" })).toBeNull();
  });

  it("gives null for anything that is not an object", () => {
    expect(parseIpGeolocation(null)).toBeNull();
    expect(parseIpGeolocation("29.4,-98.5")).toBeNull();
    expect(parseIpGeolocation(undefined)).toBeNull();
  });

  it("keeps a real 0 coordinate", () => {
    expect(parseIpGeolocation({ latitude: 0, longitude: 0 })).toEqual({ lat: 0, lng: 0 });
  });
});

describe("ipGeolocationErrorMessage", () => {
  it("uses the spec wording", () => {
    expect(ipGeolocationErrorMessage(429)).toBe("HTTP error! status: 429");
  });
});
