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
