// The admin's bulk actions on many activities at once (admin §2 bulk actions, §7 bulk-category-update).
import { diffColumns } from "~/domain/admin/history";
import { db } from "../db.server";
import { activityEntry, recordBulk, trashActivity, trashInclude, withoutTrashParts } from "./history.server";

/** All or nothing: the number deleted. */
export async function deleteActivities(ids: readonly number[]): Promise<number> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const rows = await tx.activity.findMany({ where: { id: { in: [...ids] } }, include: trashInclude, orderBy: { id: "asc" } });
    const { count } = await tx.activity.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
    const entryIds = await recordBulk(tx, `Deleted ${count} ${count === 1 ? "activity" : "activities"}`, (batchId) =>
      rows.map((row) => activityEntry("delete", withoutTrashParts(row), null, batchId)),
    );
    for (const [i, row] of rows.entries()) await trashActivity(tx, row, entryIds[i]!);
    return count;
  });
}

/** Change Category (admin §2 bulk actions, §7 bulk-category-update): the number moved. */
export async function updateActivitiesCategory(
  ids: readonly number[],
  categoryName: string,
  by?: string,
): Promise<number> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const rows = await tx.activity.findMany({
      where: { id: { in: [...ids] } },
      select: { id: true, title: true, category: true },
      orderBy: { id: "asc" },
    });
    const { count } = await tx.activity.updateMany({
      where: { id: { in: rows.map((r) => r.id) } },
      data: { category: categoryName, updatedBy: by ?? null },
    });
    const moved = rows.filter((r) => r.category !== categoryName);
    await recordBulk(tx, `Moved ${moved.length} ${moved.length === 1 ? "activity" : "activities"} to ${categoryName}`, (batchId) =>
      moved.map((row) => ({
        entity: "activity" as const,
        entityId: row.id,
        action: "update" as const,
        label: row.title,
        changes: diffColumns(row, { category: categoryName }, ["category"]),
        batchId,
      })),
    );
    return count;
  });
}
