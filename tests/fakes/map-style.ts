// A local stand-in for an open map style server (what MAP_STYLE_URL points at): one valid MapLibre style with
// a background layer and no remote sources, glyphs or sprites, so the real map library loads it and fires
// 'load' without the network.
import http from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_STYLE = {
  version: 8,
  name: "Test background",
  sources: {},
  layers: [{ id: "background", type: "background", paint: { "background-color": "#e8e4d8" } }],
} as const;

export interface FakeMapStyle {
  /** The URL to give the site as MAP_STYLE_URL. */
  url: string;
  requests(): number;
  close(): Promise<void>;
}

export async function startFakeMapStyle(): Promise<FakeMapStyle> {
  let count = 0;
  const server = http.createServer((req, res) => {
    // The browser fetches the style from the page's origin, so it must allow other origins.
    res.setHeader("Access-Control-Allow-Origin", "*");
    if (req.method === "OPTIONS") {
      res.writeHead(204).end();
      return;
    }
    if (req.url?.split("?")[0] !== "/styles/test") {
      res.writeHead(404).end();
      return;
    }
    count++;
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(FAKE_STYLE));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/styles/test`,
    requests: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
