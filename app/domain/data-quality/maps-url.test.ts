import { describe, expect, it } from "vitest";
import { checkMapsUrl, isFullMapsUrl, isShortMapsLink, parseMapsUrl, type MapsUrl } from "./maps-url";

const RYMAN = { lat: 36.1612022, lng: -86.7784624 };

function maps(url: string) {
  const parsed = parseMapsUrl(url);
  if (parsed.kind !== "maps") throw new Error(`not read as a maps URL: ${url} → ${JSON.stringify(parsed)}`);
  return parsed;
}

describe("parseMapsUrl: every form Google uses", () => {
  it("/maps/place/{name}/@{lat},{lng},{zoom}z: the viewport centre and the place text", () => {
    expect(maps("https://www.google.com/maps/place/Ryman+Auditorium/@36.1612,-86.7785,17z")).toEqual({
      kind: "maps",
      point: { lat: 36.1612, lng: -86.7785 },
      pointSource: "viewport",
      placeText: "Ryman Auditorium",
      cid: null,
      placeId: null,
    });
  });

  it("the !3d!4d place pin inside data= beats the viewport centre", () => {
    const url =
      "https://www.google.com/maps/place/Ryman+Auditorium/@36.1580,-86.7900,15z/data=!3m1!4b1!4m6!3m5!1s0x8864667b0c7f3b9b:0x1!8m2!3d36.1612022!4d-86.7784624!16zL20vMDJsMnpm?entry=ttu";
    expect(maps(url)).toMatchObject({ point: RYMAN, pointSource: "pin", placeText: "Ryman Auditorium" });
  });

  it("takes the pin after !8m2 when data= holds several", () => {
    const url =
      "https://www.google.com/maps/place/X/data=!4m7!3m6!1s0x0:0x0!3d1.5!4d2.5!8m2!3d36.1612022!4d-86.7784624";
    expect(maps(url).point).toEqual(RYMAN);
    expect(maps("https://www.google.com/maps/place/X/data=!3m1!3d36.1612022!4d-86.7784624").point).toEqual(RYMAN);
  });

  it("reads a percent-encoded data= and place text", () => {
    const url =
      "https://www.google.com/maps/place/Caf%C3%A9+Du+Monde/@29.9575,-90.0618,17z/data=%213m1%214b1%218m2%213d29.9574%214d-90.0618";
    expect(maps(url)).toMatchObject({ placeText: "Café Du Monde", point: { lat: 29.9574, lng: -90.0618 } });
  });

  it("?q={lat},{lng} (also with loc: and spaces) is an explicit point", () => {
    for (const url of [
      "https://www.google.com/maps?q=36.1612,-86.7785",
      "https://maps.google.com/?q=36.1612,-86.7785",
      "https://maps.google.com/maps?q=loc:36.1612,-86.7785",
      "https://www.google.com/maps?q=36.1612%2C%20-86.7785",
    ]) {
      expect(maps(url), url).toMatchObject({
        point: { lat: 36.1612, lng: -86.7785 },
        pointSource: "point",
        placeText: null,
      });
    }
  });

  it("?q={text} is place text without a point", () => {
    expect(maps("https://www.google.com/maps?q=Ryman+Auditorium,+Nashville")).toMatchObject({
      point: null,
      pointSource: null,
      placeText: "Ryman Auditorium, Nashville",
    });
  });

  it("/maps/search/?api=1&query= with coordinates or text, and query_place_id", () => {
    expect(maps("https://www.google.com/maps/search/?api=1&query=36.1612,-86.7785")).toMatchObject({
      point: { lat: 36.1612, lng: -86.7785 },
      pointSource: "point",
    });
    expect(
      maps("https://www.google.com/maps/search/?api=1&query=Ryman%20Auditorium&query_place_id=ChIJwQzZ8ZhmZIgR"),
    ).toMatchObject({ point: null, placeText: "Ryman Auditorium", placeId: "ChIJwQzZ8ZhmZIgR" });
  });

  it("/maps/search/{text}/@… has text and a viewport", () => {
    expect(maps("https://www.google.com/maps/search/honky+tonks/@36.16,-86.77,15z")).toMatchObject({
      placeText: "honky tonks",
      point: { lat: 36.16, lng: -86.77 },
      pointSource: "viewport",
    });
  });

  it("?cid= keeps the place's id; place_id: too", () => {
    expect(maps("https://maps.google.com/?cid=12345678901234567890")).toMatchObject({
      cid: "12345678901234567890",
      point: null,
      placeText: null,
    });
    expect(maps("https://www.google.com/maps/place/?q=place_id:ChIJwQzZ8ZhmZIgR")).toMatchObject({
      placeId: "ChIJwQzZ8ZhmZIgR",
      placeText: null,
    });
  });

  it("ll= is a viewport, below an explicit q point", () => {
    expect(maps("https://maps.google.com/?ll=36.1612,-86.7785&z=15")).toMatchObject({
      point: { lat: 36.1612, lng: -86.7785 },
      pointSource: "viewport",
    });
    expect(maps("https://maps.google.com/?q=36.2,-86.8&ll=36.1612,-86.7785")).toMatchObject({
      point: { lat: 36.2, lng: -86.8 },
      pointSource: "point",
    });
  });

  it("/maps/place/{lat},{lng} and directions' destination are explicit points; DMS text is not place text", () => {
    expect(maps("https://www.google.com/maps/place/36.1612,-86.7785")).toMatchObject({
      point: { lat: 36.1612, lng: -86.7785 },
      pointSource: "point",
      placeText: null,
    });
    expect(maps("https://www.google.com/maps/dir/?api=1&destination=36.1612,-86.7785")).toMatchObject({
      point: { lat: 36.1612, lng: -86.7785 },
    });
    const dms = maps(
      "https://www.google.com/maps/place/36%C2%B009'40.3%22N+86%C2%B046'42.5%22W/@36.1612,-86.7785,17z/data=!4m4!3m3!8m2!3d36.1612022!4d-86.7784624",
    );
    expect(dms).toMatchObject({ placeText: null, point: RYMAN, pointSource: "pin" });
  });

  it("/maps/@{lat},{lng},{zoom}z alone is a viewport; a satellite view's metres too", () => {
    expect(maps("https://www.google.com/maps/@36.1612,-86.7785,15z").point).toEqual({ lat: 36.1612, lng: -86.7785 });
    expect(maps("https://www.google.com/maps/@36.1612,-86.7785,350m/data=!3m1!1e3").point).toEqual({
      lat: 36.1612,
      lng: -86.7785,
    });
  });

  it("accepts Google's country domains, and reads a consent page as the URL it continues to", () => {
    expect(maps("https://www.google.co.uk/maps/place/Big+Ben/@51.5007,-0.1246,17z").placeText).toBe("Big Ben");
    expect(maps("https://www.google.com.co/maps?q=4.6,-74.08").point).toEqual({ lat: 4.6, lng: -74.08 });
    expect(maps("https://google.cz/maps?q=50.087,14.421").point).toEqual({ lat: 50.087, lng: 14.421 });
    const consent = `https://consent.google.com/ml?continue=${encodeURIComponent("https://www.google.com/maps?q=36.1,-86.7")}`;
    expect(maps(consent).point).toEqual({ lat: 36.1, lng: -86.7 });
  });

  it("short links are recognised for resolving", () => {
    expect(parseMapsUrl("https://maps.app.goo.gl/AbC123xyz?g_st=ic")).toEqual({
      kind: "short",
      url: "https://maps.app.goo.gl/AbC123xyz?g_st=ic",
    });
    expect(parseMapsUrl("https://goo.gl/maps/AbC123")).toMatchObject({ kind: "short" });
    expect(isShortMapsLink(new URL("https://goo.gl/AbC123"))).toBe(false);
    expect(isShortMapsLink(new URL("https://maps.app.goo.gl/"))).toBe(false);
  });

  it("refuses what is not a Google Maps URL", () => {
    for (const url of [
      "not a url",
      "ftp://www.google.com/maps?q=1,2",
      "https://www.google.com/search?q=ryman",
      "https://evil.com/maps/place/x/@36.1,-86.7,17z",
      "https://google.com.evil.com/maps?q=1,2",
      "https://www.bing.com/maps?q=36.1,-86.7",
    ]) {
      expect(parseMapsUrl(url).kind, url).toBe("invalid");
    }
  });

  it("ignores coordinates out of range", () => {
    expect(maps("https://www.google.com/maps?q=95.1,-86.7").point).toBeNull();
    expect(maps("https://www.google.com/maps/@36.1,-186.7,15z").point).toBeNull();
  });

  it("tells full maps URLs (where a short link's redirect may stop) from others", () => {
    expect(isFullMapsUrl(new URL("https://www.google.com/maps/place/x"))).toBe(true);
    expect(isFullMapsUrl(new URL("https://maps.google.com/?cid=1"))).toBe(true);
    expect(isFullMapsUrl(new URL("https://www.google.com/"))).toBe(false);
    expect(isFullMapsUrl(new URL("https://maps.app.goo.gl/abc"))).toBe(false);
  });
});

describe("checkMapsUrl", () => {
  const at = (
    point: { lat: number; lng: number } | null,
    pointSource: "pin" | "point" | "viewport" | null,
  ): MapsUrl => ({
    kind: "maps",
    point,
    pointSource,
    placeText: null,
    cid: null,
    placeId: null,
  });
  // 0.001° of latitude is about 0.069 mile.
  const north = (miles: number) => ({ lat: RYMAN.lat + miles / 69.09, lng: RYMAN.lng });

  it("verifies a pin or point within 0.25 mile and calls one beyond a mismatch, with the distance", () => {
    expect(checkMapsUrl(RYMAN, at(north(0.2), "pin"))).toEqual({
      mapsUrlStatus: "maps_url_verified",
      mapsUrlDistance: 0.2,
    });
    expect(checkMapsUrl(RYMAN, at(north(0.3), "point"))).toEqual({
      mapsUrlStatus: "maps_url_mismatch",
      mapsUrlDistance: 0.3,
    });
  });

  it("allows a viewport centre 1 mile", () => {
    expect(checkMapsUrl(RYMAN, at(north(0.9), "viewport")).mapsUrlStatus).toBe("maps_url_verified");
    expect(checkMapsUrl(RYMAN, at(north(1.2), "viewport"))).toEqual({
      mapsUrlStatus: "maps_url_mismatch",
      mapsUrlDistance: 1.2,
    });
  });

  it("cannot verify without a point on either side, and calls a URL that is none invalid", () => {
    expect(checkMapsUrl(RYMAN, at(null, null))).toEqual({
      mapsUrlStatus: "maps_url_unverified",
      mapsUrlDistance: null,
    });
    expect(checkMapsUrl(null, at(RYMAN, "pin"))).toEqual({
      mapsUrlStatus: "maps_url_unverified",
      mapsUrlDistance: null,
    });
    expect(checkMapsUrl(RYMAN, { kind: "short", url: "https://maps.app.goo.gl/x" }).mapsUrlStatus).toBe(
      "maps_url_unverified",
    );
    expect(checkMapsUrl(RYMAN, { kind: "invalid", reason: "x" })).toEqual({
      mapsUrlStatus: "maps_url_invalid",
      mapsUrlDistance: null,
    });
  });
});
