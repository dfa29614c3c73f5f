// Titles and meta descriptions of the city, tag and category pages from the admin's SEO templates
// (public-site §7 tag-meta / category-meta, §8, §9; admin §3 "SEO template settings").
import { titleCountWording } from "../counts";
import {
  COUNT_FREE_SEO_TEMPLATES,
  countAwareTemplate,
  cutDescription,
  DEFAULT_SEO_TEMPLATES,
  renderTemplate,
  type SeoTemplates,
  type TemplateVars,
} from "./seo";
import { categorySeoPrefix, tagSeoPrefix } from "../taxonomy/taxonomy";

export type PageMeta = { title: string; description: string };

/** A template the admin left empty falls back to the built-in default, so a page never gets a blank title. */
export function withTemplateDefaults(row: Partial<Record<keyof SeoTemplates, string | null>> | null): SeoTemplates {
  const templates = { ...DEFAULT_SEO_TEMPLATES };
  for (const key of Object.keys(DEFAULT_SEO_TEMPLATES) as (keyof SeoTemplates)[]) {
    const value = row?.[key];
    if (typeof value === "string" && value.trim() !== "") templates[key] = value;
  }
  return templates;
}

function render(title: string, description: string, vars: TemplateVars): PageMeta {
  return { title: renderTemplate(title, vars), description: cutDescription(renderTemplate(description, vars)) };
}

/** A template field for a page of `count` activities (count-free wording when there are none). */
function field(templates: SeoTemplates, key: keyof SeoTemplates, count: number): string {
  return countAwareTemplate(templates[key], COUNT_FREE_SEO_TEMPLATES[key], count);
}

function countVars(count: number): TemplateVars {
  return { count: titleCountWording(count), activityCount: count };
}

/** The city's own metaTitle / metaDescription win over the city templates. */
export function cityPageMeta(
  templates: SeoTemplates,
  city: { displayName: string; metaTitle?: string | null; metaDescription?: string | null },
  activityCount: number,
): PageMeta {
  const vars = { city: city.displayName, ...countVars(activityCount) };
  const meta = render(
    field(templates, "cityTitleTemplate", activityCount),
    field(templates, "cityDescriptionTemplate", activityCount),
    vars,
  );
  return {
    title: city.metaTitle?.trim() || meta.title,
    description: city.metaDescription?.trim() ? cutDescription(city.metaDescription.trim()) : meta.description,
  };
}

/** The interest's own templates for the nine tags, else the general tag templates. */
export function tagPageMeta(templates: SeoTemplates, tag: string, cityName: string, count: number): PageMeta {
  const vars = { city: cityName, tag, ...countVars(count) };
  const prefix = tagSeoPrefix(tag);
  return prefix
    ? render(
        field(templates, `${prefix}TitleTemplate`, count),
        field(templates, `${prefix}DescriptionTemplate`, count),
        vars,
      )
    : render(field(templates, "tagTitleTemplate", count), field(templates, "tagDescriptionTemplate", count), vars);
}

/** The admin edits templates for nine categories; the others read '{category} in {city}'. */
export const OTHER_CATEGORY_TEMPLATES = {
  title: "{category} in {city}",
  description: "Discover {count} {category} in {city}, with ratings, costs and a map.",
  descriptionWithoutCount: "Discover {category} in {city}, with ratings, costs and a map.",
};

export function categoryPageMeta(templates: SeoTemplates, category: string, cityName: string, count: number): PageMeta {
  const vars = { city: cityName, category, ...countVars(count) };
  const prefix = categorySeoPrefix(category);
  const other = OTHER_CATEGORY_TEMPLATES;
  return prefix
    ? render(
        field(templates, `${prefix}TitleTemplate`, count),
        field(templates, `${prefix}DescriptionTemplate`, count),
        vars,
      )
    : render(other.title, countAwareTemplate(other.description, other.descriptionWithoutCount, count), vars);
}

/** The guide variant of the city hub (public-site §2 "City hub / guide page"). */
export function guidePageTitle(cityName: string): string {
  return `Things to Do in ${cityName} - Complete Guide`;
}
