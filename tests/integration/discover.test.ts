// The discover queries and the public read API against a real database (PGlite, or PostgreSQL with DATABASE_URL).
import { describe, expect, it } from "vitest";
import { homeSection, searchActivities, suggestActivities } from "~/data/activities/discover.server";
import {
  CITY_SEARCH_FIELDS,
  exploreCities,
  nearestEligibleCity,
  searchCities,
  topDestinations,
} from "~/data/cities.server";
import { categoriesInCity } from "~/data/categories.server";
import { DEFAULT_SEO_TEMPLATES } from "~/domain/seo/seo";
import { cityRow, activityRow } from "../helpers/factories";
import { databaseForTheseTests } from "../helpers/fresh-database";
import { routeArgs, type ParamsArg, type RouteArgs } from "../helpers/route-args";
import * as activitiesApi from "~/routes/api/activities";
import * as citiesApi from "~/routes/api/cities";
import * as citiesWithCountsApi from "~/routes/api/cities-with-counts";
import * as categoriesApi from "~/routes/api/categories";
import * as tagsApi from "~/routes/api/tags";
import * as seoSettingsApi from "~/routes/api/seo-settings";
import * as tagMetaApi from "~/routes/api/tag-meta";
import * as categoryMetaApi from "~/routes/api/category-meta";
import * as scriptsApi from "~/routes/api/scripts";
import * as searchApi from "~/routes/api/search";

const database = databaseForTheseTests("seeded");

/** Calls a resource route's loader as React Router would, and reads the answer. */
async function get<Params>(
  module: { loader: (args: RouteArgs<Params>) => Promise<Response> },
  path: string,
  ...[params]: ParamsArg<Params>
): Promise<{ status: number; headers: Headers; body: unknown }> {
  // Params may be left out only where the route requires none, so {} is then a whole Params.
  const response = await module.loader(routeArgs(`http://localhost${path}`, params ?? ({} as Params)));
  return { status: response.status, headers: response.headers, body: await response.json() };
}

function cacheSeconds(headers: Headers): number {
  const value = headers.get("Cache-Control") ?? "";
  expect(value).toMatch(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/);
  return Number(/s-maxage=(\d+)/.exec(value)![1]);
}

let nextId = 900_000;

async function addCity(id: string, lat: number, lng: number) {
  return database.prisma.city.create({
    data: cityRow(id, { state: "Testland", stateCode: "TX", centerLatitude: lat, centerLongitude: lng }),
  });
}

async function addActivity(cityId: string, googleRating: number | null, category = "Parks") {
  const id = nextId++;
  await database.prisma.activity.create({
    data: activityRow(cityId, `Test ${id}`, { id, slug: `t-${id}`, excerpt: "x", category, googleRating }),
  });
  return id;
}

describe("home sections", () => {
  it("keeps activities rated 3.5+, best first, at most 8, when at least 4 qualify", async () => {
    await addCity("manyville", 10, 10);
    const ids = [];
    for (const r of [4.1, 3.5, 4.9, 3.4, 4.5, 3.9, 4.2, 4.0, 3.7, 5.0]) ids.push(await addActivity("manyville", r));
    await addActivity("manyville", null);
    const section = await homeSection("manyville");
    expect(section.map((a) => a.googleRating)).toEqual(["5.0", "4.9", "4.5", "4.2", "4.1", "4.0", "3.9", "3.7"]);
  });

  it("fills with unrated activities, newest first, up to 8 when fewer than 4 qualify", async () => {
    await addCity("fewville", 11, 11);
    const rated = [
      await addActivity("fewville", 4.4),
      await addActivity("fewville", 3.6),
      await addActivity("fewville", 3.0),
    ];
    const unrated = [];
    for (let i = 0; i < 9; i++) unrated.push(await addActivity("fewville", null));
    const section = await homeSection("fewville");
    expect(section.map((a) => a.id)).toEqual([rated[0], rated[1], ...unrated.reverse().slice(0, 6)]);
    expect(section.some((a) => a.googleRating === "3.0")).toBe(false);
  });

  it("selects within one category for the dining and attraction sections", async () => {
    const dining = await homeSection("nashville", "Bars & Restaurants");
    expect(dining.length).toBeGreaterThan(0);
    expect(dining.length).toBeLessThanOrEqual(8);
    expect(dining.every((a) => a.category === "Bars & Restaurants")).toBe(true);
  });

  it("lists the 10 cities with the most activities", async () => {
    const top = await topDestinations(10);
    expect(top).toHaveLength(10);
    const grouped = await database.prisma.activity.groupBy({ by: ["cityId"], _count: { _all: true } });
    const counts = grouped.map((g) => g._count._all).sort((a, b) => b - a);
    expect(top.map((c) => c.activityCount)).toEqual(counts.slice(0, 10));
    expect(top[0]!.activityCount).toBe(await database.prisma.activity.count({ where: { cityId: top[0]!.id } }));
  });
});

describe("nearest city", () => {
  it("finds the nearest city among those with an activity rated 4 or more", async () => {
    expect((await nearestEligibleCity({ lat: 36.16, lng: -86.78 }))?.id).toBe("nashville");
    // A city right at the point, but whose best activity is rated 3.9, is passed over.
    await addCity("lowville", 36.17, -86.79);
    await addActivity("lowville", 3.9);
    expect((await nearestEligibleCity({ lat: 36.17, lng: -86.79 }))?.id).toBe("nashville");
    await addActivity("lowville", 4.0);
    expect((await nearestEligibleCity({ lat: 36.17, lng: -86.79 }))?.id).toBe("lowville");
  });
});

describe("search", () => {
  it("matches cities by display name or name, case-insensitively, within the limit", async () => {
    const cities = await searchCities("SAN", { fields: CITY_SEARCH_FIELDS, limit: 3, whenEmpty: "none" });
    expect(cities).toHaveLength(3);
    expect(cities.every((c) => /san/i.test(c.displayName) || /san/i.test(c.name))).toBe(true);
    expect(await searchCities("Tennessee", { fields: CITY_SEARCH_FIELDS, limit: 10, whenEmpty: "none" })).toEqual([]);
  });

  it("matches the state on Explore Cities, sorted by state then display name", async () => {
    const cities = await exploreCities("tennessee");
    expect(cities.map((c) => c.displayName)).toEqual([
      "Chattanooga",
      "Gatlinburg",
      "Knoxville",
      "Memphis",
      "Nashville",
    ]);
    expect(cities.find((c) => c.id === "nashville")!.activityCount).toBeGreaterThan(0);
    expect(await exploreCities("zzz-nowhere")).toEqual([]);
  });

  it("matches activities by title or excerpt, or title only, and counts them all", async () => {
    const excerptOnly = await database.prisma.activity.findFirstOrThrow({ where: { cityId: "nashville" } });
    await database.prisma.activity.update({
      where: { id: excerptOnly.id },
      data: { excerpt: "Home of the quokkaesque parade." },
    });
    const any = await searchActivities("QUOKKAESQUE", { limit: 5 });
    expect(any.activities.map((a) => a.id)).toEqual([excerptOnly.id]);
    expect(await suggestActivities("quokkaesque", { limit: 5, titleOnly: true })).toEqual([]);

    const page = await searchActivities("park", { limit: 3 });
    expect(page.activities).toHaveLength(3);
    expect(page.total).toBe(
      await database.prisma.activity.count({
        where: {
          OR: [
            { title: { contains: "park", mode: "insensitive" } },
            { excerpt: { contains: "park", mode: "insensitive" } },
          ],
        },
      }),
    );
  });

  it("takes '%', '_' and '\\' literally, not as wildcards (header search and Explore Cities)", async () => {
    const literal = await database.prisma.activity.findFirstOrThrow({ where: { cityId: "nashville" } });
    await database.prisma.activity.update({
      where: { id: literal.id },
      data: { excerpt: "Open 100% of days, snake_case and a\\b." },
    });
    for (const text of ["%", "_", "\\", "%%", "_%_"]) {
      const found = await searchActivities(text, { limit: 50 });
      // Only the activity that really contains the text, never all of them.
      expect(
        found.activities.every((a) => `${a.title} ${a.excerpt}`.includes(text)),
        text,
      ).toBe(true);
      expect(found.total, text).toBeLessThanOrEqual(1);
      expect(await searchCities(text, { fields: CITY_SEARCH_FIELDS, limit: 10, whenEmpty: "none" }), text).toEqual([]);
      expect(await exploreCities(text), text).toEqual([]);
    }
    expect((await searchActivities("100%", { limit: 5 })).activities.map((a) => a.id)).toEqual([literal.id]);
    expect((await searchActivities("snake_case", { limit: 5 })).activities.map((a) => a.id)).toEqual([literal.id]);
    expect((await searchActivities("a\\b", { limit: 5 })).activities.map((a) => a.id)).toEqual([literal.id]);
    expect((await searchActivities("snake%case", { limit: 5 })).total).toBe(0);
  });

  it("GET /api/search gives at most 3 cities and 3 activities, or the limit asked for", async () => {
    const small = (await get(searchApi, "/api/search?q=a")).body as {
      cities: unknown[];
      activities: { href: string }[];
    };
    expect(small.cities).toHaveLength(3);
    expect(small.activities).toHaveLength(3);
    expect(small.activities[0]!.href).toMatch(/^\/.+\/things-to-do\/[a-z0-9-]+$/);
    const five = (await get(searchApi, "/api/search?q=a&limit=5")).body as { cities: unknown[]; activities: unknown[] };
    expect([five.cities.length, five.activities.length]).toEqual([5, 5]);
    const empty = (await get(searchApi, "/api/search?q=")).body as { cities: unknown[]; activities: unknown[] };
    expect([empty.cities.length, empty.activities.length]).toEqual([0, 0]);
  });
});

describe("read API", () => {
  it("GET /api/activities pages through every activity with X-Total-Count", async () => {
    const total = await database.prisma.activity.count();
    const first = await get(activitiesApi, "/api/activities");
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Total-Count")).toBe(String(total));
    expect(cacheSeconds(first.headers)).toBe(600);
    const list = first.body as Record<string, unknown>[];
    expect(list).toHaveLength(100);
    const a = list[0]!;
    for (const key of [
      "id",
      "title",
      "excerpt",
      "image",
      "latitude",
      "longitude",
      "cityId",
      "category",
      "tags",
      "googleRating",
      "googleReviewCount",
      "googlePhotos",
      "photoSource",
      "customPhotoUrl",
      "touristyLevel",
      "cost",
      "duration",
    ]) {
      expect(a, key).toHaveProperty(key);
    }
    expect(typeof a.latitude).toBe("string");
    expect(Array.isArray(a.tags)).toBe(true);
    const next = (await get(activitiesApi, "/api/activities?limit=2&offset=1")).body as { id: number }[];
    expect(next.map((x) => x.id)).toEqual([list[1]!.id, list[2]!.id]);
    expect((await get(activitiesApi, "/api/activities?limit=0")).status).toBe(400);
  });

  it("GET /api/activities names its pages in RFC 8288 Link headers, which page through every activity once", async () => {
    const total = await database.prisma.activity.count();
    const first = await get(activitiesApi, "/api/activities");
    const lastOffset = Math.floor((total - 1) / 100) * 100;
    expect(first.headers.get("Link")).toBe(
      '</api/activities?limit=100&offset=0>; rel="first", </api/activities?limit=100&offset=100>; rel="next", ' +
        `</api/activities?limit=100&offset=${lastOffset}>; rel="last"`,
    );
    // Following rel="next" from the first page reaches every activity once, the city filter kept.
    const cityTotal = await database.prisma.activity.count({ where: { cityId: "nashville" } });
    const seen: number[] = [];
    let url: string | undefined = "/api/activities?cityId=nashville&limit=40";
    let previous: string | undefined;
    while (url) {
      const page: { headers: Headers; body: unknown } = await get(activitiesApi, url);
      seen.push(...(page.body as { id: number }[]).map((a) => a.id));
      const links: Record<string, string | undefined> = Object.fromEntries(
        [...(page.headers.get("Link") ?? "").matchAll(/<([^>]+)>; rel="(\w+)"/g)].map(([, href, rel]) => [rel, href]),
      );
      expect(links.first).toBe("/api/activities?cityId=nashville&limit=40&offset=0");
      expect(links.prev).toBe(previous);
      previous = url.includes("offset=") ? url : "/api/activities?cityId=nashville&limit=40&offset=0";
      url = links.next;
    }
    expect(seen).toHaveLength(cityTotal);
    expect(new Set(seen).size).toBe(cityTotal);
  });

  it("GET /api/activities?cityId= gives that city's activities", async () => {
    const { body, headers } = await get(activitiesApi, "/api/activities?cityId=san-antonio&limit=1000");
    const list = body as { cityId: string }[];
    expect(list.length).toBe(await database.prisma.activity.count({ where: { cityId: "san-antonio" } }));
    expect(headers.get("X-Total-Count")).toBe(String(list.length));
    expect(list.every((a) => a.cityId === "san-antonio")).toBe(true);
    expect((await get(activitiesApi, "/api/activities?cityId=nowhere")).body).toEqual([]);
  });

  it("GET /api/cities (30 min) and /api/cities-with-counts (10 min)", async () => {
    const cities = await get(citiesApi, "/api/cities");
    expect(cacheSeconds(cities.headers)).toBe(1800);
    const list = cities.body as Record<string, unknown>[];
    expect(list.length).toBe(await database.prisma.city.count());
    const nashville = list.find((c) => c.id === "nashville")!;
    expect(nashville).toMatchObject({
      name: "Nashville",
      displayName: "Nashville",
      stateCode: "TN",
      radius: 60,
      showPhotos: 1,
    });
    expect(typeof nashville.centerLatitude).toBe("string");

    const counted = await get(citiesWithCountsApi, "/api/cities-with-counts");
    expect(cacheSeconds(counted.headers)).toBe(600);
    const withCounts = counted.body as { id: string; activityCount: number }[];
    expect(withCounts.find((c) => c.id === "nashville")!.activityCount).toBe(
      await database.prisma.activity.count({ where: { cityId: "nashville" } }),
    );
  });

  it("GET /api/categories and /api/tags (60 min)", async () => {
    const categories = await get(categoriesApi, "/api/categories");
    expect(cacheSeconds(categories.headers)).toBe(3600);
    expect((categories.body as Record<string, string>[])[0]).toMatchObject({
      name: "Bars & Restaurants",
      icon: expect.stringMatching(/\.svg$/),
      filterIcon: expect.any(String),
      pinIcon: expect.any(String),
    });
    const tags = await get(tagsApi, "/api/tags");
    expect(cacheSeconds(tags.headers)).toBe(3600);
    expect((tags.body as { name: string }[]).map((t) => t.name)).toContain("Kid-Friendly");
    expect((tags.body as Record<string, unknown>[])[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        color: expect.any(String),
        icon: expect.any(String),
        description: expect.any(String),
      }),
    );
  });

  it("GET /api/seo-settings gives every template, defaultMapPinUrl included", async () => {
    const { body, headers } = await get(seoSettingsApi, "/api/seo-settings");
    cacheSeconds(headers);
    expect(body).toMatchObject({
      defaultMapPinUrl: DEFAULT_SEO_TEMPLATES.defaultMapPinUrl,
      cityTitleTemplate: expect.stringContaining("{city}"),
    });
  });

  it("GET /api/tag-meta renders the interest's templates for the city, else null", async () => {
    await database.prisma.seoSettings.update({
      where: { id: 1 },
      data: {
        musicTitleTemplate: "Live music in {city} ({count})",
        musicDescriptionTemplate: "{activityCount} venues in {city}.",
      },
    });
    const count = await database.prisma.activity.count({
      where: { cityId: "nashville", tags: { some: { tag: { name: "Music" } } } },
    });
    const { body } = await get(tagMetaApi, "/api/tag-meta/usa/tn/nashville/live-music", {
      country: "usa",
      region: "tn",
      city: "nashville",
      tagSlug: "live-music",
    });
    expect(body).toEqual({
      title: `Live music in Nashville (${count > 25 ? (count > 50 ? (count > 100 ? "100+" : "50+") : "25+") : count})`,
      description: `${count} venues in Nashville.`,
    });
    expect(
      (await get(tagMetaApi, "/x", { country: "usa", region: "tn", city: "nashville", tagSlug: "museums" })).body,
    ).toBeNull();
    expect(
      (await get(tagMetaApi, "/x", { country: "usa", region: "tn", city: "nowhere", tagSlug: "live-music" })).body,
    ).toBeNull();
  });

  it("GET /api/category-meta answers for both prefixes, 404 for unknown ones", async () => {
    const meta = (country: string, region: string, city: string, categorySlug: string) =>
      get(categoryMetaApi, "/x", { country, region, city, categorySlug });
    const us = await meta("usa", "tn", "nashville", "museums");
    expect(us.status).toBe(200);
    expect(us.body).toEqual({
      title: "Museums in Nashville",
      description: expect.stringContaining("museums in Nashville"),
    });
    const abroad = await meta("colombia", "antioquia", "medellin", "bars-and-restaurants");
    expect(abroad.body).toMatchObject({ title: "Bars & Restaurants in Medellin" });
    const unknown = await meta("usa", "tn", "nashville", "nope");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toBeNull();
  });

  it("GET /api/scripts gives the general plus this environment's scripts (5 min)", async () => {
    await database.prisma.scriptSettings.update({
      where: { id: 1 },
      data: {
        headScripts: "<meta name=general>",
        prodHeadScripts: "<script>prod()</script>",
        devHeadScripts: "<script>dev()</script>",
        devBodyScripts: "<p>dev body</p>",
      },
    });
    const { body, headers } = await get(scriptsApi, "/api/scripts");
    expect(cacheSeconds(headers)).toBe(300);
    // Tests run outside production, so the development scripts apply.
    expect(body).toEqual({
      headScripts: "<meta name=general>\n<script>dev()</script>",
      bodyScripts: "<p>dev body</p>",
    });
  });
});

describe("city hub", () => {
  it("lists only the categories that have activities in the city, with their counts", async () => {
    const categories = await categoriesInCity("san-antonio");
    const grouped = await database.prisma.activity.groupBy({
      by: ["category"],
      where: { cityId: "san-antonio" },
      _count: { _all: true },
    });
    expect(categories.map((c) => [c.name, c.activityCount]).sort()).toEqual(
      grouped.map((g) => [g.category, g._count._all]).sort(),
    );
    expect(categories.every((c) => c.icon.endsWith(".svg"))).toBe(true);
  });
});
