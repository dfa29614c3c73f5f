// oEmbed as a publishing tool uses it (issue #29): it fetches an activity's page, follows the page's discovery
// link, checks the answer against oEmbed 1.0's required fields, and shows the returned html on its own site.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpSite } from "../helpers/e2e";

const site = setUpSite();

/** A partner's page on another origin that shows whatever html it is given (as a CMS shows an oEmbed answer). */
let partner: { url: string; show(html: string): void; close(): Promise<void> };

beforeAll(async () => {
  let shown = "";
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html><head><title>Partner blog</title></head><body><h1>Our trip</h1>${shown}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  partner = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/post`,
    show: (html) => (shown = html),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
});
afterAll(() => partner?.close());

/** The discovery link of a page's HTML (oEmbed §4), as a consumer reads it. */
function discoveryHref(html: string): string | null {
  const link = /<link[^>]*type="application\/json\+oembed"[^>]*>/.exec(html)?.[0];
  return link ? (/href="([^"]+)"/.exec(link)?.[1]?.replace(/&amp;/g, "&") ?? null) : null;
}

async function activityPagePath(): Promise<{ path: string; title: string }> {
  // The first card of the city page, as a visitor would find an activity to share.
  const html = await (await fetch(`${site.url}/usa/tn/nashville/things-to-do`)).text();
  const href = /href="(\/usa\/tn\/nashville\/things-to-do\/[^"]+)"/.exec(html)?.[1];
  expect(href).toBeDefined();
  const page = await (await fetch(site.url + href!)).text();
  const title = /<h1[^>]*>([^<]+)<\/h1>/.exec(page)?.[1];
  return { path: href!, title: title! };
}

describe("oEmbed: paste a link, get the card", () => {
  it("a detail page's discovery link answers the card as oEmbed 1.0 rich JSON, shown on another origin", async () => {
    const { path, title } = await activityPagePath();
    const pageHtml = await (await fetch(site.url + path)).text();
    const href = discoveryHref(pageHtml);
    expect(href).toBe(`${site.url}/oembed?url=${encodeURIComponent(site.url + path)}&format=json`);
    const response = await fetch(href!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const answer = (await response.json()) as Record<string, unknown>;
    // oEmbed 1.0 §2.3.4: type and version always; rich: html, width, height.
    expect(answer).toMatchObject({
      version: "1.0",
      type: "rich",
      title,
      provider_name: "Things To Do",
      provider_url: site.url,
      width: 480,
      height: 650,
    });
    expect(typeof answer.cache_age).toBe("number");
    expect(answer.html).toContain(`src="${site.url}/embed${path}"`);

    partner.show(answer.html as string);
    await site.withPage({ javaScript: true }, async (page) => {
      const response = await page.goto(partner.url);
      expect(response?.status()).toBe(200);
      const card = page.frameLocator("iframe").getByRole("heading", { level: 1 });
      await expect.poll(() => card.textContent()).toBe(title);
      await expect
        .poll(() =>
          page
            .frameLocator("iframe")
            .getByRole("link", { name: /View on Explore/ })
            .count(),
        )
        .toBe(1);
    });
  });

  it("the embed card names the same discovery link", async () => {
    const { path } = await activityPagePath();
    const embedHtml = await (await fetch(`${site.url}/embed${path}`)).text();
    expect(discoveryHref(embedHtml)).toBe(`${site.url}/oembed?url=${encodeURIComponent(site.url + path)}&format=json`);
  });

  it("every path shape of an activity gives its card, sized within maxwidth and maxheight", async () => {
    const { path, title } = await activityPagePath();
    const slug = path.split("/").at(-1)!;
    const { id } = (await (await fetch(`${site.url}/api/activities/by-slug/nashville/${slug}`)).json()) as {
      id: number;
    };
    for (const shape of [
      path,
      `/usa/tn/nashville/${slug}`,
      `/activity/${id}`,
      `/embed/activity/${id}`,
      `/embed${path}`,
    ]) {
      const url = `${site.url}/oembed?${new URLSearchParams({ url: site.url + shape, maxwidth: "320", maxheight: "400" })}`;
      const response = await fetch(url);
      expect(response.status, shape).toBe(200);
      expect(await response.json(), shape).toMatchObject({ title, width: 320, height: 400 });
    }
  });

  it("answers 501 for XML, 404 for an unknown or foreign URL, 400 for a malformed one", async () => {
    const { path } = await activityPagePath();
    const ask = (params: Record<string, string>) => fetch(`${site.url}/oembed?${new URLSearchParams(params)}`);
    expect((await ask({ url: site.url + path, format: "xml" })).status).toBe(501);
    expect((await ask({ url: `${site.url}/usa/tn/nashville/things-to-do/no-such-place` })).status).toBe(404);
    expect((await ask({ url: `${site.url}/usa/tn/nashville/museums` })).status).toBe(404);
    expect((await ask({ url: `https://elsewhere.example${path}` })).status).toBe(404);
    expect((await ask({ url: "not a url" })).status).toBe(400);
    expect((await ask({})).status).toBe(400);
    expect((await ask({ url: site.url + path, maxwidth: "-3" })).status).toBe(400);
  });
});
