// The page's scripts and styles are compressed when the site is built (vite.config.ts, docs/decisions/050): a browser
// gets the brotli file, a client that takes only gzip the gzip one, any other the file itself, each the same script
// once decoded, kept for a year by any cache, and named in `Vary` so that a shared cache keeps one per coding.
import { existsSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { setUpSite } from "../helpers/e2e";

const site = setUpSite();
const CITY = "/usa/tn/nashville/things-to-do";
const ASSETS = path.join("build", "client", "assets");

describe("the build's scripts", () => {
  it("reach Chromium as brotli, and the page they make runs", async () => {
    await site.withPage({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true }, async (page) => {
      const scripts: { url: string; encoding: string | undefined; type: string | undefined }[] = [];
      page.on("response", (response) => {
        if (!new URL(response.url()).pathname.match(/^\/assets\/.+\.js$/)) return;
        const headers = response.headers();
        scripts.push({ url: response.url(), encoding: headers["content-encoding"], type: headers["content-type"] });
      });
      await page.goto(site.url + CITY);
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
      // Hydrated: the phone's filter button opens the sheet as a dialog, which only the scripts do.
      await page.getByRole("link", { name: /^See \d+ activities$/ }).tap();
      await page.locator("dialog#filters:modal").waitFor();
      // Every script of the build of a kilobyte or more as brotli; smaller ones as they are (compressing them saves
      // nothing). The public routes' manifest is made as the server starts (app/http/public-manifest.server.ts).
      const built = scripts.filter((s) => existsSync(path.join(ASSETS, path.basename(new URL(s.url).pathname))));
      const large = built.filter(
        (s) => statSync(path.join(ASSETS, path.basename(new URL(s.url).pathname))).size >= 1024,
      );
      expect(large.length).toBeGreaterThan(5);
      expect(large.filter((s) => s.encoding !== "br")).toEqual([]);
      expect(scripts.filter((s) => !s.type?.startsWith("text/javascript"))).toEqual([]);
    });
  });

  it("are the brotli or gzip file made when built as a client asks, and the file itself for one that takes neither", async () => {
    const html = await (await fetch(site.url + CITY)).text();
    const entry = html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0];
    expect(entry).toBeDefined();
    const file = path.join(ASSETS, path.basename(entry!));
    const source = readFileSync(file);

    for (const [acceptEncoding, encoding, body] of [
      ["gzip, deflate, br", "br", readFileSync(`${file}.br`)],
      ["gzip", "gzip", readFileSync(`${file}.gz`)],
      ["identity", undefined, source],
    ] as const) {
      const answer = await rawGet(site.url + entry, acceptEncoding);
      expect(answer.status, acceptEncoding).toBe(200);
      expect(answer.headers["content-type"], acceptEncoding).toMatch(/^text\/javascript/);
      expect(answer.headers["cache-control"], acceptEncoding).toBe("public, max-age=31536000, immutable");
      expect(answer.headers["vary"], acceptEncoding).toMatch(/accept-encoding/i);
      expect(answer.headers["content-encoding"], acceptEncoding).toBe(encoding);
      // The bytes of the file made when built, not the script compressed again for this request.
      expect(answer.body.equals(body), acceptEncoding).toBe(true);
    }
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(source)).toBe(true);
    expect(gunzipSync(readFileSync(`${file}.gz`)).equals(source)).toBe(true);
  });
});

/** A GET whose body is kept as sent (fetch would undo its Content-Encoding). */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}
