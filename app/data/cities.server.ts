// Queries of the City table.
import { db } from "./db.server";

export async function listCities() {
  const prisma = await db();
  return prisma.city.findMany({ orderBy: [{ state: "asc" }, { displayName: "asc" }] });
}

export async function getCity(id: string) {
  const prisma = await db();
  return prisma.city.findUnique({ where: { id } });
}

/** Cities with the number of activities in each, most activities first. */
export async function citiesWithCounts() {
  const prisma = await db();
  const cities = await prisma.city.findMany({ include: { _count: { select: { activities: true } } } });
  return cities
    .map(({ _count, ...city }) => ({ ...city, activityCount: _count.activities }))
    .sort((a, b) => b.activityCount - a.activityCount || a.displayName.localeCompare(b.displayName));
}

// --- Public read API (GET /api/cities, /api/cities-with-counts) and the city hub. ---

type CityRow = NonNullable<Awaited<ReturnType<typeof getCity>>>;

/** The documented city shape: centre coordinates as strings, like an activity's. */
export function toPublicCity({ createdAt: _c, updatedAt: _u, ...city }: CityRow) {
  return { ...city, centerLatitude: String(city.centerLatitude), centerLongitude: String(city.centerLongitude) };
}

export async function countActivitiesInCity(cityId: string) {
  const prisma = await db();
  return prisma.activity.count({ where: { cityId } });
}
