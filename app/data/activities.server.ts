// Queries of the Activity table, and its public JSON shape (spec/public-site.md §3 "Activity").
import type { Prisma } from "~/generated/prisma/client";
import { formatRating } from "~/domain/rating";
import { db } from "./db.server";

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
