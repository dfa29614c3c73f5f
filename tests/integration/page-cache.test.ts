// The page cache's two doors (app/http/page-cache.server.ts): the root middleware renders and keeps a page, and
// keptAnswerBeforeRouting (what server.ts asks before React Router) serves it from then on, with the request's own
// nonce and coding, until the data version moves.
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSP_NONCE_HEADER } from "~/http/csp";
import {
  keptAnswerBeforeRouting,
  PAGE_CACHE_HEADER,
  pageCache,
  shareKeptAnswers,
  type SharedPageMessage,
} from "~/http/page-cache.server";
import { useFreshDatabase, type TestDatabase } from "../helpers/database";

let database: TestDatabase;
beforeAll(async () => {
  database = await useFreshDatabase("seeded");
});
afterAll(async () => database?.dispose());

const URL_KEPT = "http://localhost:3000/usa/tn/nashville/things-to-do?sort=oldest";

function request(nonce: string, headers: Record<string, string> = {}) {
  return new Request(URL_KEPT, { headers: { [CSP_NONCE_HEADER]: nonce, ...headers } });
}

const body = (nonce: string) => `<html><script nonce="${nonce}">start()</script><p>Nashville</p></html>`;

/** The page as React Router renders it for a request with `nonce`. */
const page = (nonce: string) =>
  new Response(body(nonce), {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(body(nonce))),
      "Cache-Control": "public, max-age=0, s-maxage=300",
    },
  });

describe("keptAnswerBeforeRouting", () => {
  it("hands a page nobody kept on, then serves the page the middleware kept, with its own nonce", async () => {
    const front = (nonce: string, headers: Record<string, string> = {}) =>
      keptAnswerBeforeRouting({ method: "GET", url: URL_KEPT, headers: request(nonce, headers).headers });
    expect(await front("n1")).toBeNull();
    const rendered = await pageCache({ request: request("n1") }, async () => page("n1"));
    expect(rendered.headers.get(PAGE_CACHE_HEADER)).toBe("miss");

    const kept = await front("second-nonce", { "Accept-Encoding": "gzip" });
    expect(kept?.status).toBe(200);
    expect(kept?.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(kept?.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(kept!.body!).toString()).toBe(body("second-nonce"));
    // A POST or a request with a session is never served from memory.
    expect(await keptAnswerBeforeRouting({ method: "POST", url: URL_KEPT, headers: new Headers() })).toBeNull();
    expect(await front("n3", { Cookie: "__session=x" })).toBeNull();

    // Any write moves the data version: the kept page is no longer served.
    await database.prisma.$executeRawUnsafe(
      `UPDATE "Activity" SET excerpt = excerpt WHERE id = (SELECT min(id) FROM "Activity")`,
    );
    expect(await front("n4")).toBeNull();
  });
});

describe("shareKeptAnswers", () => {
  it("sends each page it renders to the other processes, and files theirs unless it holds a newer one", async () => {
    const sent: SharedPageMessage[] = [];
    let deliver: (message: unknown) => void = () => {};
    shareKeptAnswers({ send: (message) => sent.push(message), onMessage: (listener) => (deliver = listener) });
    const url = "http://localhost:3000/usa/tn/nashville/things-to-do?sort=newest";
    const front = (nonce: string) =>
      keptAnswerBeforeRouting({ method: "GET", url, headers: new Headers({ [CSP_NONCE_HEADER]: nonce }) });
    const render = (nonce: string) =>
      pageCache({ request: new Request(url, { headers: { [CSP_NONCE_HEADER]: nonce } }) }, async () => page(nonce));
    // A message is filed once the database is at hand (asynchronously, in the order the messages came).
    const keptAt = (url: string, nonce: string) =>
      keptAnswerBeforeRouting({ method: "GET", url, headers: new Headers({ [CSP_NONCE_HEADER]: nonce }) });

    await render("a1");
    expect(sent).toHaveLength(1);
    const [fromHere] = sent;
    expect(fromHere?.key).toContain("sort=newest");

    // Another process's page for a URL this one never rendered: served from memory, with this request's nonce.
    const elsewhere = { ...fromHere!, key: fromHere!.key.replace("sort=newest", "sort=oldest") };
    deliver(structuredClone(elsewhere));
    const oldest = "http://localhost:3000/usa/tn/nashville/things-to-do?sort=oldest";
    await expect.poll(async () => (await keptAt(oldest, "b2"))?.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const kept = await keptAt(oldest, "b2");
    expect(kept?.body?.length).toBeGreaterThan(0);

    // After a write this process renders the page anew; the other's older page arriving late does not replace it.
    await database.prisma.$executeRawUnsafe(
      `UPDATE "Activity" SET excerpt = excerpt WHERE id = (SELECT min(id) FROM "Activity")`,
    );
    expect(await front("c1")).toBeNull();
    await render("c1");
    expect(sent).toHaveLength(2);
    deliver(structuredClone(fromHere));
    // A current page for another URL, delivered after it: once that one is filed, the late one has been handled.
    const marker = { ...sent[1]!, key: sent[1]!.key.replace("sort=newest", "sort=rating") };
    deliver(structuredClone(marker));
    const rating = "http://localhost:3000/usa/tn/nashville/things-to-do?sort=rating";
    await expect.poll(async () => (await keptAt(rating, "c3"))?.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect((await front("c2"))?.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    // Messages of any other kind are ignored.
    deliver({ kind: "something-else" });
    deliver(null);
  });
});
