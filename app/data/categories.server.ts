// Queries of the Category table (admin Categories tab and /api/categories). An activity names its category
// (Activity.category holds the name), so renaming and deleting a category rewrite its activities too.
import type { Category } from "~/generated/prisma/client";
import {
  CATEGORY_MESSAGES,
  categoryRenameRefusal,
  type CategoryInput,
} from "~/domain/taxonomy/category-form";
import { formValuesOf } from "~/domain/admin/row-version";
import { categorySlug } from "~/domain/taxonomy/slug";
import { db, type Tx } from "./db.server";
import { recordEntry, trashRow } from "./history.server";
import { changedSince, changedSinceMessage, diffColumns, revertValues, type Changes, type HistoryAction } from "~/domain/admin/history";
import { cachedReference } from "./reference-cache.server";
import { isUniqueViolation, type Outcome, type Refusal, type Writer } from "./outcome.server";
import { isBehind, STAMP, staleRefusal, versionCondition } from "./row-version.server";
import { FALLBACK_CATEGORY } from "~/domain/taxonomy/taxonomy";


/** Every category in display order, with the number of activities in it. */
export async function listCategoriesWithActivityCounts() {
  const prisma = await db();
  const categories = await prisma.category.findMany({ orderBy: [{ sortOrder: "asc" }, { name: "asc" }] });
  const counts = await prisma.activity.groupBy({
    by: ["category"],
    where: { category: { in: categories.map((c) => c.name) } },
    _count: { _all: true },
  });
  const byName = new Map(counts.map((c) => [c.category, c._count._all]));
  return categories.map((c) => ({ ...c, activityCount: byName.get(c.name) ?? 0 }));
}

export async function getCategoryWithActivityCount(id: number) {
  const prisma = await db();
  const category = await prisma.category.findUnique({ where: { id } });
  if (!category) return null;
  const activityCount = await prisma.activity.count({ where: { category: category.name } });
  return { ...category, activityCount };
}

/** The name (any case) and the derived slug must both be free; null when they are. */
async function nameOrSlugTaken(tx: Tx, name: string, slug: string, exceptId?: number): Promise<Refusal | null> {
  const others = { NOT: { id: exceptId ?? -1 } };
  if (await tx.category.findFirst({ where: { name: { equals: name, mode: "insensitive" }, ...others }, select: { id: true } })) {
    return { ok: false, reason: "conflict", field: "name", message: CATEGORY_MESSAGES.nameTaken };
  }
  if (await tx.category.findFirst({ where: { slug, ...others }, select: { id: true } })) {
    return { ok: false, reason: "conflict", field: "name", message: CATEGORY_MESSAGES.slugTaken(slug) };
  }
  return null;
}

const raceLost: Refusal = { ok: false, reason: "conflict", field: "name", message: CATEGORY_MESSAGES.nameTaken };

export async function createCategory(input: CategoryInput, writer?: Writer): Promise<Outcome<Category>> {
  const prisma = await db();
  const slug = categorySlug(input.name);
  try {
    return await prisma.$transaction(async (tx) => {
      const taken = await nameOrSlugTaken(tx, input.name, slug);
      if (taken) return taken;
      const last = await tx.category.aggregate({ _max: { sortOrder: true } });
      const category = await tx.category.create({
        data: { ...input, slug, sortOrder: (last._max.sortOrder ?? 0) + 1, updatedBy: writer?.by ?? null },
      });
      await recordCategory(tx, "create", null, category);
      return { ok: true as const, value: category };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return raceLost;
    throw error;
  }
}

/**
 * Updates a category; a new name is written onto its activities in the same transaction. With the writer's version,
 * only if the row is still at it (else the stale refusal, nothing written).
 */
export async function updateCategory(
  id: number,
  input: CategoryInput,
  writer?: Writer,
): Promise<Outcome<Category & { renamedActivities: number }>> {
  const prisma = await db();
  const slug = categorySlug(input.name);
  const by = writer?.by ?? null;
  try {
    return await prisma.$transaction(async (tx): Promise<Outcome<Category & { renamedActivities: number }>> => {
      const current = await tx.category.findUnique({ where: { id } });
      if (!current) return { ok: false, reason: "not-found" } as const;
      if (isBehind(writer, current)) return staleRefusal("category", current);
      const refusal = categoryRenameRefusal(current.name, input.name);
      if (refusal) return { ok: false, reason: "refused", field: "name", message: refusal } as const;
      const taken = await nameOrSlugTaken(tx, input.name, slug, id);
      if (taken) return taken;
      const { count: updated } = await tx.category.updateMany({
        where: { id, ...versionCondition(writer) },
        data: { ...input, slug, updatedBy: by },
      });
      if (updated === 0) return staleCategoryOrGone(tx, id);
      const category = await tx.category.findUniqueOrThrow({ where: { id } });
      const { count } =
        current.name === input.name
          ? { count: 0 }
          : await tx.activity.updateMany({
              where: { category: current.name },
              data: { category: input.name, updatedBy: by },
            });
      await recordCategory(tx, "update", current, category);
      return { ok: true as const, value: { ...category, renamedActivities: count } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return raceLost;
    throw error;
  }
}

async function staleCategoryOrGone(tx: Tx, id: number): Promise<Refusal> {
  const now = await tx.category.findUnique({ where: { id }, select: STAMP });
  return now ? staleRefusal("category", now) : { ok: false, reason: "not-found" };
}

/** A category as its edit form shows it, with its version (null when there is no such category). */
export async function categoryFormState(id: number) {
  const category = await getCategoryWithActivityCount(id);
  const fields = ["name", "color", "icon", "filterIcon", "pinIcon", "description"] as const;
  return category && { category, version: category.version, values: formValuesOf(category, fields) };
}

/** A category's version stamp (the ETag of GET /api/categories/{id}, the edit form's opening version). */
export async function categoryStamp(id: number) {
  return (await db()).category.findUnique({ where: { id }, select: STAMP });
}

/**
 * Deletes a category and moves its activities to "Other" in one transaction ("Other"'s own stay there). With the
 * writer's version (DELETE with If-Match), only if the row is still at it.
 */
export async function deleteCategory(
  id: number,
  writer?: Writer,
): Promise<Outcome<Category & { movedActivities: number }>> {
  const prisma = await db();
  return prisma.$transaction(async (tx): Promise<Outcome<Category & { movedActivities: number }>> => {
    const category = await tx.category.findUnique({ where: { id } });
    if (!category) return { ok: false, reason: "not-found" } as const;
    if (isBehind(writer, category)) return staleRefusal("category", category);
    // The row is locked first (and its version checked), so its activities move only if it is deleted.
    const { count: locked } = await tx.category.updateMany({
      where: { id, ...versionCondition(writer) },
      data: { updatedBy: writer?.by ?? null },
    });
    if (locked === 0) return staleCategoryOrGone(tx, id);
    const moved =
      category.name === FALLBACK_CATEGORY
        ? []
        : await tx.activity.findMany({ where: { category: category.name }, select: { id: true } });
    const { count } =
      category.name === FALLBACK_CATEGORY
        ? { count: 0 }
        : await tx.activity.updateMany({
            where: { category: category.name },
            data: { category: FALLBACK_CATEGORY, updatedBy: writer?.by ?? null },
          });
    await tx.category.delete({ where: { id } });
    const entryId = await recordCategory(tx, "delete", category, null);
    const data = { category, movedActivityIds: moved.map((a) => a.id) };
    await trashRow(tx, { entity: "category", entityId: id, label: category.name, data, entryId });
    return { ok: true as const, value: { ...category, movedActivities: count } };
  });
}

/** A category's entry; a rename's entry stands for its activities' renaming too (an undo renames them back). */
async function recordCategory(tx: Tx, action: HistoryAction, before: Category | null, after: Category | null) {
  const row = (after ?? before)!;
  return recordEntry(tx, { entity: "category", entityId: row.id, action, label: row.name, changes: diffColumns(before, after) });
}

/**
 * Undoes an edit of a category (its old values back, its activities renamed back with a rename, a 'revert' entry);
 * refused when it changed again since.
 */
export async function revertCategoryChange(id: number, changes: Changes): Promise<Outcome<Category>> {
  const prisma = await db();
  try {
    return await prisma.$transaction(async (tx) => {
      const current = await tx.category.findUnique({ where: { id } });
      if (!current) return { ok: false, reason: "not-found" } as const;
      const since = changedSince(changes, current);
      if (since.length > 0) return { ok: false, reason: "refused", message: changedSinceMessage(current.name, since) } as const;
      const data = revertValues(changes) as Partial<Category>;
      const name = data.name ?? current.name;
      if (name !== current.name) {
        const refusal = categoryRenameRefusal(current.name, name);
        if (refusal) return { ok: false, reason: "refused", field: "name", message: refusal } as const;
        const taken = await nameOrSlugTaken(tx, name, categorySlug(name), id);
        if (taken) return taken;
      }
      const category = await tx.category.update({ where: { id }, data: { ...data, slug: categorySlug(name) } });
      if (name !== current.name) {
        await tx.activity.updateMany({ where: { category: current.name }, data: { category: name } });
      }
      await recordCategory(tx, "revert", current, category);
      return { ok: true as const, value: category };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return raceLost;
    throw error;
  }
}

/** What the trash keeps of a category: the category and the activities its deletion moved to "Other". */
export type TrashedCategory = { category: Category; movedActivityIds: number[] };

/**
 * Puts a trashed category back and moves back the activities its deletion moved to "Other" that are still there;
 * refused when its name or slug was taken meanwhile.
 */
export async function restoreCategoryRow(tx: Tx, data: TrashedCategory): Promise<Outcome<Category>> {
  const taken = await nameOrSlugTaken(tx, data.category.name, data.category.slug);
  if (taken) return taken;
  const category = await tx.category.create({ data: data.category });
  if (data.movedActivityIds.length > 0) {
    await tx.activity.updateMany({
      where: { id: { in: data.movedActivityIds }, category: FALLBACK_CATEGORY },
      data: { category: category.name },
    });
  }
  await recordCategory(tx, "restore", null, category);
  return { ok: true, value: category };
}

// --- Public reads: /api/categories, the category strip, the city hub, the detail page's pin ---

const publicCategory = {
  id: true,
  name: true,
  slug: true,
  color: true,
  icon: true,
  filterIcon: true,
  pinIcon: true,
  description: true,
} as const;

/** Every category in display order (the admin's sortOrder), kept in memory until the table changes. */
export function listCategories() {
  return cachedReference("categories", async () =>
    (await db()).category.findMany({ select: publicCategory, orderBy: [{ sortOrder: "asc" }, { name: "asc" }] }),
  );
}

export async function listCategoryNames(): Promise<string[]> {
  return (await listCategories()).map((c) => c.name);
}

export async function getCategoryByName(name: string) {
  return (await listCategories()).find((c) => c.name === name) ?? null;
}

/** The categories that have activities in a city, each with its count, in the admin's order. */
export async function categoriesInCity(cityId: string) {
  const prisma = await db();
  const [counts, categories] = await Promise.all([
    prisma.activity.groupBy({ by: ["category"], where: { cityId }, _count: { _all: true } }),
    listCategories(),
  ]);
  const countOf = new Map(counts.map((c) => [c.category, c._count._all]));
  return categories
    .filter((c) => (countOf.get(c.name) ?? 0) > 0)
    .map((c) => ({ ...c, activityCount: countOf.get(c.name)! }));
}

export async function countActivitiesInCategory(cityId: string, category: string) {
  const prisma = await db();
  return prisma.activity.count({ where: { cityId, category } });
}
