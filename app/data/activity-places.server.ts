// What the places service reads and writes on an activity (admin §3 googleRating, googleReviewCount,
// googlePlaceId, googlePhotos, and the photos' credits): kept apart from activities/writes.server.ts so the Google
// columns have one writer.
import type { Prisma } from "~/generated/prisma/client";
import { diffColumns } from "~/domain/admin/history";
import type { PhotoAttribution } from "~/domain/places/places";
import { db } from "./db.server";
import { recordEntry } from "./history.server";

const PLACE_LOOKUP_SELECT = {
  id: true,
  title: true,
  address: true,
  state: true,
  latitude: true,
  longitude: true,
  googlePlaceId: true,
  city: { select: { displayName: true, centerLatitude: true, centerLongitude: true, radius: true } },
} as const;

/** What finding an activity's place needs (location-check.ts LocatedActivity), or null when it is gone. */
export async function activityForPlaces(id: number) {
  const prisma = await db();
  return prisma.activity.findUnique({ where: { id }, select: PLACE_LOOKUP_SELECT });
}

export type ActivityForPlaces = NonNullable<Awaited<ReturnType<typeof activityForPlaces>>>;

/** Every activity's id and title, in id order (Refresh Ratings works through all of them). */
export async function allActivityIds(): Promise<number[]> {
  const prisma = await db();
  return (await prisma.activity.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((a) => a.id);
}

/** Of `ids`, those that still exist, in id order. */
export async function existingActivityIds(ids: readonly number[]): Promise<number[]> {
  const prisma = await db();
  const rows = await prisma.activity.findMany({ where: { id: { in: [...ids] } }, select: { id: true }, orderBy: { id: "asc" } });
  return rows.map((a) => a.id);
}

const WITHOUT_GOOGLE_PHOTOS = { googlePhotos: { isEmpty: true } } as const;

/** The activities with no Google photos yet, in id order (what Bulk Enhance on the Settings tab covers). */
export async function activityIdsWithoutGooglePhotos(): Promise<number[]> {
  const prisma = await db();
  const rows = await prisma.activity.findMany({ where: WITHOUT_GOOGLE_PHOTOS, select: { id: true }, orderBy: { id: "asc" } });
  return rows.map((a) => a.id);
}

/** Test Single Activity's pick: the first activity, by id, with no Google photos yet; null when every one has some. */
export async function firstActivityWithoutGooglePhotos(): Promise<{ id: number; title: string } | null> {
  const prisma = await db();
  return prisma.activity.findFirst({ where: WITHOUT_GOOGLE_PHOTOS, select: { id: true, title: true }, orderBy: { id: "asc" } });
}

/** What the photo choice reads (domain/activities/photos.ts PhotoFields), or null when the activity is gone. */
export async function activityPhotoFields(id: number) {
  const prisma = await db();
  return prisma.activity.findUnique({
    where: { id },
    select: { photoSource: true, customPhotoUrl: true, googlePhotos: true, image: true, category: true },
  });
}

/**
 * Who the places service's writes name as the row's last writer (updatedBy): it runs for an administrator's button,
 * the API and the bulk jobs alike, and writes only its own columns (rating, reviews, photos, place id).
 */
export const PLACES_WRITER = "Google Places service";

/** Remembers the place found, so later calls ask Place Details instead of searching again. */
export async function savePlaceId(id: number, placeId: string): Promise<void> {
  await writePlaceColumns(id, { googlePlaceId: placeId });
}

/**
 * Writes Google columns of an activity with their history entry (the refresh jobs' writes are recorded under the
 * job's name); false when the activity was deleted meanwhile. The photos' credits and card copy follow the photos
 * and are not compared.
 */
async function writePlaceColumns(id: number, data: Prisma.ActivityUpdateInput & Record<string, unknown>): Promise<boolean> {
  const prisma = await db();
  // The photos' credits and card copy follow the photos; the rating's date moves on every refresh: none is compared.
  const compared = Object.keys(data).filter(
    (c) => c !== "googlePhotoAttributions" && c !== "googleCardPhoto" && c !== "googleRatingUpdatedAt",
  );
  return prisma.$transaction(async (tx) => {
    const before = await tx.activity.findUnique({ where: { id } });
    if (!before) return false;
    await tx.activity.update({ where: { id }, data: { ...data, updatedBy: PLACES_WRITER } });
    const changes = diffColumns(before, data, compared);
    if (Object.keys(changes).length > 0) {
      await recordEntry(tx, { entity: "activity", entityId: id, action: "update", label: before.title, changes });
    }
    return true;
  });
}

/**
 * Writes a rating (and the place it came from) with when Google gave it (googleRatingUpdatedAt: public pages show
 * it for GOOGLE_RATING_MAX_DAYS from then); false when the activity was deleted meanwhile.
 */
export async function saveRating(
  id: number,
  found: { placeId: string; rating: number; reviewCount: number | null },
  now = new Date(),
): Promise<boolean> {
  return writePlaceColumns(id, {
    googlePlaceId: found.placeId,
    googleRating: found.rating,
    googleReviewCount: found.reviewCount,
    googleRatingUpdatedAt: now,
  });
}

/** Writes the photos' addresses and their credits, in the same order; false when the activity is gone. */
export async function savePhotos(
  id: number,
  found: {
    placeId: string;
    photos: { uri: string; attributions: PhotoAttribution[] }[];
    /** The first photo at card width. */
    cardUri: string;
  },
): Promise<boolean> {
  return writePlaceColumns(id, {
    googlePlaceId: found.placeId,
    googlePhotos: found.photos.map((p) => p.uri),
    googleCardPhoto: found.cardUri,
    // Plain { displayName, uri } objects: JSON as they are.
    googlePhotoAttributions: found.photos.map((p) => p.attributions.map((a) => ({ ...a }))),
  });
}

/** How much the places service has filled in: activities matched to a place, rated, with Google photos. */
export async function placesCoverage() {
  const prisma = await db();
  const [total, withPlace, rated, withPhotos] = await Promise.all([
    prisma.activity.count(),
    prisma.activity.count({ where: { googlePlaceId: { not: null } } }),
    prisma.activity.count({ where: { googleRating: { not: null } } }),
    prisma.activity.count({ where: { NOT: { googlePhotos: { isEmpty: true } } } }),
  ]);
  return { total, withPlace, rated, withPhotos };
}
