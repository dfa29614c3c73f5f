// Short Google Maps links followed through the safe HTTP helper, against a local fake of Google's link service.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeWebsites, type FakeWebsites } from "../../tests/fakes/websites";
import type { Resolver } from "./http.server";
import { MapsUrlUnavailable, resolveMapsUrl } from "./maps-url.server";

let google: FakeWebsites;
let options: { allowPrivateOrigins: string[]; resolve: Resolver; timeoutMs: number };
beforeAll(async () => {
  google = await startFakeWebsites();
  // maps.app.goo.gl and goo.gl lead to the fake, and only those two origins are let through.
  const resolve: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
  const allowPrivateOrigins = [`http://maps.app.goo.gl:${google.port}`, `http://goo.gl:${google.port}`];
  options = { allowPrivateOrigins, resolve, timeoutMs: 5000 };
});
afterAll(async () => google?.close());

describe("resolveMapsUrl", () => {
  it("reads a full maps URL without any request", async () => {
    const before = google.requests.length;
    const parsed = await resolveMapsUrl("https://www.google.com/maps?q=36.1589,-86.7744", options);
    expect(parsed).toMatchObject({ kind: "maps", point: { lat: 36.1589, lng: -86.7744 } });
    expect(google.requests.length).toBe(before);
  });

  it("follows a short link to the maps URL it stands for, and fetches no more", async () => {
    const parsed = await resolveMapsUrl(`http://maps.app.goo.gl:${google.port}/ryman?g_st=ic`, options);
    expect(parsed).toMatchObject({
      kind: "maps",
      point: { lat: 36.1612022, lng: -86.7784624 },
      pointSource: "pin",
      placeText: "Ryman Auditorium, 116 5th Ave N, Nashville, TN 37219",
    });
    expect(google.requests.at(-1)).toBe("GET maps.app.goo.gl /ryman?g_st=ic");
  });

  it("follows an old goo.gl/maps link, and a link that hops inside the service first", async () => {
    const old = await resolveMapsUrl(`http://goo.gl:${google.port}/maps/old`, options);
    expect(old).toMatchObject({ kind: "maps", pointSource: "pin" });
    const twoHops = await resolveMapsUrl(`http://maps.app.goo.gl:${google.port}/twohop`, options);
    expect(twoHops).toMatchObject({ kind: "maps", pointSource: "pin" });
    expect(google.requests.slice(-2)).toEqual(["GET maps.app.goo.gl /twohop", "GET maps.app.goo.gl /ryman"]);
  });

  it("reads through Google's consent page to the URL it continues to", async () => {
    const parsed = await resolveMapsUrl(`http://maps.app.goo.gl:${google.port}/consent`, options);
    expect(parsed).toMatchObject({ kind: "maps", point: { lat: 36.1589, lng: -86.7744 }, pointSource: "point" });
  });

  it("calls a short link that leads nowhere invalid", async () => {
    for (const path of ["/gone", "/elsewhere"]) {
      const parsed = await resolveMapsUrl(`http://maps.app.goo.gl:${google.port}${path}`, options);
      expect(parsed, path).toMatchObject({ kind: "invalid" });
    }
  });

  it("throws when the link service cannot answer now, so the check is tried again later", async () => {
    await expect(resolveMapsUrl(`http://maps.app.goo.gl:${google.port}/busy`, options)).rejects.toBeInstanceOf(
      MapsUrlUnavailable,
    );
  });

  it("refuses a short link whose name leads to a private address outside the test setting", async () => {
    await expect(
      resolveMapsUrl(`http://maps.app.goo.gl:${google.port}/ryman`, { ...options, allowPrivateOrigins: [] }),
    ).rejects.toThrow(/private address/);
  });
});
