// Activity detail reads on a real database: lookup by slug, 'Best Activities Nearby', sitemap paging and the
// two activity API endpoints.
import { describe, expect, it } from "vitest";
import { findNearbyActivities } from "~/data/activities/nearby.server";
import {
  activityInclude,
  getActivityBySlug,
  getActivityBySlugInAnyCity,
  getActivityRow,
} from "~/data/activities/rows.server";
import { countSitemapUrls, sitemapRows, type SitemapPageRow } from "~/data/sitemap.server";
import { milesBetween, nearbyActivities } from "~/domain/location/geo";
import { sitemapPageRange, sitemapPath, sitemapPlan } from "~/domain/seo/sitemap";
import { activityPath } from "~/domain/http/urls";
import { loader as activityApi } from "~/routes/api/activity";
import { loader as activityBySlugApi } from "~/routes/api/activity-by-slug";
import { middleware as prefixlessMiddleware } from "~/routes/public/legacy";
import { isUniqueViolation } from "~/data/outcome.server";
import { databaseForTheseTests } from "../helpers/fresh-database";
import { activityRow, cityRow } from "../helpers/factories";
import { routeArgs, type RouteArgs } from "../helpers/route-args";

const database = databaseForTheseTests("seeded");

function newActivity({
  cityId,
  title,
  ...columns
}: Parameters<typeof activityRow>[2] & { cityId: string; title: string }) {
  return activityRow(cityId, title, { excerpt: "Test place.", ...columns });
}

describe("getActivityBySlug", () => {
  it("finds the activity of a city by its slug, and nothing in another city", async () => {
    const row = await getActivityBySlug("nashville", "tootsies-orchid-lounge");
    expect(row?.title).toBe("Tootsie's Orchid Lounge");
    expect(row?.tags.map((t) => t.tag.name).sort()).toEqual(["Adult", "Historic", "Indoors", "Music"]);
    expect(await getActivityBySlug("memphis", "tootsies-orchid-lounge")).toBeNull();
    expect(await getActivityBySlug("nashville", "no-such-place")).toBeNull();
  });

  it("reads a row with its tags exactly as Prisma's findUnique with activityInclude does", async () => {
    const ids = (await database.prisma.activity.findMany({ select: { id: true }, take: 40 })).map((a) => a.id);
    for (const id of ids) {
      const expected = await database.prisma.activity.findUniqueOrThrow({ where: { id }, include: activityInclude });
      const row = await getActivityRow(id);
      const byName = (a: { tag: { name: string } }, b: { tag: { name: string } }) =>
        a.tag.name.localeCompare(b.tag.name);
      expect({ ...row, tags: [...row!.tags].sort(byName) }).toEqual({
        ...expected,
        tags: [...expected.tags].sort(byName),
      });
    }
    expect(await getActivityRow(2_147_483_648)).toBeNull();
    expect(await getActivityRow(0)).toBeNull();
  });

  it("never has two activities of a city on one slug; across cities /activity/{title} takes the lowest id", async () => {
    const first = await database.prisma.activity.create({
      data: newActivity({
        slug: "twin-place",
        title: "Twin Place",
        cityId: "memphis",
        latitude: 35.15,
        longitude: -90.05,
      }),
    });
    // The unique (cityId, slug) index refuses a second one in the same city…
    await expect(
      database.prisma.activity.create({
        data: newActivity({
          slug: "twin-place",
          title: "Twin Place!",
          cityId: "memphis",
          latitude: 35.16,
          longitude: -90.04,
        }),
      }),
    ).rejects.toSatisfy(isUniqueViolation);
    // …while another city may have its own page of that name.
    const other = await database.prisma.activity.create({
      data: newActivity({
        slug: "twin-place",
        title: "Twin Place",
        cityId: "nashville",
        latitude: 36.16,
        longitude: -86.78,
      }),
    });
    expect((await getActivityBySlug("memphis", "twin-place"))?.id).toBe(first.id);
    expect((await getActivityBySlug("nashville", "twin-place"))?.id).toBe(other.id);
    expect((await getActivityBySlugInAnyCity("twin-place"))?.id).toBe(first.id);
  });
});

describe("findNearbyActivities", () => {
  async function oracle(activityId: number) {
    const all = await database.prisma.activity.findMany();
    const self = all.find((a) => a.id === activityId)!;
    return nearbyActivities(self, all).map((a) => a.id);
  }

  it("matches the spec rule over the whole table: same city, within 25 miles, rating then distance, at most 3", async () => {
    const nashville = await database.prisma.activity.findMany({
      where: { cityId: "nashville" },
      take: 12,
      orderBy: { id: "asc" },
    });
    for (const a of nashville) {
      const nearby = await findNearbyActivities(a);
      expect(
        nearby.map((n) => n.id),
        a.title,
      ).toEqual(await oracle(a.id));
      expect(nearby.length).toBeLessThanOrEqual(3);
      for (const n of nearby) {
        expect(n.cityId).toBe("nashville");
        expect(n.id).not.toBe(a.id);
        expect(
          milesBetween({ lat: a.latitude, lng: a.longitude }, { lat: n.latitude, lng: n.longitude }),
        ).toBeLessThanOrEqual(25);
      }
    }
  });

  it("leaves out a better-rated place 30 miles away and one of another city next door", async () => {
    const origin = await database.prisma.activity.create({
      data: newActivity({
        slug: "nearby-origin",
        title: "Nearby Origin",
        cityId: "knoxville",
        latitude: 35.96,
        longitude: -83.92,
        googleRating: 4,
      }),
    });
    const far = await database.prisma.activity.create({
      data: newActivity({
        slug: "far-away",
        title: "Far Away",
        cityId: "knoxville",
        latitude: 35.96 + 30 / 69.09,
        longitude: -83.92,
        googleRating: 5,
      }),
    });
    const otherCity = await database.prisma.activity.create({
      data: newActivity({
        slug: "next-door",
        title: "Next Door",
        cityId: "chattanooga",
        latitude: 35.961,
        longitude: -83.921,
        googleRating: 5,
      }),
    });
    const near = await database.prisma.activity.create({
      data: newActivity({
        slug: "close-by",
        title: "Close By",
        cityId: "knoxville",
        latitude: 35.97,
        longitude: -83.93,
        googleRating: null,
      }),
    });
    const ids = (await findNearbyActivities(origin)).map((n) => n.id);
    expect(ids).toContain(near.id);
    expect(ids).not.toContain(far.id);
    expect(ids).not.toContain(otherCity.id);
    expect(ids).not.toContain(origin.id);
  });

  it("orders the places tied at the best rating by distance", async () => {
    // 450 places with the same rating around one point: the nearest three must win.
    const centre = { lat: 30.27, lng: -97.74 };
    await database.prisma.activity.createMany({
      data: Array.from({ length: 450 }, (_, i) =>
        newActivity({
          slug: `batch-${i}`,
          title: `Batch ${i}`,
          cityId: "austin",
          latitude: centre.lat + ((i % 30) - 15) * 0.01 + 0.001,
          longitude: centre.lng + (Math.floor(i / 30) - 7) * 0.01 + 0.001,
          googleRating: 5,
        }),
      ),
    });
    const origin = await database.prisma.activity.create({
      data: newActivity({
        slug: "batch-origin",
        title: "Batch Origin",
        cityId: "austin",
        latitude: centre.lat,
        longitude: centre.lng,
      }),
    });
    const ids = (await findNearbyActivities(origin)).map((n) => n.id);
    expect(ids).toHaveLength(3);
    expect(ids).toEqual(await oracle(origin.id));
  });

  it("looks past the box's best rated when they lie in its corners, beyond the 25 miles", async () => {
    // About 24 miles north and 24 east (34 miles away): inside the bounding box, outside the circle.
    const centre = { lat: 44.5, lng: -110.5 };
    await database.prisma.city.create({
      data: {
        id: "cornerville",
        name: "Cornerville",
        displayName: "Cornerville, WY",
        state: "Wyoming",
        stateCode: "WY",
        country: "United States",
        centerLatitude: centre.lat,
        centerLongitude: centre.lng,
        radius: 60,
      },
    });
    const place = (slug: string, lat: number, lng: number, googleRating: number) =>
      newActivity({ slug, title: slug, cityId: "cornerville", latitude: lat, longitude: lng, googleRating });
    await database.prisma.activity.createMany({
      data: [
        ...[0, 1, 2].map((i) => place(`corner-${i}`, centre.lat + 0.345, centre.lng + 0.48 + i * 0.001, 5)),
        place("near-fair", centre.lat + 0.01, centre.lng, 3),
      ],
    });
    const origin = await database.prisma.activity.create({ data: place("corner-origin", centre.lat, centre.lng, 4) });
    const ids = (await findNearbyActivities(origin)).map((n) => n.id);
    expect(ids).toEqual(await oracle(origin.id));
    expect(ids).toHaveLength(1);
  });
});

describe("sitemap rows", () => {
  async function collect(offset: number, limit: number, batchSize?: number) {
    const out: SitemapPageRow[] = [];
    for await (const batch of sitemapRows(offset, limit, batchSize)) out.push(...batch);
    return out;
  }

  it("lists home, cities, every city hub and things-to-do page, categories, tags and each activity once", async () => {
    // One title in two cities: two pages, each listed once.
    for (const [cityId, latitude, longitude] of [
      ["memphis", 35.15, -90.05],
      ["nashville", 36.16, -86.78],
    ] as const) {
      await database.prisma.activity.create({
        data: newActivity({ slug: "sitemap-twin", title: "Sitemap Twin", cityId, latitude, longitude }),
      });
    }
    const total = await countSitemapUrls();
    const rows = await collect(0, total, 97);
    expect(rows).toHaveLength(total);
    const paths = rows.map(sitemapPath);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain("/");
    expect(paths).toContain("/cities");
    expect(paths).toContain("/usa/tn/nashville");
    expect(paths).toContain("/usa/tn/nashville/things-to-do");
    expect(paths).toContain("/usa/tn/nashville/bars-and-restaurants");
    expect(paths).toContain("/usa/tn/nashville/live-music");
    expect(paths).toContain("/uae/dubai/dubai/things-to-do");
    // A city without activities has no category or tag pages.
    expect(paths).toContain("/usa/fl/jacksonville/things-to-do");
    expect(paths.filter((p) => p.startsWith("/usa/fl/jacksonville/"))).toEqual(["/usa/fl/jacksonville/things-to-do"]);

    const activities = await database.prisma.activity.findMany({ include: { city: true }, orderBy: { id: "asc" } });
    const expected = new Set(activities.map((a) => activityPath(a.city, a.title)));
    const listed = new Set(rows.filter((r) => r.kind === "activity").map(sitemapPath));
    expect(listed).toEqual(expected);
    expect(listed).toContain("/usa/tn/nashville/things-to-do/tootsies-orchid-lounge");
    expect(
      rows
        .filter((r) => r.kind === "activity" && r.name === "Sitemap Twin")
        .map((r) => r.cityId)
        .sort(),
    ).toEqual(["memphis", "nashville"]);
  });

  it("pages by the sitemap limit without gaps or overlaps", async () => {
    const total = await countSitemapUrls();
    const whole = (await collect(0, total)).map((r) => `${r.kind}|${r.cityId}|${r.name}`);
    const limit = 250;
    const plan = sitemapPlan(total, limit);
    expect(plan.kind).toBe("index");
    if (plan.kind !== "index") return;
    const paged: string[] = [];
    for (let page = 1; page <= plan.pages; page++) {
      const range = sitemapPageRange(page, total, limit)!;
      const rows = await collect(range.offset, range.limit, 60);
      expect(rows.length).toBeLessThanOrEqual(limit);
      paged.push(...rows.map((r) => `${r.kind}|${r.cityId}|${r.name}`));
    }
    expect(paged).toEqual(whole);
  });
});

describe("activity API endpoints", () => {
  // The loaders are called as React Router calls them, with a request and the route params.
  const call = <Params>(loader: (args: RouteArgs<Params>) => Promise<Response>, params: Params) =>
    loader(routeArgs("http://localhost/api", params));

  it("GET /api/activities/{id}: 200 with the public shape and CDN caching, 404 and 400 JSON otherwise", async () => {
    const row = (await getActivityBySlug("nashville", "tootsies-orchid-lounge"))!;
    const ok = await call(activityApi, { id: String(row.id) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Cache-Control")).toMatch(/public.*s-maxage=\d+/);
    const body = await ok.json();
    expect(body).toMatchObject({
      id: row.id,
      title: "Tootsie's Orchid Lounge",
      cityId: "nashville",
      googleRating: "4.6",
      latitude: "36.1606",
    });

    const missing = await call(activityApi, { id: "987654" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Activity not found" });

    for (const bad of ["abc", "1.5", "-3", "99999999999"]) {
      const r = await call(activityApi, { id: bad });
      expect(r.status, bad).toBe(400);
    }
  });

  it("GET /api/activities/by-slug/{cityId}/{activitySlug}: 200, else 404 JSON", async () => {
    const ok = await call(activityBySlugApi, { cityId: "nashville", activitySlug: "tootsies-orchid-lounge" });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Cache-Control")).toMatch(/s-maxage/);
    expect((await ok.json()).title).toBe("Tootsie's Orchid Lounge");
    const missing = await call(activityBySlugApi, { cityId: "nashville", activitySlug: "nope" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Activity not found" });
  });
});

describe("prefix-less paths", () => {
  // The layout's middleware throws a redirect or a 404, or hands the request on to the page (next).
  type Params = Parameters<(typeof prefixlessMiddleware)[number]>[0]["params"];
  async function prefixless(path: string, params: Params, pattern: string) {
    try {
      const response = await prefixlessMiddleware[0]!(
        routeArgs(`http://localhost${path}`, params, { pattern }),
        async () => new Response("the page"),
      );
      return { status: (response as Response).status, location: null, page: await (response as Response).text() };
    } catch (thrown) {
      if (thrown instanceof Response)
        return { status: thrown.status, location: thrown.headers.get("Location"), page: null };
      return { status: (thrown as { init?: { status?: number } }).init?.status, location: null, page: null };
    }
  }

  it("redirects a city with a prefix to its things-to-do page (its legacy path)", async () => {
    expect(await prefixless("/nashville", { cityId: "nashville" }, ":cityId")).toEqual({
      status: 301,
      location: "/usa/tn/nashville/things-to-do",
      page: null,
    });
  });

  it("serves the pages of a city without a prefix, whose canonical paths these shapes are", async () => {
    await database.prisma.city.create({
      data: cityRow("lyon", {
        name: "Lyon",
        displayName: "Lyon",
        country: "France",
        centerLatitude: 45.76,
        centerLongitude: 4.84,
      }),
    });
    const page = { status: 200, location: null, page: "the page" };
    expect(await prefixless("/lyon", { cityId: "lyon" }, ":cityId")).toEqual(page);
    expect(await prefixless("/lyon/things-to-do", { cityId: "lyon" }, ":cityId/things-to-do")).toEqual(page);
    expect(await prefixless("/lyon/museums", { cityId: "lyon", segment: "museums" }, ":cityId/:segment")).toEqual(page);
    expect(await prefixless("/Lyon", { cityId: "Lyon" }, ":cityId")).toEqual({
      status: 301,
      location: "/lyon",
      page: null,
    });
    expect(
      await prefixless("/lyon/nothing-here", { cityId: "lyon", segment: "nothing-here" }, ":cityId/:segment"),
    ).toEqual({
      status: 404,
      location: null,
      page: null,
    });
    expect(await prefixless("/nowhere", { cityId: "nowhere" }, ":cityId")).toEqual({
      status: 404,
      location: null,
      page: null,
    });
  });
});
