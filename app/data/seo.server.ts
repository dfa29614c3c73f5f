// The SEO settings row and the page meta built from it.
import { publicOrigin } from "~/domain/http/canonical";
import { env } from "~/env.server";
import { withTemplateDefaults, type PageMeta, categoryPageMeta, tagPageMeta } from "~/domain/seo/page-meta";
import { DEFAULT_SEO_TEMPLATES, type SeoTemplates } from "~/domain/seo/seo";
import type { SeoSettingsInput } from "~/domain/seo/seo-form";
import { SCRIPT_FIELD_LABELS, type ScriptField, type ScriptSettingsFields } from "~/domain/admin/scripts";
import { categoryFromSlug, tagFromSlug } from "~/domain/taxonomy/slug";
import { listCategories, countActivitiesInCategory } from "./categories.server";
import { getCity } from "./cities.server";
import { db, type Tx } from "./db.server";
import type { Outcome, Writer } from "./outcome.server";
import { guardedUpsert, STAMP, staleRefusal, versionCondition } from "./row-version.server";
import { cachedReference } from "./reference-cache.server";
import { countActivitiesWithTag } from "./tags.server";

/** The public settings (GET /api/seo-settings): every template, empty ones filled with the defaults. */
export function getSeoTemplates(): Promise<SeoTemplates> {
  return cachedReference("seoTemplates", async () =>
    withTemplateDefaults(await (await db()).seoSettings.findUnique({ where: { id: 1 } })),
  );
}

const TEMPLATE_KEYS = Object.keys(DEFAULT_SEO_TEMPLATES) as (keyof SeoTemplates)[];
const SCRIPT_KEYS = Object.keys(SCRIPT_FIELD_LABELS) as ScriptField[];

function pick<K extends string>(row: Partial<Record<K, string | null>> | null, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, row?.[k] ?? ""])) as Record<K, string>;
}

/**
 * What the SEO tab edits, as stored: a template left empty stays empty (pages use the built-in wording, which the
 * form shows as its placeholder), and the six script boxes of the ScriptSettings row.
 */
export async function getSeoSettingsForm(): Promise<SeoTemplates & ScriptSettingsFields> {
  const prisma = await db();
  const [seo, scripts] = await Promise.all([
    prisma.seoSettings.findUnique({ where: { id: 1 } }),
    prisma.scriptSettings.findUnique({ where: { id: 1 } }),
  ]);
  return { ...pick(seo, TEMPLATE_KEYS), ...pick(scripts, SCRIPT_KEYS) };
}

/** The version stamps of the rows the SEO tab writes: its settings row and the script boxes' row (null: none yet). */
export async function seoSettingsStamps() {
  const prisma = await db();
  const [seo, scripts] = await Promise.all([
    prisma.seoSettings.findUnique({ where: { id: 1 }, select: STAMP }),
    prisma.scriptSettings.findUnique({ where: { id: 1 }, select: STAMP }),
  ]);
  return { seo, scripts };
}

/**
 * Saves the SEO tab (or PUT /api/seo-settings): the settings row and, when given, the script boxes, in one
 * transaction. The tables' triggers move the reference version, so the next page request renders with them.
 * Answers the templates as pages now read them (GET /api/seo-settings). With the writer's version (and the script
 * row's, when the tab's script boxes are written), only if the rows are still at them: else the stale refusal,
 * nothing written.
 */
export async function saveSeoSettings(
  input: SeoSettingsInput,
  tx?: Tx,
  writer?: Writer,
  scriptsVersion?: number | null,
): Promise<Outcome<SeoTemplates>> {
  const by = writer?.by ?? null;
  const write = async (t: Tx): Promise<Outcome<SeoTemplates>> => {
    const templates = { ...pick(input, TEMPLATE_KEYS), updatedBy: by };
    const scripts = Object.fromEntries(SCRIPT_KEYS.flatMap((k) => (input[k] === undefined ? [] : [[k, input[k]]])));
    const withScripts = Object.keys(scripts).length > 0;
    const scriptsWriter: Writer = { by: by ?? "", version: scriptsVersion };
    // Guarded or not, each row is written by one statement; a guarded one only at the version read. A row not yet
    // there is created. A refusal after the first row was written is thrown, so the transaction writes neither.
    const seoMoved = await guardedUpsert(
      () => t.seoSettings.updateMany({ where: { id: 1, ...versionCondition(writer) }, data: templates }),
      () => t.seoSettings.findUnique({ where: { id: 1 }, select: STAMP }),
      () => t.seoSettings.create({ data: { id: 1, ...templates } }),
    );
    if (seoMoved) return staleRefusal("seo", seoMoved);
    if (withScripts) {
      const row = { ...scripts, updatedBy: by };
      const scriptsMoved = await guardedUpsert(
        () => t.scriptSettings.updateMany({ where: { id: 1, ...versionCondition(scriptsWriter) }, data: row }),
        () => t.scriptSettings.findUnique({ where: { id: 1 }, select: STAMP }),
        () => t.scriptSettings.create({ data: { id: 1, ...row } }),
      );
      if (scriptsMoved) throw new StaleWrite(staleRefusal("seo", scriptsMoved));
    }
    const saved = await t.seoSettings.findUniqueOrThrow({ where: { id: 1 } });
    return { ok: true as const, value: withTemplateDefaults(saved) };
  };
  try {
    return tx ? await write(tx) : await (await db()).$transaction(write);
  } catch (error) {
    if (error instanceof StaleWrite) return error.refusal;
    throw error;
  }
}

/** A guarded write's refusal after part of it was written: thrown so its transaction rolls back. */
class StaleWrite extends Error {
  constructor(readonly refusal: ReturnType<typeof staleRefusal>) {
    super(refusal.message);
  }
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
