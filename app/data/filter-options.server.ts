// The categories and tags the city activities page offers as filters (with their filter and pin icons).
import { db } from "./db.server";
import { cachedReference } from "./reference-cache.server";

export function listFilterCategories() {
  return cachedReference("filterCategories", async () =>
    (await db()).category.findMany({
      select: { name: true, filterIcon: true, pinIcon: true },
      orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
    }),
  );
}

export function listFilterTags() {
  return cachedReference("filterTags", async () =>
    (await db()).tag.findMany({ select: { name: true, icon: true }, orderBy: { name: "asc" } }),
  );
}
