// Local stand-ins for the sites data-quality validation reaches: activities' websites (reachable, missing,
// refusing HEAD, redirecting, looping, redirecting to private addresses, slow) and Google's short maps links
// (maps.app.goo.gl / goo.gl/maps, reached by a test through a resolver that maps those names to this server).
// Give the site VALIDATION_ALLOW_PRIVATE_ORIGINS=<origin> (or pass allowPrivateOrigins) so the checks may reach it.
import http from "node:http";
import type { AddressInfo } from "node:net";

export const RYMAN_MAPS_URL =
  "https://www.google.com/maps/place/Ryman+Auditorium,+116+5th+Ave+N,+Nashville,+TN+37219/@36.1612,-86.7785,17z/data=!3m1!4b1!4m6!3m5!1s0x8864667b0c7f3b9b:0x1!8m2!3d36.1612022!4d-86.7784624!16s";

export interface FakeWebsites {
  /** http://127.0.0.1:{port} */
  origin: string;
  port: number;
  /** Every request seen, as 'METHOD host path'. */
  requests: string[];
  /** The requests (as in `requests`) whose connection the client ended before the answer was complete. */
  abandoned: string[];
  /** The most /wait/* requests open at once since the last reset (each is answered after 100 ms). */
  peakWaiting(): number;
  resetPeak(): void;
  close(): Promise<void>;
}

export async function startFakeWebsites(): Promise<FakeWebsites> {
  const requests: string[] = [];
  const abandoned: string[] = [];
  let port = 0;
  let waiting = 0;
  let peak = 0;
  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "");
    const path = req.url ?? "/";
    const request = `${req.method} ${host} ${path}`;
    requests.push(request);
    res.once("close", () => {
      if (!res.writableFinished) abandoned.push(request);
    });
    if (host === "maps.app.goo.gl" || host === "goo.gl") return shortLink(path, res);
    if (path.startsWith("/wait/")) {
      waiting++;
      peak = Math.max(peak, waiting);
      setTimeout(() => {
        waiting--;
        res.writeHead(200).end("done");
      }, 100);
      return;
    }
    const hop = path.match(/^\/hop\/(\d+)$/);
    if (hop) {
      const n = Number(hop[1]);
      return n > 0 ? res.writeHead(302, { Location: `/hop/${n - 1}` }).end() : res.writeHead(200).end("arrived");
    }
    switch (path) {
      case "/ok":
        return res.writeHead(200, { "Content-Type": "text/html" }).end("<h1>Welcome</h1>");
      case "/missing":
        return res.writeHead(404).end("Not found");
      case "/forbidden":
        return res.writeHead(403).end("Bots not welcome");
      case "/broken":
        return res.writeHead(500).end("Oops");
      case "/no-head":
        return res.writeHead(req.method === "HEAD" ? 405 : 200).end(req.method === "HEAD" ? undefined : "GET works");
      case "/head-not-implemented":
        return res.writeHead(req.method === "HEAD" ? 501 : 200).end();
      case "/head-drops":
        if (req.method === "HEAD") return req.socket.destroy();
        return res.writeHead(200).end("GET works");
      case "/loop":
        return res.writeHead(302, { Location: "/loop" }).end();
      case "/to-metadata":
        return res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/" }).end();
      case "/to-private":
        return res.writeHead(301, { Location: "http://10.0.0.1/" }).end();
      case "/to-localhost":
        return res.writeHead(302, { Location: `http://localhost:${port}/ok` }).end();
      case "/slow":
        return; // never answers
      case "/huge": // refuses HEAD, so the GET must stop after the headers: the body never ends
        if (req.method === "HEAD") return res.writeHead(405).end();
        res.writeHead(200, { "Content-Type": "text/html" });
        return endlessBody(res);
      default:
        return res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    abandoned,
    peakWaiting: () => peak,
    resetPeak: () => {
      peak = 0;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };

  /** Writes the body chunk by chunk for as long as the client reads it: it has no end. */
  function endlessBody(res: http.ServerResponse) {
    const chunk = "x".repeat(64 * 1024);
    const write = () => {
      while (!res.destroyed && res.write(chunk));
    };
    res.on("drain", write);
    write();
  }

  function shortLink(path: string, res: http.ServerResponse) {
    if (path.startsWith("/ryman")) return res.writeHead(302, { Location: RYMAN_MAPS_URL }).end();
    if (path === "/maps/old") return res.writeHead(301, { Location: RYMAN_MAPS_URL }).end();
    // A hop inside the link service before the maps URL.
    if (path === "/twohop") return res.writeHead(302, { Location: "/ryman" }).end();
    if (path === "/consent") {
      const continueTo = encodeURIComponent("https://www.google.com/maps?q=36.1589,-86.7744");
      return res.writeHead(302, { Location: `https://consent.google.com/ml?continue=${continueTo}` }).end();
    }
    if (path === "/elsewhere") return res.writeHead(302, { Location: "/landing" }).end();
    if (path === "/landing") return res.writeHead(200).end("<p>Dynamic link not found</p>");
    if (path === "/busy") return res.writeHead(503).end();
    return res.writeHead(404).end();
  }
}
