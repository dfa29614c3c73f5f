import { beforeAll, describe, expect, it } from "vitest";
import { milesBetween } from "~/domain/location/geo";
import { CATEGORY_NAMES, TAG_NAMES } from "~/domain/taxonomy/taxonomy";
import { DEFAULT_SEO_TEMPLATES } from "~/domain/seo/seo";
import { titleSlug } from "~/domain/taxonomy/slug";
import { seed, SYNTHETIC_SLUG_PREFIX } from "../../prisma/seed";
import { databaseForTheseTests } from "../helpers/fresh-database";

// A migrated database without the seed: seeding it is what this file tests.
const database = databaseForTheseTests("migrated");

beforeAll(async () => {
  await seed(database.prisma);
});

describe("seed", () => {
  it("loads the built-in cities with real centres", async () => {
    const cities = await database.prisma.city.findMany();
    expect(cities.length).toBeGreaterThanOrEqual(58);
    const byId = new Map(cities.map((c) => [c.id, c]));
    for (const id of ["nashville", "san-antonio", "dubai", "medellin", "panama-city", "prague", "quebec-city"]) {
      expect(byId.has(id), id).toBe(true);
    }
    // San Antonio's centre is downtown, near the Alamo.
    const sa = byId.get("san-antonio")!;
    expect(
      milesBetween({ lat: sa.centerLatitude, lng: sa.centerLongitude }, { lat: 29.4259, lng: -98.4861 }),
    ).toBeLessThan(3);
    expect(cities.every((c) => c.radius === 60 && c.description.length > 0)).toBe(true);
  });

  it("loads at least 400 real activities over at least 15 cities, each near its city", async () => {
    const activities = await database.prisma.activity.findMany({ include: { city: true } });
    expect(activities.length).toBeGreaterThanOrEqual(400);
    const perCity = new Map<string, number>();
    for (const a of activities) perCity.set(a.cityId, (perCity.get(a.cityId) ?? 0) + 1);
    expect(perCity.size).toBeGreaterThanOrEqual(15);
    expect(perCity.get("nashville")).toBeGreaterThanOrEqual(40);
    expect(perCity.get("san-antonio")).toBeGreaterThanOrEqual(25);
    for (const a of activities) {
      const d = milesBetween(
        { lat: a.latitude, lng: a.longitude },
        { lat: a.city.centerLatitude, lng: a.city.centerLongitude },
      );
      expect(d, `${a.title} is ${d.toFixed(1)} mi from ${a.cityId}`).toBeLessThan(60);
    }
    expect(activities.filter((a) => a.googleRating !== null && a.googleRating >= 4).length).toBeGreaterThan(50);
  });

  it("loads the categories, the nine tags with colour and icon, and the SEO templates", async () => {
    const categories = await database.prisma.category.findMany();
    expect(categories.map((c) => c.name).sort()).toEqual(CATEGORY_NAMES.sort());
    expect(categories.every((c) => c.icon && c.filterIcon && c.pinIcon)).toBe(true);
    const tags = await database.prisma.tag.findMany();
    expect(tags.map((t) => t.name).sort()).toEqual([...TAG_NAMES].sort());
    expect(tags.every((t) => t.color && t.icon)).toBe(true);
    const seo = await database.prisma.seoSettings.findUniqueOrThrow({ where: { id: 1 } });
    expect(seo.cityTitleTemplate).toBe(DEFAULT_SEO_TEMPLATES.cityTitleTemplate);
    expect(seo.kidFriendlyPageTitle).toContain("{city}");
  });

  it("is idempotent and keeps curated edits", async () => {
    const before = await database.prisma.activity.count();
    const first = await database.prisma.activity.findFirstOrThrow({ orderBy: { id: "asc" } });
    await database.prisma.activity.update({ where: { id: first.id }, data: { excerpt: "Edited by a curator" } });
    const again = await seed(database.prisma);
    expect(again.activitiesCreated).toBe(0);
    expect(await database.prisma.activity.count()).toBe(before);
    expect((await database.prisma.activity.findUniqueOrThrow({ where: { id: first.id } })).excerpt).toBe(
      "Edited by a curator",
    );
  });

  it("keeps exactly N deterministic synthetic activities", async () => {
    const real = await database.prisma.activity.count();
    await seed(database.prisma, { synthetic: 500 });
    const synthetic = { slug: { startsWith: SYNTHETIC_SLUG_PREFIX } };
    expect(await database.prisma.activity.count({ where: synthetic })).toBe(500);
    const sample = await database.prisma.activity.findFirstOrThrow({ where: { slug: `${SYNTHETIC_SLUG_PREFIX}42` } });
    expect(sample.title).toBe("Synthetic Place 42");
    // Its slug is its title's, so a card's link (built from the title) finds it.
    expect(sample.slug).toBe(titleSlug(sample.title));
    // Its text is a real place's, as long and as varied as the seed's.
    const realOnes = await database.prisma.activity.findMany({
      where: { NOT: synthetic },
      orderBy: { id: "asc" },
      select: { excerpt: true, address: true, website: true, phoneNumber: true },
    });
    expect(sample).toMatchObject(realOnes[42 % realOnes.length]!);
    const excerpts = await database.prisma.activity.groupBy({ by: ["excerpt"], where: synthetic });
    expect(excerpts.length).toBe(Math.min(500, realOnes.length));
    // Spread with a Zipf skew: nashville holds the most (about 30%), every city some.
    const perCity = await database.prisma.activity.groupBy({
      by: ["cityId"],
      where: synthetic,
      _count: { _all: true },
      orderBy: { _count: { cityId: "desc" } },
    });
    expect(perCity[0]!.cityId).toBe("nashville");
    expect(perCity[0]!._count._all).toBeGreaterThan(120);
    expect(perCity[0]!._count._all).toBeLessThan(180);
    expect(perCity.length).toBeGreaterThan(40);
    await seed(database.prisma, { synthetic: 200 });
    expect(await database.prisma.activity.count({ where: synthetic })).toBe(200);
    await seed(database.prisma, { synthetic: 0 });
    expect(await database.prisma.activity.count()).toBe(real);
  });
});
