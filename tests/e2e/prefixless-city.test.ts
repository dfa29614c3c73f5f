// Cities without a prefix mapping (a US state code outside the list, a country outside the five) live at
// '/{city}' (public-site §2 route building rules; the URL set is in app/domain/http/urls.ts): every link the site builds
// for them answers 200 — walked from their pages and the sitemap with redirects not followed — while the legacy
// '/{city}' paths of prefixed cities still redirect. Also the words of a city without activities and of a 404.
import { describe, expect, it } from "vitest";
import { setUpSite } from "../helpers/e2e";
import { activityRow, cityRow } from "../helpers/factories";

const PREFIXLESS = ["/lyon", "/smallville", "/emptyville"];

const site = setUpSite({
  browser: false,
  async prepare(p) {
    await p.city.createMany({
      data: [
        // A country with no prefix mapping, and a US state code that is not in the list.
        cityRow("lyon", {
          name: "Lyon",
          displayName: "Lyon",
          country: "France",
          state: "Rhône",
          centerLatitude: 45.76,
          centerLongitude: 4.84,
        }),
        cityRow("smallville", {
          name: "Smallville",
          displayName: "Smallville",
          state: "Kansas",
          stateCode: "ZZ",
          centerLatitude: 39.1,
          centerLongitude: -94.6,
        }),
        cityRow("emptyville", {
          name: "Emptyville",
          displayName: "Emptyville",
          state: "Kansas",
          stateCode: "ZZ",
          centerLatitude: 38.9,
          centerLongitude: -94.7,
        }),
      ],
    });
    const [romantic, historic] = await Promise.all([
      p.tag.findUniqueOrThrow({ where: { name: "Romantic" } }),
      p.tag.findUniqueOrThrow({ where: { name: "Historic" } }),
    ]);
    const place = (cityId: string, title: string, category: string, lat: number, lng: number, tagIds: number[]) =>
      p.activity.create({
        data: activityRow(cityId, title, {
          category,
          latitude: lat,
          longitude: lng,
          excerpt: `${title}, a place to see.`,
          googleRating: 4.5,
          tags: { create: tagIds.map((tagId) => ({ tagId })) },
        }),
      });
    await place("lyon", "Musée des Confluences", "Museums", 45.733, 4.818, [historic.id]);
    await place("lyon", "Parc de la Tête d'Or", "Parks", 45.777, 4.855, [romantic.id]);
    await place("smallville", "Kent Farm", "Points of Interest", 39.11, -94.61, [historic.id, romantic.id]);
  },
});

function get(path: string) {
  return fetch(site.url + path, { redirect: "manual" });
}

function decodeEntities(s: string): string {
  return s
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');
}

/** Same-site paths of the page's links and its canonical link. */
function linksOf(html: string): string[] {
  const hrefs = [...html.matchAll(/<(?:a|link)\b[^>]*?\shref="([^"]*)"/g)].map((m) => decodeEntities(m[1]));
  return hrefs.flatMap((href) => {
    if (href.startsWith(site.url)) return [href.slice(site.url.length) || "/"];
    return href.startsWith("/") && !href.startsWith("//") ? [href] : [];
  });
}

const ownPage = (path: string) =>
  PREFIXLESS.some((city) => path === city || path.startsWith(`${city}/`) || path.startsWith(`${city}?`));

describe("a city without a prefix mapping", () => {
  it("has a page at /{city} for the city, its activities, each activity, its categories and tags, all linked and in the sitemap", async () => {
    const sitemap = await (await get("/sitemap.xml")).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
      decodeEntities(m[1]).slice(site.url.length),
    );
    const fromSitemap = listed.filter(ownPage);
    expect(fromSitemap).toEqual(
      expect.arrayContaining([
        "/lyon",
        "/lyon/things-to-do",
        "/lyon/museums",
        "/lyon/parks",
        "/lyon/romantic-things-to-do",
        "/lyon/historic-sites",
        "/lyon/things-to-do/musee-des-confluences",
        "/lyon/things-to-do/parc-de-la-tete-dor",
        "/smallville",
        "/smallville/things-to-do/kent-farm",
        "/emptyville",
        "/emptyville/things-to-do",
      ]),
    );

    // Every page of these cities, and every link on them to their own pages, answers 200: no 404, no redirect.
    const seen = new Set<string>();
    const queue = [...PREFIXLESS, ...fromSitemap];
    const failures: string[] = [];
    while (queue.length > 0) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const response = await get(path);
      const html = await response.text();
      if (response.status !== 200) {
        failures.push(`${response.status} ${path} -> ${response.headers.get("location") ?? ""}`);
        continue;
      }
      for (const link of linksOf(html)) if (ownPage(link) && !seen.has(link)) queue.push(link);
      expect(seen.size, "the walk ends").toBeLessThan(500);
    }
    expect(failures).toEqual([]);
    // The walk reached the pages a visitor clicks to: detail pages from the list, tag and category pages from the hub.
    expect([...seen]).toEqual(
      expect.arrayContaining([
        "/lyon/things-to-do/musee-des-confluences",
        "/lyon/museums",
        "/lyon/romantic-things-to-do",
        "/smallville/things-to-do/kent-farm",
        "/smallville/historic-sites",
      ]),
    );
  }, 300_000);

  it("shows its hub, activities page and detail page with their content", async () => {
    const hub = await (await get("/lyon")).text();
    expect(hub).toContain("<h1");
    expect(hub).toContain("Browse All Activities");
    expect(hub).toContain('href="/lyon/things-to-do"');
    const list = await (await get("/lyon/things-to-do")).text();
    expect(list).toContain('href="/lyon/things-to-do/musee-des-confluences"');
    const detail = await (await get("/lyon/things-to-do/musee-des-confluences")).text();
    expect(detail).toContain("Musée des Confluences");
    expect(detail).toContain(`<link rel="canonical" href="${site.url}/lyon/things-to-do/musee-des-confluences"/>`);
  });

  it("has an embed card at /embed plus its activity paths", async () => {
    for (const path of ["/embed/lyon/things-to-do/musee-des-confluences", "/embed/lyon/musee-des-confluences"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain("Musée des Confluences");
      expect(html, path).toContain(`href="${site.url}/lyon/things-to-do/musee-des-confluences"`);
    }
  });

  it("redirects the other addresses of its pages to the prefix-less ones", async () => {
    for (const [path, target] of [
      ["/Lyon", "/lyon"],
      ["/lyon/musee-des-confluences", "/lyon/things-to-do/musee-des-confluences"],
      ["/usa/zz/smallville/things-to-do", "/smallville/things-to-do"],
      ["/usa/zz/smallville/things-to-do/kent-farm", "/smallville/things-to-do/kent-farm"],
      ["/activity/kent-farm", "/smallville/things-to-do/kent-farm"],
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get("location"), path).toBe(target);
    }
  });

  it("says 404 for what it does not have", async () => {
    expect((await get("/lyon/no-such-thing")).status).toBe(404);
    const missing = await get("/lyon/things-to-do/no-such-place");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Activity Not Found");
  });

  it("leaves the legacy paths of prefixed cities redirecting to their canonical pages", async () => {
    for (const [path, target] of [
      ["/nashville", "/usa/tn/nashville/things-to-do"],
      ["/nashville/things-to-do", "/usa/tn/nashville/things-to-do"],
      ["/nashville/museums", "/usa/tn/nashville/museums"],
      ["/nashville/things-to-do/tootsies-orchid-lounge", "/usa/tn/nashville/things-to-do/tootsies-orchid-lounge"],
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get("location"), path).toBe(target);
    }
  });
});

describe("words", () => {
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it("a city without activities never reads '0 Best Things to Do' or '0+ Activities'", async () => {
    const hub = await (await get("/emptyville")).text();
    expect(titleOf(hub)).toBe("Things to Do in Emptyville | Things To Do");
    expect(hub).toContain("No Activities Available");
    const list = await (await get("/emptyville/things-to-do")).text();
    expect(titleOf(list)).toBe("Things to Do in Emptyville | Things To Do");
    for (const html of [hub, list]) {
      expect(html).not.toMatch(/\b0\+? (Best|Activities)/);
    }
  });

  it("an unknown path is titled 'Page Not Found | {brand}'", async () => {
    for (const path of ["/no-such-page", "/nashville/no-such-page", "/no-such-city/things-to-do"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain("404 Page Not Found");
      expect(titleOf(html), path).toBe("Page Not Found | Things To Do");
    }
  });
});
