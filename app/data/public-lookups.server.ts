// Small reads the public pages need from the taxonomy and SEO settings tables (tags, categories, templates).
import { publicOrigin } from "~/domain/canonical";
import { DEFAULT_SEO_TEMPLATES } from "~/domain/seo";
import { env } from "~/env.server";
import { db } from "./db.server";

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

/** The public SEO fields; an unset row or empty field falls back to the built-in defaults. */
export async function getPublicSeoSettings() {
  const prisma = await db();
  const row = await prisma.seoSettings.findUnique({
    where: { id: 1 },
    select: {
      activityTitleTemplate: true,
      activityDescriptionTemplate: true,
      defaultMapPinUrl: true,
      defaultSocialImage: true,
    },
  });
  return {
    activityTitleTemplate: row?.activityTitleTemplate || DEFAULT_SEO_TEMPLATES.activityTitleTemplate,
    activityDescriptionTemplate: row?.activityDescriptionTemplate || DEFAULT_SEO_TEMPLATES.activityDescriptionTemplate,
    defaultMapPinUrl: row?.defaultMapPinUrl || DEFAULT_SEO_TEMPLATES.defaultMapPinUrl,
    defaultSocialImage: row?.defaultSocialImage || DEFAULT_SEO_TEMPLATES.defaultSocialImage,
  };
}

/** What the root layout needs for canonical links and social tags on every page. */
export async function getSiteSeo(request: Request) {
  const { defaultSocialImage } = await getPublicSeoSettings();
  return { origin: publicOrigin(env().PUBLIC_URL, request.url), defaultSocialImage };
}
