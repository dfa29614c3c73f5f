// A local stand-in for the IP geolocation service (ipapi.co's /json/ shape): answers what the test sets.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type IpGeolocationAnswer = { status: number; body: unknown };

export interface FakeIpGeolocation {
  /** The URL to give the site as IP_GEOLOCATION_URL. */
  url: string;
  answer(next: IpGeolocationAnswer): void;
  requests(): number;
  close(): Promise<void>;
}

export async function startFakeIpGeolocation(
  initial: IpGeolocationAnswer = { status: 200, body: { latitude: 29.4241, longitude: -98.4936 } },
): Promise<FakeIpGeolocation> {
  let current = initial;
  let count = 0;
  const server = http.createServer((req, res) => {
    // The browser calls the service directly from the home page, so it must allow other origins.
    res.setHeader("Access-Control-Allow-Origin", "*");
    if (req.method === "OPTIONS") {
      res.setHeader("Access-Control-Allow-Headers", "Accept");
      res.writeHead(204).end();
      return;
    }
    count++;
    res.writeHead(current.status, { "Content-Type": "application/json" });
    res.end(
      current.status >= 400 ? JSON.stringify({ error: true, reason: "fake failure" }) : JSON.stringify(current.body),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/json/`,
    answer(next) {
      current = next;
    },
    requests: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
