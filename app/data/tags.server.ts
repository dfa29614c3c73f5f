// Queries of the Tag table.
import { db } from "./db.server";

export async function listTags() {
  const prisma = await db();
  return prisma.tag.findMany({
    select: { id: true, name: true, color: true, icon: true, description: true },
    orderBy: { id: "asc" },
  });
}

export async function countActivitiesWithTag(cityId: string, tagName: string) {
  const prisma = await db();
  return prisma.activity.count({ where: { cityId, tags: { some: { tag: { name: tagName } } } } });
}
