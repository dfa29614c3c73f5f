// Queries of the SEO settings (one row, id 1).
import { db } from "./db.server";

/** The SEO templates row, or null before the first seed. */
export async function getSeoSettings() {
  const prisma = await db();
  return prisma.seoSettings.findUnique({ where: { id: 1 } });
}
