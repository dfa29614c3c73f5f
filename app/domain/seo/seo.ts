// Page titles, meta descriptions and SEO templates (public-site §8, §9; admin §3 "SEO template settings").
import { SEO_SUBJECTS, type SeoPrefix } from "../taxonomy/taxonomy";

export type TemplateVariable = "city" | "category" | "tag" | "count" | "activityCount" | "activity" | "excerpt";
export type TemplateVars = Partial<Record<TemplateVariable, string | number>>;

/** Replaces every `{name}` that has a value; unknown or unsupplied placeholders stay as written. */
export function renderTemplate(template: string, vars: TemplateVars): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = Object.hasOwn(vars, name) ? vars[name as TemplateVariable] : undefined;
    return value === undefined ? placeholder : String(value);
  });
}

const ELLIPSIS = "...";

export const META_DESCRIPTION_MAX = 160;

/**
 * Meta descriptions are cut at 160 characters: longer text keeps its first 157 characters plus '...',
 * so the result is exactly 160. A cut never splits a surrogate pair (an emoji counts as 2).
 */
export function cutDescription(text: string, max = META_DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  let end = max - ELLIPSIS.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end) + ELLIPSIS;
}

export function pageTitle(title: string, brand: string): string {
  return `${title} | ${brand}`;
}

export const DEFAULT_PAGE_TITLE = "Find Things To Do";
/** The title of the '404 Page Not Found' page (public-site §2 "any other: 404 'Page Not Found'"). */
export const NOT_FOUND_PAGE_TITLE = "Page Not Found";
export const DEFAULT_PAGE_DESCRIPTION =
  "Discover the best things to do in cities across America: local favorites, restaurants, attractions, tours and events.";

type PrefixFields = `${SeoPrefix}${"TitleTemplate" | "DescriptionTemplate" | "PageTitle" | "PageDescription"}`;

export type SeoTemplates = Record<
  | "cityTitleTemplate"
  | "cityDescriptionTemplate"
  | "activityTitleTemplate"
  | "activityDescriptionTemplate"
  | "tagTitleTemplate"
  | "tagDescriptionTemplate"
  | "defaultMapPinUrl"
  | "defaultSocialImage"
  | PrefixFields,
  string
>;

function prefixDefaults(prefix: SeoPrefix): [string, string][] {
  const { title, phrase } = SEO_SUBJECTS[prefix];
  return [
    [`${prefix}TitleTemplate`, `${title} in {city}`],
    [
      `${prefix}DescriptionTemplate`,
      `Discover {count} of the best ${phrase} in {city}, with ratings, costs and a map.`,
    ],
    [`${prefix}PageTitle`, `${title} in {city}`],
    [`${prefix}PageDescription`, `Explore {count} ${phrase} in {city}, hand-picked and rated by visitors.`],
  ];
}

function prefixCountFree(prefix: SeoPrefix): [string, string][] {
  const { phrase } = SEO_SUBJECTS[prefix];
  return [
    [`${prefix}DescriptionTemplate`, `Discover the best ${phrase} in {city}, with ratings, costs and a map.`],
    [`${prefix}PageDescription`, `Explore ${phrase} in {city}, hand-picked and rated by visitors.`],
  ];
}

const PREFIX_TEMPLATES = Object.fromEntries(
  (Object.keys(SEO_SUBJECTS) as SeoPrefix[]).flatMap(prefixDefaults),
) as Record<PrefixFields, string>;

export const DEFAULT_SEO_TEMPLATES: SeoTemplates = {
  cityTitleTemplate: "{count} Best Things to Do in {city}",
  cityDescriptionTemplate:
    "Discover {count} of the best things to do in {city}: restaurants, attractions, tours and local favorites, with ratings and a map.",
  activityTitleTemplate: "{activity} in {city}",
  activityDescriptionTemplate: "{activity} in {city}: {excerpt}",
  tagTitleTemplate: "{tag} Things to Do in {city}",
  tagDescriptionTemplate: "Discover {count} {tag} things to do in {city}, with ratings, costs and a map.",
  defaultMapPinUrl: "/icons/pins/default.svg",
  defaultSocialImage: "/images/social-default.png",
  ...PREFIX_TEMPLATES,
};

/**
 * The same wording without the count, for a page with no activities, of every template whose default counts:
 * the city title is the city page's own heading (public-site §2), the rest drop '{count} (of)'.
 */
export const COUNT_FREE_SEO_TEMPLATES: Partial<SeoTemplates> = {
  cityTitleTemplate: "Things to Do in {city}",
  cityDescriptionTemplate:
    "Discover the best things to do in {city}: restaurants, attractions, tours and local favorites, with ratings and a map.",
  tagDescriptionTemplate: "Discover {tag} things to do in {city}, with ratings, costs and a map.",
  ...Object.fromEntries((Object.keys(SEO_SUBJECTS) as SeoPrefix[]).flatMap(prefixCountFree)),
};

const COUNTS = /\{(count|activityCount)\}/;

/**
 * The template a page with `count` activities renders: with none, a template that counts them (the admin's or the
 * default) would read '0 Best Things to Do in …', so the count-free wording takes its place.
 */
export function countAwareTemplate(template: string, countFree: string | undefined, count: number): string {
  return count === 0 && countFree !== undefined && COUNTS.test(template) ? countFree : template;
}
