// Home sections (public-site §5 "Section lists on Home") and search (§5 "Search").
import type { Prisma } from "~/generated/prisma/client";
import { HOME_SECTION_LIMIT, HOME_SECTION_THRESHOLD, selectHomeSection } from "~/domain/pages/home";
import { db } from "../db.server";
import { insensitiveContains } from "../like.server";
import { cachedReference } from "../reference-cache.server";
import { activityInclude, toCardActivity } from "./rows.server";

/**
 * A home section of a city, optionally one category: only the candidates the rule can pick are read —
 * the best 8 rated at or above 3.5 and the newest 8 unrated — then selectHomeSection decides.
 */
export async function homeSection(cityId: string, category?: string) {
  // Kept in memory until the data changes: every location near this city shows the same section.
  return cachedReference(`homeSection:${cityId}:${category ?? ""}`, () => loadHomeSection(cityId, category));
}

async function loadHomeSection(cityId: string, category?: string) {
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
  return selectHomeSection([...rated, ...unrated]).map(toCardActivity);
}

const searchInclude = {
  ...activityInclude,
  city: { select: { id: true, name: true, displayName: true, state: true, stateCode: true, country: true } },
} satisfies Prisma.ActivityInclude;

function searchWhere(q: string, titleOnly: boolean): Prisma.ActivityWhereInput {
  const contains = insensitiveContains(q.trim());
  return titleOnly ? { title: contains } : { OR: [{ title: contains }, { excerpt: contains }] };
}

/**
 * The first activities whose title or excerpt (or title only, on Explore Cities) contains the text, any case, best
 * rated first (ILIKE, helped by the trigram indexes): suggestions, which need no total.
 */
export async function suggestActivities(
  q: string,
  { limit, offset = 0, titleOnly = false }: { limit: number; offset?: number; titleOnly?: boolean },
) {
  if (q.trim() === "") return [];
  const prisma = await db();
  const rows = await prisma.activity.findMany({
    where: searchWhere(q, titleOnly),
    include: searchInclude,
    orderBy: [{ googleRating: { sort: "desc", nulls: "last" } }, { id: "desc" }],
    take: limit,
    skip: offset,
  });
  return rows.map((row) => ({ ...toCardActivity(row), city: row.city }));
}

/** suggestActivities one page at a time, with the number of matches (the search page). */
export async function searchActivities(q: string, page: { limit: number; offset?: number }) {
  if (q.trim() === "") return { activities: [], total: 0 };
  const prisma = await db();
  const [activities, total] = await Promise.all([
    suggestActivities(q, page),
    prisma.activity.count({ where: searchWhere(q, false) }),
  ]);
  return { activities, total };
}
