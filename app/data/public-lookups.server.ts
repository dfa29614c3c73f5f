// Small reads the public pages need from the taxonomy and SEO settings tables (tags, categories, templates).
import { publicOrigin } from "~/domain/canonical";
import { env } from "~/env.server";
import { db } from "./db.server";
import { getSeoTemplates } from "./seo.server";

/** The tags with these names, with their colour and icon, in the order given. */
export async function getTagsByName(names: readonly string[]) {
  if (names.length === 0) return [];
  const prisma = await db();
  const rows = await prisma.tag.findMany({
    where: { name: { in: [...names] } },
    select: { id: true, name: true, color: true, icon: true, description: true },
  });
  const byName = new Map(rows.map((t) => [t.name, t]));
  return names.map((name) => byName.get(name) ?? { id: 0, name, color: "gray", icon: "", description: "" });
}

export async function getCategoryByName(name: string) {
  const prisma = await db();
  return prisma.category.findUnique({ where: { name }, select: { name: true, icon: true, pinIcon: true } });
}

export async function listCategoryNames(): Promise<string[]> {
  const prisma = await db();
  return (await prisma.category.findMany({ select: { name: true }, orderBy: { sortOrder: "asc" } })).map((c) => c.name);
}

/** What the root layout needs for canonical links and social tags on every page. */
export async function getSiteSeo(request: Request) {
  const { defaultSocialImage } = await getSeoTemplates();
  return { origin: publicOrigin(env().PUBLIC_URL, request.url), defaultSocialImage };
}
