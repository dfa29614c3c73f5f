// An activity row and its shapes (the public JSON, the card, the edit form) and the reads of one activity by id or
// slug; the public JSON shape itself is domain/activities/activity-record.ts publicActivity.
import { Prisma, Prisma as Sql, type Activity } from "~/generated/prisma/client";
import { activityFormValues } from "~/domain/activities/activity-form";
import { publicActivity } from "~/domain/activities/activity-record";
import { MAX_ID } from "~/domain/form-values";
import { cardPhotoCredits } from "~/domain/activities/photos";
import { withFreshRating } from "~/domain/places/rating-freshness";
import { db, readRows } from "../db.server";
import { STAMP } from "../row-version.server";

/** What every public read of an activity loads: its tag names. */
export const activityInclude = {
  tags: { select: { tag: { select: { name: true } } } },
} satisfies Prisma.ActivityInclude;

export type ActivityRow = Prisma.ActivityGetPayload<{ include: typeof activityInclude }>;

/** An activity's tag names, as a column of a query whose activity is `a`. */
export const TAG_NAMES_SQL = Sql.raw(
  `ARRAY(SELECT t.name FROM "ActivityTag" at JOIN "Tag" t ON t.id = at."tagId" WHERE at."activityId" = a.id)`,
);

/**
 * Activity rows with their tags, as `findMany({ include: activityInclude })` gives them, read with one statement
 * on the driver (readRows): the public pages' reads of one activity (a detail page, an embed card, 'Best Activities
 * Nearby'). Through Prisma's query compiler a findFirst with its tags costs 3.4 ms of Node's CPU, the same row
 * read through $queryRaw 0.5 ms (PostgreSQL, 2026-11-26), on the driver about half that again.
 */
export async function activityRows(where: Sql.Sql, orderAndLimit: Sql.Sql = Sql.empty): Promise<ActivityRow[]> {
  const rows = await readRows<Activity & { tagNames: string[] }>(
    Sql.sql`SELECT a.*, ${TAG_NAMES_SQL} AS "tagNames" FROM "Activity" a WHERE ${where} ${orderAndLimit}`,
  );
  return rows.map(({ tagNames, ...row }) => ({ ...row, tags: tagNames.map((name) => ({ tag: { name } })) }));
}

/** A row's tag names. */
export function tagNamesOf(row: Pick<ActivityRow, "tags">): string[] {
  return row.tags.map((t) => t.tag.name);
}

/** An activity as its edit form shows it, with its version (null when there is no such activity). */
export async function activityFormState(id: number) {
  const row = await getActivityRow(id);
  return row && { version: row.version, values: activityFormValues({ ...row, tags: tagNamesOf(row) }) };
}

/** The documented activity shape of a row; a Google rating past its window is left out (withFreshRating). */
export function toPublicActivity(row: ActivityRow) {
  return publicActivity({ ...withFreshRating(row), tags: tagNamesOf(row) });
}

/**
 * An activity as a card shows it: the documented shape, the first Google photo's card-width copy and the credits
 * of the photo the card shows.
 */
export function toCardActivity(row: ActivityRow) {
  return { ...toPublicActivity(row), googleCardPhoto: row.googleCardPhoto, photoCredits: cardPhotoCredits(row) };
}


export async function getActivityRow(id: number): Promise<ActivityRow | null> {
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return null;
  const [row] = await activityRows(Sql.sql`a.id = ${id}`);
  return row ?? null;
}

/** What the photo service needs to know of an activity: the fields of its photo choice (domain/activities/photos.ts). */
export async function getActivityPhotoFields(id: number) {
  const prisma = await db();
  return prisma.activity.findUnique({
    where: { id },
    select: {
      id: true,
      photoSource: true,
      customPhotoUrl: true,
      googlePhotos: true,
      googleCardPhoto: true,
      image: true,
      category: true,
    },
  });
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

// --- Activity detail ---

/** The activity at '{city}/things-to-do/{slug}'; when two share a slug in a city the lowest id wins. */
export async function getActivityBySlug(cityId: string, slug: string): Promise<ActivityRow | null> {
  const [row] = await activityRows(Sql.sql`a."cityId" = ${cityId} AND a.slug = ${slug}`, Sql.sql`ORDER BY a.id LIMIT 1`);
  return row ?? null;
}

/** '/activity/{title}': the lowest id with that slug in any city. */
export async function getActivityBySlugInAnyCity(slug: string): Promise<ActivityRow | null> {
  const [row] = await activityRows(Sql.sql`a.slug = ${slug}`, Sql.sql`ORDER BY a.id LIMIT 1`);
  return row ?? null;
}

/** An activity's version stamp (the ETag of GET /api/activities/{id}, a form's opening version). */
export async function activityStamp(id: number) {
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return null;
  return (await db()).activity.findUnique({ where: { id }, select: STAMP });
}
