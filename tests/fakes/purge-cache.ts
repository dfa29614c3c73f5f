// A local stand-in for a shared cache's purge endpoint (Varnish with deploy/varnish/default.vcl): takes
// `PURGE` with an `xkey-purge` header naming the keys, records each request, and can fail the first ones.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface PurgeRequest {
  method: string;
  url: string;
  keys: string | undefined;
  /** What the fake answered. */
  status: number;
}

export interface FakePurgeCache {
  /** The base URL to list in CACHE_PURGE_URLS. */
  url: string;
  requests(): PurgeRequest[];
  /** The next `count` purges are answered with `status` (503: the cache restarting), or dropped (`"reset"`). */
  failNext(count: number, status?: number | "reset"): void;
  close(): Promise<void>;
}

export async function startFakePurgeCache(): Promise<FakePurgeCache> {
  const seen: PurgeRequest[] = [];
  let failures = 0;
  let failure: number | "reset" = 503;
  const server = http.createServer((req, res) => {
    req.resume();
    const keys = req.headers["xkey-purge"];
    const record = (status: number) =>
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        keys: Array.isArray(keys) ? keys.join(",") : keys,
        status,
      });
    if (failures > 0) {
      failures--;
      if (failure === "reset") {
        record(0);
        req.socket.destroy();
        return;
      }
      record(failure);
      res.writeHead(failure, { "Content-Type": "text/plain" }).end("failing on purpose\n");
      return;
    }
    // Varnish answers a method or a request it does not take with a 4xx of its own (the VCL's synth).
    const status = req.method !== "PURGE" ? 405 : keys ? 200 : 400;
    record(status);
    res.writeHead(status, { "Content-Type": "text/plain" }).end(status === 200 ? "Purged 1\n" : "refused\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => [...seen],
    failNext(count, status = 503) {
      failures = count;
      failure = status;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
