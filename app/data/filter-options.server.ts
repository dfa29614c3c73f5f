// The categories and tags the city activities page offers as filters (with their filter and pin icons).
import { db } from "./db.server";

export async function listFilterCategories() {
  const prisma = await db();
  return prisma.category.findMany({
    select: { name: true, filterIcon: true, pinIcon: true },
    orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
  });
}

export async function listFilterTags() {
  const prisma = await db();
  return prisma.tag.findMany({ select: { name: true, icon: true }, orderBy: { name: "asc" } });
}
