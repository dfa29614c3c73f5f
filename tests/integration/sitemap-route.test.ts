// /sitemap.xml past the URL limit becomes an index of numbered sitemaps that together list every page once.
// The limit is lowered through SITEMAP_URL_LIMIT so the index shows with seed data (env() reads the
// environment lazily, on the first loader call, so setting it here is early enough).
process.env.SITEMAP_URL_LIMIT = "300";
process.env.PUBLIC_URL = "https://things.example.com";

import { describe, expect, it } from "vitest";
import { countSitemapUrls } from "~/data/sitemap.server";
import { loader as sitemap } from "~/routes/public/sitemap";
import { databaseForTheseTests } from "../helpers/fresh-database";
import { routeArgs } from "../helpers/route-args";

const database = databaseForTheseTests("seeded");

function get(path: string, params: Record<string, string> = {}) {
  return sitemap(routeArgs(`http://10.0.0.7:3000${path}`, params));
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe("/sitemap.xml past the limit", () => {
  it("is an index of ceil(total / limit) sitemaps on the public origin, which together list every URL once", async () => {
    const total = await countSitemapUrls();
    const pages = Math.ceil(total / 300);
    expect(pages).toBeGreaterThan(2);
    const index = await get("/sitemap.xml");
    expect(index.status).toBe(200);
    expect(index.headers.get("Content-Type")).toMatch(/application\/xml/);
    const indexXml = await index.text();
    expect(indexXml).toContain("<sitemapindex");
    expect(locs(indexXml)).toEqual(
      Array.from({ length: pages }, (_, i) => `https://things.example.com/sitemaps/${i + 1}.xml`),
    );

    const all: string[] = [];
    for (let n = 1; n <= pages; n++) {
      const response = await get(`/sitemaps/${n}.xml`, { file: `${n}.xml` });
      expect(response.status).toBe(200);
      const xml = await response.text();
      expect(xml).toContain("<urlset");
      const urls = locs(xml);
      expect(urls.length).toBeLessThanOrEqual(300);
      all.push(...urls);
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.every((u) => u.startsWith("https://things.example.com/"))).toBe(true);
    expect(all).toContain("https://things.example.com/usa/tn/nashville/things-to-do/tootsies-orchid-lounge");
    // The privacy policy and the terms of use are public pages too.
    expect(all.slice(0, 4)).toEqual(
      ["/", "/cities", "/privacy", "/terms"].map((path) => `https://things.example.com${path}`),
    );
    const activities = await database.prisma.activity.count();
    expect(all.filter((u) => u.includes("/things-to-do/"))).toHaveLength(activities);
  });

  it("answers 404 for a numbered sitemap that does not exist", async () => {
    for (const file of ["0.xml", "999.xml", "abc.xml", "1.txt"]) {
      expect((await get(`/sitemaps/${file}`, { file })).status, file).toBe(404);
    }
  });
});
