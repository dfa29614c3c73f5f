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

// ---- Admin: the Activities tab and the admin activity API (spec/admin.md §2, §7) ----
// (Imports kept inside this block so merges with other appended blocks stay clean.)
import { PAGE_SIZE } from "~/domain/constants";
import { clampPage, pageOffset } from "~/domain/pagination";
import type { ADMIN_SORT_ORDERS } from "~/domain/sort";

export type AdminSortOrder = (typeof ADMIN_SORT_ORDERS)[number];

export type AdminActivityFilters = {
  search?: string;
  cityId?: string;
  sort: AdminSortOrder;
  untaggedOnly: boolean;
  page: number;
};

const ADMIN_ORDER_BY: Record<AdminSortOrder, Prisma.ActivityOrderByWithRelationInput[]> = {
  "name-asc": [{ title: "asc" }, { id: "asc" }],
  "name-desc": [{ title: "desc" }, { id: "asc" }],
  newest: [{ id: "desc" }],
  oldest: [{ id: "asc" }],
};

const adminListInclude = {
  ...activityInclude,
  city: { select: { id: true, stateCode: true, country: true, displayName: true } },
} satisfies Prisma.ActivityInclude;

export type AdminActivityRow = Prisma.ActivityGetPayload<{ include: typeof adminListInclude }>;

function adminWhere(f: Omit<AdminActivityFilters, "sort" | "page">): Prisma.ActivityWhereInput {
  const where: Prisma.ActivityWhereInput = {};
  if (f.search) {
    where.OR = [
      { title: { contains: f.search, mode: "insensitive" } },
      { excerpt: { contains: f.search, mode: "insensitive" } },
    ];
  }
  if (f.cityId) where.cityId = f.cityId;
  if (f.untaggedOnly) where.tags = { none: {} };
  return where;
}

/** One page (48) of the admin list, filtered and sorted in SQL; an out-of-range page becomes the last one. */
export async function adminListActivities(f: AdminActivityFilters) {
  const prisma = await db();
  const where = adminWhere(f);
  const total = await prisma.activity.count({ where });
  const page = clampPage(f.page, total, PAGE_SIZE);
  const activities = await prisma.activity.findMany({
    where,
    orderBy: ADMIN_ORDER_BY[f.sort],
    skip: pageOffset(page, PAGE_SIZE),
    take: PAGE_SIZE,
    include: adminListInclude,
  });
  return { activities, total, page };
}

export async function countActivities() {
  const prisma = await db();
  return prisma.activity.count();
}

/** The form's choices: category names in their display order, tag names, and the cities. */
export async function activityFormChoices() {
  const prisma = await db();
  const [categories, tags, cities] = await Promise.all([
    prisma.category.findMany({ orderBy: [{ sortOrder: "asc" }, { name: "asc" }], select: { name: true } }),
    prisma.tag.findMany({ orderBy: { name: "asc" }, select: { name: true } }),
    prisma.city.findMany({ orderBy: [{ displayName: "asc" }], select: { id: true, displayName: true, state: true } }),
  ]);
  return { categories: categories.map((c) => c.name), tags: tags.map((t) => t.name), cities };
}

export async function activityTitles(ids: readonly number[]) {
  const prisma = await db();
  return prisma.activity.findMany({ where: { id: { in: [...ids] } }, select: { id: true, title: true }, orderBy: { title: "asc" } });
}

/** Raised when another activity of the city already has the title's slug: both would share one public URL. */
export class DuplicateActivityError extends Error {
  constructor(readonly title: string) {
    super(`An activity named "${title}" already exists in this city`);
  }
}

type Tx = Prisma.TransactionClient;

async function assertUniqueSlug(tx: Tx, data: { cityId: string; slug: string; title: string }, exceptId?: number) {
  const clash = await tx.activity.findFirst({
    where: { cityId: data.cityId, slug: data.slug, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash) throw new DuplicateActivityError(data.title);
}

async function setTags(tx: Tx, activityId: number, tagNames: readonly string[]) {
  await tx.activityTag.deleteMany({ where: { activityId } });
  if (tagNames.length === 0) return;
  const tags = await tx.tag.findMany({ where: { name: { in: [...tagNames] } }, select: { id: true } });
  await tx.activityTag.createMany({ data: tags.map((t) => ({ activityId, tagId: t.id })) });
}

export type ActivityWrite = Omit<Prisma.ActivityUncheckedCreateInput, "tags" | "id">;

export async function createActivity(data: ActivityWrite, tagNames: readonly string[]) {
  const prisma = await db();
  const id = await prisma.$transaction(async (tx) => {
    await assertUniqueSlug(tx, data);
    const created = await tx.activity.create({ data, select: { id: true } });
    await setTags(tx, created.id, tagNames);
    return created.id;
  });
  return (await getActivityRow(id))!;
}

/** Null when the activity does not exist. */
export async function updateActivity(id: number, data: ActivityWrite, tagNames: readonly string[]) {
  const prisma = await db();
  const found = await prisma.$transaction(async (tx) => {
    if (!(await tx.activity.findUnique({ where: { id }, select: { id: true } }))) return false;
    await assertUniqueSlug(tx, data, id);
    await tx.activity.update({ where: { id }, data });
    await setTags(tx, id, tagNames);
    return true;
  });
  return found ? getActivityRow(id) : null;
}

/** Whether it existed. Tags, validation and review notes go with it (cascade). */
export async function deleteActivity(id: number): Promise<boolean> {
  const prisma = await db();
  const { count } = await prisma.activity.deleteMany({ where: { id } });
  return count > 0;
}

/** All or nothing: the number deleted. */
export async function deleteActivities(ids: readonly number[]): Promise<number> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => (await tx.activity.deleteMany({ where: { id: { in: [...ids] } } })).count);
}

export async function updateActivitiesCategory(ids: readonly number[], categoryName: string): Promise<number> {
  const prisma = await db();
  return prisma.$transaction(
    async (tx) => (await tx.activity.updateMany({ where: { id: { in: [...ids] } }, data: { category: categoryName } })).count,
  );
}
