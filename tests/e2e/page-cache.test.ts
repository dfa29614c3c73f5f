// The in-memory page cache (app/http/page-cache.server.ts) against the built server: a public page is rendered once
// per data version and then served from memory with its own CSP nonce; ETag and 304 for caches in front; requests
// that carry a session or a toast are rendered for themselves; and any write — an administrator's edit through the
// app, or another process writing to the database — shows on the very next request.
import http from "node:http";
import { gunzipSync, inflateSync } from "node:zlib";
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
const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

/** The page's body with its nonce taken out: what two answers of one kept page share. */
async function withoutNonce(response: Response) {
  const nonce = nonceOf(response)!;
  const html = await response.text();
  expect(html).toContain(`nonce="${nonce}"`);
  return html.replaceAll(nonce, "NONCE");
}

/** A GET whose body comes as sent, compressed or not (fetch would inflate it). */
function rawGet(path: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(site.url + path, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** The activity shown at DETAIL, as the public API gives it. */
async function tootsies(): Promise<{ id: number; excerpt: string }> {
  const answer = await get("/api/activities/by-slug/nashville/tootsies-orchid-lounge");
  expect(answer.status).toBe(200);
  return (await answer.json()) as { id: number; excerpt: string };
}

describe("public pages kept in memory", () => {
  it("renders a page once, then serves it from memory with each answer's own nonce", async () => {
    const path = `${CITY}?sort=rating-high`;
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(source(first)).toBe("miss");
    const second = await get(path);
    expect(source(second)).toBe("hit");
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(await withoutNonce(second)).toBe(await withoutNonce(first));
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(second.headers.get("Cache-Control")).toBe(first.headers.get("Cache-Control"));
  });

  it("sends a kept page compressed once (deflate or gzip, with its own nonce), and plain to a client that takes neither", async () => {
    const path = `${CITY}?sort=name-asc`;
    await get(path);
    const deflated = await rawGet(path, "gzip, deflate, br");
    expect(deflated.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("hit");
    expect(deflated.headers["content-encoding"]).toBe("deflate");
    expect(deflated.headers.vary).toMatch(/Accept-Encoding/i);
    const html = inflateSync(deflated.body).toString("utf8");
    const nonce = /'nonce-([^']+)'/.exec(String(deflated.headers["content-security-policy"]))![1]!;
    expect(html).toContain(`nonce="${nonce}"`);
    expect(deflated.body.length).toBeLessThan(html.length / 4);

    // A CDN or client that asks for gzip alone gets the same deflate body in a gzip member, not compressed again.
    const gzipped = await rawGet(path, "gzip");
    expect(gzipped.headers[PAGE_CACHE_HEADER.toLowerCase()]).toBe("hit");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    const gzipNonce = /'nonce-([^']+)'/.exec(String(gzipped.headers["content-security-policy"]))![1]!;
    expect(gunzipSync(gzipped.body).toString("utf8").replaceAll(gzipNonce, "NONCE")).toBe(
      html.replaceAll(nonce, "NONCE"),
    );
    // The same body: gzip's header and trailer are 12 bytes longer than zlib's (nonces are all 24 characters).
    expect(gzipped.body.length).toBe(deflated.body.length + 12);

    const plain = await rawGet(path, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const plainNonce = /'nonce-([^']+)'/.exec(String(plain.headers["content-security-policy"]))![1]!;
    expect(plain.body.toString("utf8").replaceAll(plainNonce, "NONCE")).toBe(html.replaceAll(nonce, "NONCE"));
  });

  it("answers If-None-Match with a 304 that repeats no Content-Security-Policy", async () => {
    const page = await get(CITY);
    const etag = page.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const revalidated = await get(CITY, { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("ETag")).toBe(etag);
    expect(revalidated.headers.get("Cache-Control")).toBe(page.headers.get("Cache-Control"));
    expect(revalidated.headers.get("Content-Security-Policy")).toBeNull();
    expect(await revalidated.text()).toBe("");
    expect((await get(CITY, { "If-None-Match": 'W/"something-else"' })).status).toBe(200);
  });

  it("renders afresh for a request with a session or a toast cookie, and per remembered location", async () => {
    await get("/cities");
    expect(source(await get("/cities"))).toBe("hit");
    const { cookie } = await adminHttp(site.server).signedInCookie("curator@example.com");
    const signedIn = await get("/cities", { Cookie: cookie });
    expect(signedIn.status).toBe(200);
    expect(source(signedIn)).toBeNull();
    // The home page follows the remembered location: each location is its own page.
    const memphis = "loc=35.1495%2C-90.049";
    const denver = "loc=39.7392%2C-104.9903";
    await get("/", { Cookie: memphis });
    expect(source(await get("/", { Cookie: memphis }))).toBe("hit");
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
      // Hydrated: a client-side navigation works (React Router's scripts ran with the substituted nonce).
      await page.waitForFunction(() => (window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules);
      expect(violations).toEqual([]);
    });
  });
});
