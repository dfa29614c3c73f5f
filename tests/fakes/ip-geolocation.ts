// A local stand-in for the IP geolocation service, speaking ipapi.co's protocol: GET /json/ locates the address
// that calls (the visitor's browser, app/services/ip-geolocation.ts), GET /{ip}/json/ the address named. Each
// address answers what the test registered for it; any other answers as ipapi.co does for an address it cannot
// place (200, { error: true, reason }), which has no coordinates.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface IpPlace {
  city: string;
  latitude: number;
  longitude: number;
}

export interface IpGeolocationRequest {
  /** The address located: the caller's for /json/, the named one for /{ip}/json/. */
  ip: string;
  /** The address that called. */
  caller: string;
  path: string;
  /** The Origin header: a browser's cross-origin fetch sends the page's origin, a server's fetch none. */
  origin: string | undefined;
}

export interface FakeIpGeolocation {
  /** The URL to give the site as IP_GEOLOCATION_URL (the caller's own location, as https://ipapi.co/json/). */
  url: string;
  /** Where an address is, from now on. */
  locate(ip: string, place: IpPlace): void;
  /** Every answer is this error status from now on (as when the quota is spent); null to answer again. */
  failWith(status: number | null): void;
  /** The lookups answered (not the CORS preflights), oldest first. */
  requests: IpGeolocationRequest[];
  close(): Promise<void>;
}

/** An IPv4 address as the socket gives it ('::ffff:127.0.0.1') written as the service reports it. */
function plainAddress(address: string | undefined): string {
  return (address ?? "").replace(/^::ffff:/, "");
}

export async function startFakeIpGeolocation(places: Record<string, IpPlace> = {}): Promise<FakeIpGeolocation> {
  const known = new Map(Object.entries(places));
  let failure: number | null = null;
  const requests: IpGeolocationRequest[] = [];
  const server = http.createServer((req, res) => {
    // The browser calls the service directly from the home page, so it must allow other origins.
    res.setHeader("Access-Control-Allow-Origin", "*");
    if (req.method === "OPTIONS") {
      res.setHeader("Access-Control-Allow-Headers", "Accept");
      res.writeHead(204).end();
      return;
    }
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const caller = plainAddress(req.socket.remoteAddress);
    const match = /^\/(?:([^/]+)\/)?json\/?$/.exec(path);
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (!match) return send(404, { error: true, reason: "Not Found" });
    const ip = match[1] ? decodeURIComponent(match[1]) : caller;
    const origin = req.headers.origin;
    requests.push({ ip, caller, path, origin: typeof origin === "string" ? origin : undefined });
    if (failure !== null) return send(failure, { error: true, reason: failure === 429 ? "RateLimited" : "Error" });
    const place = known.get(ip);
    if (!place) return send(200, { ip, error: true, reason: "Reserved IP Address", reserved: true });
    send(200, {
      ip,
      city: place.city,
      country_code: "US",
      latitude: place.latitude,
      longitude: place.longitude,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/json/`,
    locate(ip, place) {
      known.set(ip, place);
    },
    failWith(status) {
      failure = status;
    },
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
