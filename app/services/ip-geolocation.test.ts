// The IP geolocation client against a local fake that speaks ipapi.co's protocol (tests/fakes/ip-geolocation.ts):
// it asks where the address it calls from is, and reads the answer's coordinates.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeIpGeolocation, type FakeIpGeolocation } from "../../tests/fakes/ip-geolocation";
import { locateByIp } from "./ip-geolocation";

let service: FakeIpGeolocation;
beforeAll(async () => {
  // This process calls the fake from the loopback address; another address is somewhere else.
  service = await startFakeIpGeolocation({
    "127.0.0.1": { city: "Austin", latitude: 30.2672, longitude: -97.7431 },
    "203.0.113.7": { city: "Nashville", latitude: 36.1627, longitude: -86.7816 },
  });
});
afterAll(() => service?.close());
beforeEach(() => {
  service.failWith(null);
  service.requests.length = 0;
});

describe("locateByIp", () => {
  it("finds the caller's own address, asking the service once and naming no address", async () => {
    expect(await locateByIp(service.url)).toEqual({ lat: 30.2672, lng: -97.7431 });
    expect(service.requests).toEqual([{ ip: "127.0.0.1", caller: "127.0.0.1", path: "/json/", origin: undefined }]);
  });

  it("answers for the address the service sees, not another: an address it cannot place gives no position", async () => {
    const elsewhere = await startFakeIpGeolocation({
      "203.0.113.7": { city: "Nashville", latitude: 36.1627, longitude: -86.7816 },
    });
    try {
      expect(await locateByIp(elsewhere.url)).toBeNull();
      expect(elsewhere.requests.map((r) => r.ip)).toEqual(["127.0.0.1"]);
    } finally {
      await elsewhere.close();
    }
  });

  it("fails with the service's status when it refuses (a spent quota)", async () => {
    service.failWith(429);
    await expect(locateByIp(service.url)).rejects.toThrow("HTTP error! status: 429");
  });
});
