// The home page's queries: the nearest eligible city, its sections and the top destinations
// (public-site §2 "Home", §4 "Home location flow", §5 "Section lists on Home").
import type { LatLng } from "~/domain/geo";
import { nearestCity } from "~/domain/geo";
import { HOME_SECTION_LIMIT, HOME_SECTION_THRESHOLD, NEAREST_CITY_RATING_THRESHOLD, selectHomeSection } from "~/domain/home";
import { activityInclude, toPublicActivity } from "./activities.server";
import { db } from "./db.server";

const cityRef = { id: true, name: true, displayName: true, stateCode: true, country: true, centerLatitude: true, centerLongitude: true } as const;

/** Cities having at least one activity rated 4 or more: one query. */
export async function citiesEligibleForNearest() {
  const prisma = await db();
  return prisma.city.findMany({
    where: { activities: { some: { googleRating: { gte: NEAREST_CITY_RATING_THRESHOLD } } } },
    select: cityRef,
    orderBy: { id: "asc" },
  });
}

export async function nearestEligibleCity(point: LatLng) {
  const cities = await citiesEligibleForNearest();
  return nearestCity(point, cities, new Set(cities.map((c) => c.id)));
}

export async function getHomeCity(id: string) {
  const prisma = await db();
  return prisma.city.findUnique({ where: { id }, select: cityRef });
}

/**
 * A home section of a city, optionally one category: only the candidates the rule can pick are read —
 * the best 8 rated at or above 3.5 and the newest 8 unrated — then selectHomeSection decides.
 */
export async function homeSection(cityId: string, category?: string) {
  const prisma = await db();
  const where = { cityId, ...(category ? { category } : {}) };
  const [rated, unrated] = await Promise.all([
    prisma.activity.findMany({
      where: { ...where, googleRating: { gte: HOME_SECTION_THRESHOLD } },
      orderBy: [{ googleRating: "desc" }, { id: "desc" }],
      take: HOME_SECTION_LIMIT,
      include: activityInclude,
    }),
    prisma.activity.findMany({
      where: { ...where, googleRating: null },
      orderBy: { id: "desc" },
      take: HOME_SECTION_LIMIT,
      include: activityInclude,
    }),
  ]);
  return selectHomeSection([...rated, ...unrated]).map(toPublicActivity);
}

/** The cities with the most activities: a grouped count in SQL. */
export async function topDestinations(limit: number) {
  const prisma = await db();
  const cities = await prisma.city.findMany({
    select: { ...cityRef, state: true, description: true, featuredImageUrl: true, _count: { select: { activities: true } } },
    orderBy: [{ activities: { _count: "desc" } }, { displayName: "asc" }],
    take: limit,
  });
  return cities.map(({ _count, ...city }) => ({ ...city, activityCount: _count.activities }));
}
