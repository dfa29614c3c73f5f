// Filter state of the city, category and tag pages and its URL form (public-site §4 "Filter state",
// §5 "Filters"). The URL is the state; the server runs the same semantics in SQL.
import { z } from "zod";
import { COSTS, DURATIONS, TOURISTY_LEVELS } from "./constants";
import { clampToStep } from "./rating";
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

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function withFixed(values: readonly string[], fixed: string | undefined): string[] {
  return fixed ? unique([fixed, ...values]) : [...values];
}

/**
 * Anything invalid quietly becomes its default, so a hand-edited URL still renders. Built on first use, so a
 * browser bundle that only needs the pure helpers of this module leaves zod out.
 */
function buildFilterParams() {
  return z.object({
    tagMode: z.enum(["or", "and"]).catch("or"),
    level: z.enum(TOURISTY_LEVELS).nullable().catch(null),
    cost: z.enum(COSTS).nullable().catch(null),
    duration: z.enum(DURATIONS).nullable().catch(null),
    rating: z.coerce.number().catch(0).transform(clampToStep),
    sort: z.string().transform(parseSortOrder).pipe(z.enum(SORT_ORDERS)).catch("best-match"),
    q: z.string().catch(""),
    page: z.coerce.number().int().min(1).catch(1),
  });
}
let filterParams: ReturnType<typeof buildFilterParams> | undefined;

export function parseFilters(params: URLSearchParams, fixed: FixedFilters = {}): Filters {
  filterParams ??= buildFilterParams();
  const single = Object.fromEntries(Object.keys(filterParams.shape).map((key) => [key, params.get(key)]));
  const p = filterParams.parse(single);
  const listed = (key: string) =>
    unique(
      params
        .getAll(key)
        .map((v) => v.trim())
        .filter(Boolean),
    );
  const categories = listed("category");
  const fixedCategory = fixed.category === ALL_CATEGORIES ? undefined : fixed.category;
  return {
    categories: withFixed(categories.includes(ALL_CATEGORIES) ? [] : categories, fixedCategory),
    tags: withFixed(listed("tag"), fixed.tag),
    tagMode: p.tagMode,
    touristyLevel: p.level,
    cost: p.cost,
    duration: p.duration,
    minRating: p.rating,
    sort: p.sort,
    q: p.q,
    page: p.page,
  };
}

/** The query string for `f`: defaults and the path's fixed category or tag are left out. */
export function filtersToSearchParams(f: Filters, fixed: FixedFilters = {}): URLSearchParams {
  const params = new URLSearchParams();
  const add = (key: string, value: string | null, skip: boolean) => {
    if (value !== null && !skip) params.append(key, value);
  };
  for (const category of f.categories) add("category", category, category === fixed.category);
  for (const tag of f.tags) add("tag", tag, tag === fixed.tag);
  add("tagMode", f.tagMode, f.tagMode === DEFAULT_FILTERS.tagMode);
  add("level", f.touristyLevel, false);
  add("cost", f.cost, false);
  add("duration", f.duration, false);
  add("rating", String(f.minRating), f.minRating === 0);
  add("sort", f.sort, f.sort === DEFAULT_FILTERS.sort);
  add("q", f.q, f.q.trim() === "");
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
  const fixedCategory = fixed.category === ALL_CATEGORIES ? undefined : fixed.category;
  return withChange(f, { categories: withFixed(categories, fixedCategory) });
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
