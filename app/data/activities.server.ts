// Queries of the Activity table, and its public JSON shape (spec/public-site.md §3 "Activity").
import type { Prisma } from "~/generated/prisma/client";
import { formatRating } from "~/domain/rating";
import { db } from "./db.server";
import { boundingBox } from "~/domain/activity-detail";
import { NEARBY_RADIUS_MILES } from "~/domain/constants";
import { nearbyActivities } from "~/domain/geo";

/** What every public read of an activity loads: its tag names. */
export const activityInclude = {
  tags: { select: { tag: { select: { name: true } } } },
} satisfies Prisma.ActivityInclude;

export type ActivityRow = Prisma.ActivityGetPayload<{ include: typeof activityInclude }>;

/** The documented activity shape: coordinates and rating as strings, tags as names. */
export function toPublicActivity(a: ActivityRow) {
  return {
    id: a.id,
    slug: a.slug,
    title: a.title,
    excerpt: a.excerpt,
    image: a.image,
    latitude: String(a.latitude),
    longitude: String(a.longitude),
    cityId: a.cityId,
    category: a.category,
    tags: a.tags.map((t) => t.tag.name).sort(),
    googleRating: formatRating(a.googleRating),
    googleReviewCount: a.googleReviewCount,
    googlePhotos: a.googlePhotos,
    photoSource: a.photoSource,
    customPhotoUrl: a.customPhotoUrl,
    googleMapsUrl: a.googleMapsUrl,
    address: a.address,
    website: a.website,
    phone: a.phoneNumber,
    phoneNumber: a.phoneNumber,
    country: a.country,
    state: a.state,
    touristyLevel: a.touristyLevel,
    cost: a.cost,
    duration: a.duration,
    metaTitle: a.metaTitle,
    metaDescription: a.metaDescription,
  };
}

export type PublicActivity = ReturnType<typeof toPublicActivity>;

export async function getActivityRow(id: number) {
  const prisma = await db();
  return prisma.activity.findUnique({ where: { id }, include: activityInclude });
}

// --- Public read API (GET /api/activities): one page at a time, in id order so pages are stable. ---

export async function listPublicActivities({ cityId, limit, offset }: { cityId?: string; limit: number; offset: number }) {
  const prisma = await db();
  const where = cityId ? { cityId } : {};
  const [rows, total] = await Promise.all([
    prisma.activity.findMany({ where, include: activityInclude, orderBy: { id: "asc" }, take: limit, skip: offset }),
    prisma.activity.count({ where }),
  ]);
  return { activities: rows.map(toPublicActivity), total };
}

// --- Activity detail, nearby activities and sitemap reads (detail branch) ---

/** The activity at '{city}/things-to-do/{slug}'; when two share a slug in a city the lowest id wins. */
export async function getActivityBySlug(cityId: string, slug: string) {
  const prisma = await db();
  return prisma.activity.findFirst({ where: { cityId, slug }, orderBy: { id: "asc" }, include: activityInclude });
}

/** '/activity/{title}': the lowest id with that slug in any city. */
export async function getActivityBySlugInAnyCity(slug: string) {
  const prisma = await db();
  return prisma.activity.findFirst({ where: { slug }, orderBy: { id: "asc" }, include: activityInclude });
}

const NEARBY_BATCH = 200;

/**
 * 'Best Activities Nearby': candidates of the same city inside the 25-mile bounding box come from SQL,
 * best rated first (the cityId+googleRating index), in batches; the spec's rule (exact distance, rating then
 * distance, at most 3) is domain/geo.ts nearbyActivities. Fetching stops once three are chosen and the next
 * candidates are rated lower than the third, so a dense city never loads every row.
 */
export async function findNearbyActivities(
  activity: Pick<ActivityRow, "id" | "cityId" | "latitude" | "longitude" | "googleRating">,
) {
  const prisma = await db();
  const box = boundingBox({ lat: activity.latitude, lng: activity.longitude }, NEARBY_RADIUS_MILES);
  const where = {
    cityId: activity.cityId,
    id: { not: activity.id },
    latitude: { gte: box.minLat, lte: box.maxLat },
    longitude: { gte: box.minLng, lte: box.maxLng },
  } satisfies Prisma.ActivityWhereInput;
  const select = { id: true, cityId: true, latitude: true, longitude: true, googleRating: true } as const;
  type Candidate = Prisma.ActivityGetPayload<{ select: typeof select }>;
  const origin: Candidate = {
    id: activity.id,
    cityId: activity.cityId,
    latitude: activity.latitude,
    longitude: activity.longitude,
    googleRating: activity.googleRating,
  };
  const candidates: Candidate[] = [];
  let chosen: typeof candidates = [];
  for (let skip = 0; ; skip += NEARBY_BATCH) {
    const batch = await prisma.activity.findMany({
      where,
      select,
      orderBy: [{ googleRating: { sort: "desc", nulls: "last" } }, { id: "asc" }],
      skip,
      take: NEARBY_BATCH,
    });
    candidates.push(...batch);
    chosen = nearbyActivities(origin, candidates);
    if (batch.length < NEARBY_BATCH) break;
    const third = chosen[2];
    const lastRating = batch[batch.length - 1].googleRating ?? 0;
    if (third && lastRating < (third.googleRating ?? 0)) break;
  }
  if (chosen.length === 0) return [];
  const rows = await prisma.activity.findMany({ where: { id: { in: chosen.map((c) => c.id) } }, include: activityInclude });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return chosen.flatMap((c) => {
    const row = byId.get(c.id);
    return row ? [row] : [];
  });
}
