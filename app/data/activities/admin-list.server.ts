// The admin's Activities tab and the admin activity API (spec/admin.md §2, §7): the list, the totals, and what the
// activity inputs may choose from.
import type { Prisma } from "~/generated/prisma/client";
import { categoryChoices, type ActivityChoices } from "~/domain/activities/activity-record";
import { PAGE_SIZE } from "~/domain/constants";
import { clampPage, pageOffset } from "~/domain/pages/pagination";
import type { ADMIN_SORT_ORDERS } from "~/domain/pages/sort";
import { listCategoryNames } from "../categories.server";
import { db } from "../db.server";
import { insensitiveContains } from "../like.server";
import { listTagsByName } from "../tags.server";
import { activityInclude } from "./rows.server";

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
      { title: insensitiveContains(f.search) },
      { excerpt: insensitiveContains(f.search) },
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

/** Every activity in the directory (the admin total banner, GET /api/activities/count). */
export async function countAllActivities() {
  const prisma = await db();
  return prisma.activity.count();
}

/**
 * What the activity inputs may choose from now: category names in their display order (with the fallback 'Other'),
 * tag names, and the cities.
 */
export async function activityChoices() {
  const prisma = await db();
  const [categories, tags, cities] = await Promise.all([
    listCategoryNames(),
    listTagsByName(),
    prisma.city.findMany({ orderBy: [{ displayName: "asc" }], select: { id: true, displayName: true, state: true } }),
  ]);
  return { categories: categoryChoices(categories), tags: tags.map((t) => t.name), cities };
}

export type ActivityFormChoices = Awaited<ReturnType<typeof activityChoices>>;

/** The choices as the activity schemas take them. */
export function schemaChoices(choices: ActivityFormChoices): ActivityChoices {
  return { categories: choices.categories, tags: choices.tags, cityIds: choices.cities.map((c) => c.id) };
}

export async function activityTitles(ids: readonly number[]) {
  const prisma = await db();
  return prisma.activity.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, title: true },
    orderBy: { title: "asc" },
  });
}
