// Filter state of the city, category and tag pages and its URL form (public-site §4 "Filter state",
// §5 "Filters"): the operations over the filter table of public-filters.ts. The URL is the state; the server runs
// the same semantics in SQL.
import { z } from "zod";
import {
  ALL_CATEGORIES,
  FILTER_ENTRIES,
  type FilterableActivity,
  type Filters,
  type FilterTaxonomy,
  type FixedFilters,
} from "./public-filters";

export {
  ALL_CATEGORIES,
  collapseMulti,
  type FilterableActivity,
  type Filters,
  type FilterTaxonomy,
  type FixedFilters,
  type TagMode,
} from "./public-filters";

export const DEFAULT_FILTERS: Filters = Object.fromEntries(
  FILTER_ENTRIES.map((entry) => [entry.field, entry.default]),
) as Filters;

function withFixed(values: readonly string[], fixed: string | undefined): string[] {
  return fixed ? [...new Set([fixed, ...values])] : [...values];
}

/**
 * The page's fixed category or tag always applies, whatever the query string says; the 'All' category fixes
 * nothing. The one home of that rule: the URL's filter state, a category toggle, Clear and the SQL list all go
 * through it.
 */
export function withFixedFilters(f: Filters, fixed: FixedFilters): Filters {
  const category = fixed.category === ALL_CATEGORIES ? undefined : fixed.category;
  return { ...f, categories: withFixed(f.categories, category), tags: withFixed(f.tags, fixed.tag) };
}

/** The filters of a page before any visitor choice: its fixed category or tag alone. */
export function fixedOnly(fixed: FixedFilters): Filters {
  return withFixedFilters(DEFAULT_FILTERS, fixed);
}

/** Whether `f` chooses nothing beyond the page's fixed category or tag (whatever its page number). */
export function isOnlyFixed(f: Filters, fixed: FixedFilters): boolean {
  return filtersToSearchParams({ ...f, page: 1 }, fixed).toString() === "";
}

/**
 * The filter state of a URL (public-site §4 "Filter state"): each filter's values parsed by its entry. Anything
 * invalid quietly becomes its default, so a hand-edited URL still renders (the page then redirects to the
 * canonical URL, without it).
 */
export function parseFilters(params: URLSearchParams, fixed: FixedFilters, taxonomy: FilterTaxonomy): Filters {
  const f = Object.fromEntries(
    FILTER_ENTRIES.map(({ field, param, parse }) => {
      if ("values" in parse) return [field, parse.values(params.getAll(param), taxonomy)];
      let schema = schemas.get(field);
      if (!schema) schemas.set(field, (schema = parse.schema(z)));
      return [field, schema.parse(params.get(param))];
    }),
  ) as Filters;
  return withFixedFilters(f, fixed);
}

/** The entries' zod schemas, built on first use (the browser never parses a URL's filters). */
const schemas = new Map<keyof Filters, z.ZodType>();

/**
 * The query string for `f`, its canonical form: defaults and the path's fixed category or tag are left out,
 * categories and tags are written as their slugs in slug order, the parameters in the table's order.
 */
export function filtersToSearchParams(f: Filters, fixed: FixedFilters = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const entry of FILTER_ENTRIES) {
    const write = entry.write as (value: Filters[keyof Filters], fixed: FixedFilters) => string[];
    for (const value of write(f[entry.field], fixed)) params.append(entry.param, value);
  }
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
 * Clear sets back what its entry says it clears (tags, tag mode, level, cost, duration, rating, sort). Tags go back
 * to the page's own tag (the spec's "Clear restores it" on tag pages), or none elsewhere; categories and the search
 * text are kept.
 */
export function clearFilters(f: Filters, fixed: FixedFilters = {}): Filters {
  const reset = Object.fromEntries(
    FILTER_ENTRIES.flatMap((entry) => (entry.clears ? [[entry.field, entry.default]] : [])),
  );
  return withFixedFilters(withChange(f, reset), { tag: fixed.tag });
}

/** The reference semantics of spec §5 "Filters": every entry's predicate (pagination and sort are separate). */
export function activityMatchesFilters(a: FilterableActivity, f: Filters): boolean {
  return FILTER_ENTRIES.every((entry) => entry.matches?.(a, f) ?? true);
}
