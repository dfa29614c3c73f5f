// Header search, the results page and the Explore Cities matches (public-site §5 "Search"):
// case-insensitive substring matching done by the database (ILIKE, helped by the trigram indexes).
import type { Prisma } from "~/generated/prisma/client";
import { activityInclude, toPublicActivity } from "./activities.server";
import { db } from "./db.server";
import { insensitiveContains } from "./like.server";

const cityRef = { id: true, name: true, displayName: true, state: true, stateCode: true, country: true } as const;

function cityWhere(q: string, includeState: boolean): Prisma.CityWhereInput {
  const contains = insensitiveContains(q.trim());
  return { OR: [{ displayName: contains }, { name: contains }, ...(includeState ? [{ state: contains }] : [])] };
}

function activityWhere(q: string, titleOnly: boolean): Prisma.ActivityWhereInput {
  const contains = insensitiveContains(q.trim());
  return titleOnly ? { title: contains } : { OR: [{ title: contains }, { excerpt: contains }] };
}

/** Cities whose displayName or name (or state, on Explore Cities) contains the text. */
export async function searchCities(q: string, { limit, includeState = false }: { limit?: number; includeState?: boolean }) {
  if (q.trim() === "") return [];
  const prisma = await db();
  return prisma.city.findMany({
    where: cityWhere(q, includeState),
    select: cityRef,
    orderBy: [{ displayName: "asc" }],
    take: limit,
  });
}

const searchInclude = { ...activityInclude, city: { select: cityRef } } satisfies Prisma.ActivityInclude;

/** Activities whose title or excerpt (or title only) contains the text, best rated first, one page at a time. */
export async function searchActivities(
  q: string,
  { limit, offset = 0, titleOnly = false }: { limit: number; offset?: number; titleOnly?: boolean },
) {
  if (q.trim() === "") return { activities: [], total: 0 };
  const prisma = await db();
  const where = activityWhere(q, titleOnly);
  const [rows, total] = await Promise.all([
    prisma.activity.findMany({
      where,
      include: searchInclude,
      orderBy: [{ googleRating: { sort: "desc", nulls: "last" } }, { id: "desc" }],
      take: limit,
      skip: offset,
    }),
    prisma.activity.count({ where }),
  ]);
  return { activities: rows.map((row) => ({ ...toPublicActivity(row), city: row.city })), total };
}

/** Explore Cities: every city, or those whose name, display name or state contains the text, with counts. */
export async function exploreCities(q: string) {
  const prisma = await db();
  const cities = await prisma.city.findMany({
    where: q.trim() === "" ? {} : cityWhere(q, true),
    select: { ...cityRef, _count: { select: { activities: true } } },
    orderBy: [{ state: "asc" }, { displayName: "asc" }],
  });
  return cities.map(({ _count, ...city }) => ({ ...city, activityCount: _count.activities }));
}
