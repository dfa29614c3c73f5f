// Queries of the Category table.
import { db } from "./db.server";

const publicCategory = { id: true, name: true, slug: true, color: true, icon: true, filterIcon: true, pinIcon: true, description: true } as const;

export async function listCategories() {
  const prisma = await db();
  return prisma.category.findMany({ select: publicCategory, orderBy: [{ sortOrder: "asc" }, { name: "asc" }] });
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
