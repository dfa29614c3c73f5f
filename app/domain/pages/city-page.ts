// Rules of the city activities page and its category and tag variants (public-site §2 "City activities page",
// §4 "Filter state", §8, §9): its links, the mobile filter sheet's lists, the canonical prefix and its SEO.
import { titleCountWording } from "../counts";
import type { SearchRule } from "../http/canonical";
import {
  clearFilters,
  collapseMulti,
  filtersToSearchParams,
  parseFilters,
  withChange,
  type FilterTaxonomy,
  type Filters,
  type FixedFilters,
} from "./filters";
import { SHEET_LISTS } from "./public-filters";
import {
  COUNT_FREE_SEO_TEMPLATES,
  countAwareTemplate,
  cutDescription,
  DEFAULT_SEO_TEMPLATES,
  renderTemplate,
  type SeoTemplates,
} from "../seo/seo";
import { categorySeoPrefix, tagSeoPrefix } from "../taxonomy/taxonomy";

/** Under 768px the page shows either the list or the map; without JavaScript the choice is in the URL. */
export type MobileView = "list" | "map";

export function parseView(params: URLSearchParams): MobileView {
  return params.get("view") === "map" ? "map" : "list";
}

/** The page's query for a filter state and view, in canonical form. */
function pageSearch(f: Filters, fixed: FixedFilters, view: MobileView): URLSearchParams {
  const params = filtersToSearchParams(f, fixed);
  if (view === "map") params.set("view", "map");
  return params;
}

/** The page's URL for a filter state; the fixed category or tag is in the path, never in the query. */
export function filtersHref(path: string, f: Filters, fixed: FixedFilters = {}, view: MobileView = "list"): string {
  const query = pageSearch(f, fixed, view).toString();
  return query ? `${path}?${query}` : path;
}

/** Clear: level, cost, duration, rating and sort back to All/0/best-match; a tag page keeps its tag. */
export function clearHref(path: string, f: Filters, fixed: FixedFilters = {}, view: MobileView = "list"): string {
  return filtersHref(path, clearFilters(f, fixed), fixed, view);
}

/**
 * The filter sheet's state: the filters, with a list for each filter whose sheet control is checkboxes where the bar
 * holds a single choice (cost, duration); applying the sheet takes those filters from their lists.
 */
export type SheetState = Omit<Filters, "page"> & { lists: Partial<Record<keyof Filters, string[]>> };

export function toSheet(f: Filters): SheetState {
  const { page: _page, ...rest } = f;
  const lists = Object.fromEntries(SHEET_LISTS.map(({ field }) => [field, f[field] ? [String(f[field])] : []]));
  return { ...rest, lists };
}

/** Applying the sheet: single choices come back, more than one collapses to All, and the page goes back to 1. */
export function fromSheet(current: Filters, sheet: SheetState): Filters {
  const { lists, ...rest } = sheet;
  const choices = Object.fromEntries(SHEET_LISTS.map(({ field }) => [field, collapseMulti(lists[field] ?? [])]));
  return withChange(current, { ...rest, ...choices });
}

/**
 * The page's search rule (docs/decisions/023-one-url-per-page.md): the filter state a query string names, written
 * back in its canonical form, plus the mobile view. Whatever else was sent, and values that name nothing, are left
 * out; names and any letter case become slugs.
 */
export function cityPageSearch(fixed: FixedFilters, taxonomy: FilterTaxonomy): SearchRule {
  return (sent) => pageSearch(parseFilters(sent, fixed, taxonomy), fixed, parseView(sent));
}

export type CityPageSubject = { kind: "city" } | { kind: "category"; category: string } | { kind: "tag"; tag: string };

export type CityPageSeo = { title: string; description: string; heading: string; intro: string | null };

type CityMeta = { displayName: string; metaTitle: string | null; metaDescription: string | null };

function template(templates: Partial<SeoTemplates> | null, key: keyof SeoTemplates): string {
  const value = templates?.[key]?.trim();
  return value ? value : DEFAULT_SEO_TEMPLATES[key];
}

/**
 * Title (without the brand suffix), meta description, heading and intro of the page from the SEO templates.
 * `count` is the number of activities the page covers before visitor filters ({count} as '25+' wording).
 * The city's own meta title and description, when curated, win on the city page.
 */
export function cityPageSeo(
  templates: Partial<SeoTemplates> | null,
  city: CityMeta,
  subject: CityPageSubject,
  count: number,
): CityPageSeo {
  const vars = {
    city: city.displayName,
    count: titleCountWording(count),
    activityCount: count,
    category: subject.kind === "category" ? subject.category : undefined,
    tag: subject.kind === "tag" ? subject.tag : undefined,
  };
  // A page with no activities takes the count-free wording rather than read '0 Best Things to Do in …'.
  const render = (key: keyof SeoTemplates) =>
    renderTemplate(countAwareTemplate(template(templates, key), COUNT_FREE_SEO_TEMPLATES[key], count), vars);

  if (subject.kind === "city") {
    return {
      title: city.metaTitle?.trim() || render("cityTitleTemplate"),
      description: cutDescription(city.metaDescription?.trim() || render("cityDescriptionTemplate")),
      heading: `Things to Do in ${city.displayName}`,
      intro: null,
    };
  }
  const prefix = subject.kind === "category" ? categorySeoPrefix(subject.category) : tagSeoPrefix(subject.tag);
  if (!prefix) {
    // A category an administrator added has no template group of its own.
    const title = subject.kind === "tag" ? render("tagTitleTemplate") : `${subject.category} in ${city.displayName}`;
    const description = subject.kind === "tag" ? render("tagDescriptionTemplate") : render("cityDescriptionTemplate");
    return { title, description: cutDescription(description), heading: title, intro: null };
  }
  return {
    title: render(`${prefix}TitleTemplate`),
    description: cutDescription(render(`${prefix}DescriptionTemplate`)),
    heading: render(`${prefix}PageTitle`),
    intro: render(`${prefix}PageDescription`),
  };
}
