// The SEO settings row and the page meta built from it.
import { publicOrigin } from "~/domain/canonical";
import { env } from "~/env.server";
import { withTemplateDefaults, type PageMeta, categoryPageMeta, tagPageMeta } from "~/domain/page-meta";
import type { SeoTemplates } from "~/domain/seo";
import { categoryFromSlug, tagFromSlug } from "~/domain/slug";
import { listCategories, countActivitiesInCategory } from "./categories.server";
import { getCity } from "./cities.server";
import { db } from "./db.server";
import { cachedReference } from "./reference-cache.server";
import { countActivitiesWithTag } from "./tags.server";

/** The public settings (GET /api/seo-settings): every template, empty ones filled with the defaults. */
export function getSeoTemplates(): Promise<SeoTemplates> {
  return cachedReference("seoTemplates", async () =>
    withTemplateDefaults(await (await db()).seoSettings.findUnique({ where: { id: 1 } })),
  );
}

/** Title and description of a tag page (`/{country}/{region}/{city}/{tag slug}`), or null when it is none. */
export async function tagMeta(cityId: string, slug: string): Promise<PageMeta | null> {
  const tag = tagFromSlug(slug);
  if (!tag) return null;
  const city = await getCity(cityId);
  if (!city) return null;
  const [templates, count] = await Promise.all([getSeoTemplates(), countActivitiesWithTag(city.id, tag)]);
  return tagPageMeta(templates, tag, city.displayName, count);
}

/** Title and description of a category page, or null when the city or the category is unknown. */
export async function categoryMeta(cityId: string, slug: string): Promise<PageMeta | null> {
  const [city, categories] = await Promise.all([getCity(cityId), listCategories()]);
  const category = categoryFromSlug(slug, categories.map((c) => c.name));
  if (!city || !category) return null;
  const [templates, count] = await Promise.all([getSeoTemplates(), countActivitiesInCategory(city.id, category)]);
  return categoryPageMeta(templates, category, city.displayName, count);
}

/** What the root layout needs for canonical links and social tags on every page. */
export async function getSiteSeo(request: Request) {
  const { defaultSocialImage } = await getSeoTemplates();
  return { origin: publicOrigin(env().PUBLIC_URL, request.url), defaultSocialImage };
}
