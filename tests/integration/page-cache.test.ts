// The page cache's two doors (app/http/page-cache.server.ts): the root middleware renders and keeps a page, and
// keptAnswerBeforeRouting (what server/app.ts asks before React Router) serves it from then on, the same bytes in the
// coding each request takes, until the data version moves.
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { keptAnswerBeforeRouting, PAGE_CACHE_HEADER, pageCache } from "~/http/page-cache.server";
import { databaseForTheseTests } from "../helpers/fresh-database";

const database = databaseForTheseTests("seeded");

const CITY = "http://localhost:3000/usa/tn/nashville/things-to-do";

const BODY = `<html><script>start()</script><p>Nashville, Café ☕</p>${"<p>an activity</p>".repeat(200)}</html>`;

/** The page as React Router renders it. */
const page = (headers: Record<string, string> = {}) =>
  new Response(BODY, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(BODY)),
      "Cache-Control": "public, max-age=0, s-maxage=300",
      ...headers,
    },
  });

const front = (url: string, headers: Record<string, string> = {}) =>
  keptAnswerBeforeRouting({ method: "GET", url, headers: new Headers(headers) });

const sha256 = (body: Buffer) => `"${createHash("sha256").update(body).digest("base64url")}"`;

describe("keptAnswerBeforeRouting", () => {
  it("hands a page nobody kept on, then serves the page the middleware kept, until the data version moves", async () => {
    const url = `${CITY}?sort=oldest`;
    expect(await front(url)).toBeNull();
    const rendered = await pageCache({ request: new Request(url) }, async () => page());
    expect(rendered.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(await rendered.text()).toBe(BODY);

    const kept = await front(url, { "Accept-Encoding": "gzip" });
    expect(kept?.status).toBe(200);
    expect(kept?.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(kept?.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(kept!.body!).toString()).toBe(BODY);
    // A POST or a request with a session is never served from memory.
    expect(await keptAnswerBeforeRouting({ method: "POST", url, headers: new Headers() })).toBeNull();
    expect(await front(url, { Cookie: "__session=x" })).toBeNull();

    // Any write moves the data version: the kept page is no longer served.
    await database.prisma.$executeRawUnsafe(
      `UPDATE "Activity" SET excerpt = excerpt WHERE id = (SELECT min(id) FROM "Activity")`,
    );
    expect(await front(url)).toBeNull();
  });

  it("sends brotli, gzip or plain as the request takes them, the same page, each with the hash of its bytes as ETag", async () => {
    const url = `${CITY}?sort=newest`;
    await pageCache({ request: new Request(url, { headers: { "Accept-Encoding": "br" } }) }, async () => page());
    const br = (await front(url, { "Accept-Encoding": "gzip, deflate, br" }))!;
    const gzip = (await front(url, { "Accept-Encoding": "gzip" }))!;
    const plain = (await front(url))!;
    expect([br, gzip, plain].map((a) => a.headers.get(PAGE_CACHE_HEADER))).toEqual(["hit", "hit", "hit"]);
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(brotliDecompressSync(br.body!).toString()).toBe(BODY);
    expect(gunzipSync(gzip.body!).toString()).toBe(BODY);
    expect(plain.body!.toString()).toBe(BODY);
    for (const answer of [br, gzip, plain]) {
      expect(answer.headers.get("ETag")).toBe(sha256(answer.body!));
      expect(answer.headers.get("Content-Length")).toBe(String(answer.body!.length));
      expect(answer.headers.get("Vary")).toBe("Accept-Encoding");
    }
    // Compressed once: the next gzip answer is the same bytes.
    expect((await front(url, { "Accept-Encoding": "gzip" }))!.body!.equals(gzip.body!)).toBe(true);

    // If-None-Match names what the client holds: a 304 that repeats the policy of the body it holds.
    const etag = gzip.headers.get("ETag")!;
    const revalidated = (await front(url, { "Accept-Encoding": "gzip", "If-None-Match": etag }))!;
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeNull();
    expect(revalidated.headers.get("ETag")).toBe(etag);
    expect((await front(url, { "Accept-Encoding": "br", "If-None-Match": etag }))!.status).toBe(200);
  });

  it("keeps an answer's own ETag and policy, and repeats them in a 304", async () => {
    const url = "http://localhost:3000/api/activities/1";
    const policy = "default-src 'self'; script-src 'sha256-abc=' 'strict-dynamic'";
    await pageCache({ request: new Request(url) }, async () =>
      page({ ETag: 'W/"v7"', "Content-Security-Policy": policy }),
    );
    const kept = (await front(url, { "Accept-Encoding": "br" }))!;
    expect(kept.headers.get("ETag")).toBe('W/"v7"');
    const revalidated = (await front(url, { "If-None-Match": 'W/"v7"' }))!;
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("Content-Security-Policy")).toBe(policy);
    expect(revalidated.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=300");
  });
});
