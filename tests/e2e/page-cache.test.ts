// The in-memory page cache (app/http/page-cache.server.ts) against the built server: a public page is rendered once
// per data version and then served from memory, the same bytes for every visitor; a strong ETag and 304 for caches
// in front; requests that carry a session or a toast are rendered for themselves; and any write — an administrator's
// edit through the app, or another process writing to the database — shows on the very next request.
import { createHash } from "node:crypto";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pg from "pg";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PAGE_CACHE_HEADER } from "~/http/page-cache.server";
import { adminHttp } from "../helpers/admin";
import { setUpSite } from "../helpers/e2e";

const site = setUpSite();

const CITY = "/usa/tn/nashville/things-to-do";
const DETAIL = `${CITY}/tootsies-orchid-lounge`;

const get = (path: string, headers: Record<string, string> = {}) => fetch(site.url + path, { headers });
const source = (response: Response) => response.headers.get(PAGE_CACHE_HEADER);
/** A GET whose body comes as sent, compressed or not (fetch would inflate it). */
function rawGet(
  path: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(site.url + path, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

/** The strong ETag of a body: the base64url SHA-256 of its bytes as sent. */
const strongETag = (body: Buffer) => `"${createHash("sha256").update(body).digest("base64url")}"`;

/** The activity shown at DETAIL, as the public API gives it. */
async function tootsies(): Promise<{ id: number; excerpt: string }> {
  const answer = await get("/api/activities/by-slug/nashville/tootsies-orchid-lounge");
  expect(answer.status).toBe(200);
  return (await answer.json()) as { id: number; excerpt: string };
}

describe("public pages kept in memory", () => {
  it("renders a page once, then serves the same bytes from memory", async () => {
    const path = `${CITY}?sort=rating-high`;
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(source(first)).toBe("miss");
    const second = await get(path);
    expect(source(second)).toBe("hit");
    expect(await second.text()).toBe(await first.text());
    for (const name of ["ETag", "Cache-Control", "Content-Security-Policy"]) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    }
  });

  it("gives every visitor of a public URL the same bytes and the same strong ETag, the hash of those bytes", async () => {
    const sitemap = "/sitemap.xml";
    for (const path of ["/", "/cities", CITY, DETAIL, "/embed/activity/1", sitemap]) {
      const first = await rawGet(path, "identity");
      expect(first.status, path).toBe(200);
      // A streamed answer (the sitemap) goes out as it is rendered, before its hash is known, and is kept once it ends.
      const kept = () => rawGet(path, "identity").then((r) => r.headers[PAGE_CACHE_HEADER.toLowerCase()]);
      await expect.poll(kept, { message: path }).toBe("hit");
      const [second, third] = [await rawGet(path, "identity"), await rawGet(path, "identity")];
      expect(second.body.equals(first.body), path).toBe(true);
      expect(third.body.equals(first.body), path).toBe(true);
      expect(second.headers.etag, path).toBe(strongETag(second.body));
      expect(third.headers.etag, path).toBe(second.headers.etag);
      if (path !== sitemap) expect(first.headers.etag, path).toBe(second.headers.etag);
      const [brotli, again] = [await rawGet(path, "br"), await rawGet(path, "br")];
      expect(again.body.equals(brotli.body), path).toBe(true);
      expect(again.headers.etag, path).toBe(strongETag(again.body));
    }
  });

  it("sends a kept page compressed once (br, else gzip), and plain to a client that takes neither: the same page", async () => {
    const path = `${CITY}?sort=name-asc`;
    const plain = await rawGet(path, "identity");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const html = plain.body.toString("utf8");

    const brotli = await rawGet(path, "gzip, deflate, br");
    expect(brotli.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("hit");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(brotli.body).toString("utf8")).toBe(html);
    expect(brotli.body.length).toBeLessThan(html.length / 4);

    // A CDN or client that asks for gzip alone gets gzip, compressed once and not again on the way out.
    const gzipped = await rawGet(path, "gzip");
    expect(gzipped.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("hit");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString("utf8")).toBe(html);
    expect(gzipped.headers.etag).toBe(strongETag(gzipped.body));
    expect(new Set([plain.headers.etag, brotli.headers.etag, gzipped.headers.etag]).size).toBe(3);
    expect((await rawGet(path, "gzip")).body.equals(gzipped.body)).toBe(true);
  });

  it("answers If-None-Match with a 304 that repeats the policy of the page it names", async () => {
    const page = await get(CITY);
    const etag = page.headers.get("ETag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await get(CITY, { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("ETag")).toBe(etag);
    expect(revalidated.headers.get("Cache-Control")).toBe(page.headers.get("Cache-Control"));
    expect(revalidated.headers.get("Content-Security-Policy")).toBe(page.headers.get("Content-Security-Policy"));
    expect(await revalidated.text()).toBe("");
    expect((await get(CITY, { "If-None-Match": '"something-else"' })).status).toBe(200);
  });

  it("renders afresh for a request with a session or a toast cookie, and per remembered location", async () => {
    await get("/cities");
    expect(source(await get("/cities"))).toBe("hit");
    const { cookie } = await adminHttp(site.server).signedInCookie("curator@example.com");
    const signedIn = await get("/cities", { Cookie: cookie });
    expect(signedIn.status).toBe(200);
    expect(source(signedIn)).toBeNull();
    // The home page follows the remembered location: each location is its own page, the visitor's own (shared
    // caches must not keep it); without one, the page is everyone's.
    const memphis = "loc=35.1495%2C-90.049";
    const denver = "loc=39.7392%2C-104.9903";
    const remembered = await get("/", { Cookie: memphis });
    expect(remembered.headers.get("Cache-Control")).toMatch(/^private\b/);
    expect(remembered.headers.get("Vary")).toMatch(/Cookie/);
    const everyone = await get("/");
    expect(everyone.headers.get("Cache-Control")).toMatch(/^public\b/);
    expect(everyone.headers.get("Vary")).toMatch(/Cookie/);
    const keptRemembered = await get("/", { Cookie: memphis });
    expect(source(keptRemembered)).toBe("hit");
    expect(keptRemembered.headers.get("Cache-Control")).toMatch(/^private\b/);
    expect(source(await get("/", { Cookie: denver }))).toBe("miss");
    const [near, far] = await Promise.all([
      get("/", { Cookie: memphis }).then((r) => r.text()),
      get("/", { Cookie: denver }).then((r) => r.text()),
    ]);
    expect(near).not.toBe(far);
  });

  it("shows an administrator's edit on the next request", async () => {
    const activity = await tootsies();
    await get(DETAIL);
    expect(source(await get(DETAIL))).toBe("hit");
    const { cookie } = await adminHttp(site.server).signedInCookie("curator@example.com");
    const excerpt = `Edited at ${Date.now()}: honky-tonk since 1960.`;
    const saved = await site.api(`/api/activities/${activity.id}/selective-update`, {
      method: "PATCH",
      cookie,
      body: { updates: { excerpt }, selectedColumns: ["excerpt"] },
    });
    expect(saved.status).toBe(200);
    const after = await get(DETAIL);
    expect(source(after)).toBe("miss");
    expect(await after.text()).toContain(excerpt);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "shows a write by another process on the next request (PostgreSQL)",
    async () => {
      const activity = await tootsies();
      await get(DETAIL);
      expect(source(await get(DETAIL))).toBe("hit");
      const excerpt = `Written at psql ${Date.now()}.`;
      const client = new pg.Client({ connectionString: site.server.databaseUrl });
      await client.connect();
      try {
        await client.query(`UPDATE "Activity" SET excerpt = $1 WHERE id = $2`, [excerpt, activity.id]);
      } finally {
        await client.end();
      }
      const after = await get(DETAIL);
      expect(source(after)).toBe("miss");
      expect(await after.text()).toContain(excerpt);
    },
  );

  it("a kept page runs its scripts in Chromium under the policy of its own answer", async () => {
    await site.withPage({}, async (page: Page) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      const path = `${CITY}?sort=name-asc`;
      await get(path);
      const response = await page.goto(site.url + path);
      expect(response!.headers()[PAGE_CACHE_HEADER.toLowerCase()]).toBe("hit");
      // Hydrated: React Router's scripts ran, allowed by the hashes of the kept answer's policy.
      await page.waitForFunction(() => (window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules);
      expect(violations).toEqual([]);
    });
  });
});
