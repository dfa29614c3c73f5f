// Filter state of the city, category and tag pages and its URL form (public-site §4 "Filter state",
// §5 "Filters"). The URL is the state; the server runs the same semantics in SQL.
import { z } from "zod";
import { COSTS, DURATIONS, TOURISTY_LEVELS } from "../constants";
import { trimmedText } from "../http/canonical";
import { clampToStep } from "../activities/rating";
import { SEARCH_TEXT_MAX } from "./search";
import { categoryFromFilterValue, categorySlug, tagFilterSlug, tagFromFilterValue } from "../taxonomy/slug";
import { parseSortOrder, SORT_ORDERS, type SortOrder } from "./sort";

export type TagMode = "or" | "and";

export type Filters = {
  /** Empty means All. */
  categories: string[];
  tags: string[];
  tagMode: TagMode;
  touristyLevel: string | null;
  cost: string | null;
  duration: string | null;
  /** 0 means Any. */
  minRating: number;
  sort: SortOrder;
  q: string;
  page: number;
};

/** The category of a category page, the tag of a tag page: carried by the path, never removable. */
export type FixedFilters = { category?: string; tag?: string };

export const ALL_CATEGORIES = "All";

export const DEFAULT_FILTERS: Filters = {
  categories: [],
  tags: [],
  tagMode: "or",
  touristyLevel: null,
  cost: null,
  duration: null,
  minRating: 0,
  sort: "best-match",
  q: "",
  page: 1,
};

/**
 * The categories and tags a filter value may name (both admin-editable): the URL carries their slugs, the filter
 * state their names.
 */
export type FilterTaxonomy = { categories: readonly string[]; tags: readonly string[] };

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function withFixed(values: readonly string[], fixed: string | undefined): string[] {
  return fixed ? unique([fixed, ...values]) : [...values];
}

/**
 * The page's fixed category or tag always applies, whatever the query string says; the 'All' category fixes
 * nothing. The one home of that rule: the URL's filter state, a category toggle and the SQL list all go through it.
 */
export function withFixedFilters(f: Filters, fixed: FixedFilters): Filters {
  const category = fixed.category === ALL_CATEGORIES ? undefined : fixed.category;
  return { ...f, categories: withFixed(f.categories, category), tags: withFixed(f.tags, fixed.tag) };
}

/** Whether `f` chooses nothing beyond the page's fixed category or tag (whatever its page number). */
export function isOnlyFixed(f: Filters, fixed: FixedFilters): boolean {
  return filtersToSearchParams({ ...f, page: 1 }, fixed).toString() === "";
}

/** The member of `choices` that `value` spells in any letter case, or null. */
function choiceOf<T extends string>(choices: readonly T[], value: string | null): T | null {
  const wanted = value?.trim().toLowerCase();
  return choices.find((choice) => choice.toLowerCase() === wanted) ?? null;
}

/**
 * Anything invalid quietly becomes its default, so a hand-edited URL still renders (the page then redirects to
 * the canonical URL, without it). Built on first use, so a browser bundle that only needs the pure helpers of this
 * module leaves zod out.
 */
function buildFilterParams() {
  return z.object({
    tagMode: z.enum(["or", "and"]).catch("or"),
    rating: z.coerce.number().catch(0).transform(clampToStep),
    sort: z.string().transform(parseSortOrder).pipe(z.enum(SORT_ORDERS)).catch("best-match"),
    page: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).catch(1),
  });
}
let filterParams: ReturnType<typeof buildFilterParams> | undefined;

/**
 * The filter state of a URL (public-site §4 "Filter state"). Categories and tags are named by slug, by name or by
 * any letter case of either (`?category=bars-and-restaurants`, `?category=Bars+%26+Restaurants`); one that names
 * nothing is left out, and 'All' among the categories means no category filter. The mobile sheet may send several
 * costs or durations: more than one is All.
 */
export function parseFilters(params: URLSearchParams, fixed: FixedFilters, taxonomy: FilterTaxonomy): Filters {
  filterParams ??= buildFilterParams();
  const single = Object.fromEntries(Object.keys(filterParams.shape).map((key) => [key, params.get(key)]));
  const p = filterParams.parse(single);
  const listed = (key: string) =>
    params
      .getAll(key)
      .map((v) => v.trim())
      .filter(Boolean);
  const named = (key: string, name: (value: string) => string | undefined) =>
    unique(listed(key).flatMap((value) => name(value) ?? []));
  const choice = <T extends string>(key: string, choices: readonly T[]) =>
    collapseMulti(unique(listed(key).flatMap((value) => choiceOf(choices, value) ?? [])));

  const all = listed("category").some((value) => value.toLowerCase() === ALL_CATEGORIES.toLowerCase());
  const categories = all ? [] : named("category", (value) => categoryFromFilterValue(value, taxonomy.categories));
  return withFixedFilters(
    {
      categories,
      tags: named("tag", (value) => tagFromFilterValue(value, taxonomy.tags)),
      tagMode: p.tagMode,
      touristyLevel: choiceOf(TOURISTY_LEVELS, params.get("level")),
      cost: choice("cost", COSTS),
      duration: choice("duration", DURATIONS),
      minRating: p.rating,
      sort: p.sort,
      q: trimmedText(SEARCH_TEXT_MAX)(params.get("q") ?? "") ?? "",
      page: p.page,
    },
    fixed,
  );
}

/**
 * The query string for `f`, its canonical form: defaults and the path's fixed category or tag are left out,
 * categories and tags are written as their slugs in slug order, the parameters in one order.
 */
export function filtersToSearchParams(f: Filters, fixed: FixedFilters = {}): URLSearchParams {
  const params = new URLSearchParams();
  const add = (key: string, value: string | null, skip: boolean) => {
    if (value !== null && !skip) params.append(key, value);
  };
  const slugs = (names: readonly string[], slug: (name: string) => string, fixedName: string | undefined) =>
    unique(names.filter((name) => name !== fixedName).map(slug)).sort();
  for (const category of slugs(f.categories, categorySlug, fixed.category)) add("category", category, false);
  for (const tag of slugs(f.tags, tagFilterSlug, fixed.tag)) add("tag", tag, false);
  add("tagMode", f.tagMode, f.tagMode === DEFAULT_FILTERS.tagMode);
  add("level", f.touristyLevel, false);
  add("cost", f.cost, false);
  add("duration", f.duration, false);
  add("rating", String(f.minRating), f.minRating === 0);
  add("sort", f.sort, f.sort === DEFAULT_FILTERS.sort);
  add("q", f.q.trim(), f.q.trim() === "");
  add("page", String(f.page), f.page === 1);
  return params;
}

/** Any change of search, category, tag, level, cost, duration, rating or sort goes back to page 1. */
export function withChange(f: Filters, change: Partial<Omit<Filters, "page">>): Filters {
  return { ...f, ...change, page: 1 };
}

export function goToPage(f: Filters, page: number): Filters {
  return { ...f, page: Math.max(1, Math.floor(page) || 1) };
}

/** 'All' is exclusive; deselecting the last category returns to All. A fixed category stays selected. */
export function toggleCategory(f: Filters, name: string, fixed: FixedFilters = {}): Filters {
  let categories: string[];
  if (name === ALL_CATEGORIES) categories = [];
  else if (f.categories.includes(name)) categories = f.categories.filter((c) => c !== name);
  else categories = [...f.categories, name];
  return withChange(f, { categories: withFixedFilters({ ...f, categories }, { category: fixed.category }).categories });
}

/** A tag page's tag cannot be removed by visitors. */
export function toggleTag(f: Filters, name: string, fixed: FixedFilters = {}): Filters {
  if (name === fixed.tag) return f;
  const tags = f.tags.includes(name) ? f.tags.filter((t) => t !== name) : [...f.tags, name];
  return withChange(f, { tags });
}

/**
 * Clear resets level, cost, duration and rating to All/0 and sort to best-match. Tags go back to the
 * page's own tag (the spec's "Clear restores it" on tag pages), or none elsewhere; categories and the
 * search text are kept.
 */
export function clearFilters(f: Filters, fixed: FixedFilters = {}): Filters {
  return withChange(f, {
    tags: fixed.tag ? [fixed.tag] : [],
    tagMode: DEFAULT_FILTERS.tagMode,
    touristyLevel: null,
    cost: null,
    duration: null,
    minRating: 0,
    sort: DEFAULT_FILTERS.sort,
  });
}

export type FilterableActivity = {
  title: string;
  excerpt: string | null;
  category: string;
  tags: readonly string[];
  touristyLevel: string | null;
  cost: string | null;
  duration: string | null;
  googleRating: number | string | null;
};

function includesText(haystack: string | null, needle: string): boolean {
  return (haystack ?? "").toLowerCase().includes(needle);
}

/** The reference semantics of spec §5 "Filters" (pagination and sort are separate). */
export function activityMatchesFilters(a: FilterableActivity, f: Filters): boolean {
  if (f.categories.length > 0 && !f.categories.includes(a.category)) return false;

  const q = f.q.trim().toLowerCase();
  const textFields = [a.title, a.excerpt, a.category, ...a.tags];
  if (q && !textFields.some((field) => includesText(field, q))) return false;

  // A selected tag matches any activity tag containing it, so 'Indoor' matches 'Indoors'.
  const hasTag = (tag: string) => a.tags.some((own) => includesText(own, tag.toLowerCase()));
  if (f.tags.length > 0 && !(f.tagMode === "and" ? f.tags.every(hasTag) : f.tags.some(hasTag))) return false;

  if (f.touristyLevel !== null && a.touristyLevel !== f.touristyLevel) return false;
  if (f.cost !== null && a.cost !== f.cost) return false;
  if (f.duration !== null && a.duration !== f.duration) return false;

  const rating = Number(a.googleRating ?? 0);
  return (Number.isFinite(rating) ? rating : 0) >= f.minRating;
}

/** The mobile sheet allows several costs or durations; more than one collapses to All (null). */
export function collapseMulti(values: readonly string[]): string | null {
  return values.length === 1 ? (values[0] ?? null) : null;
}
