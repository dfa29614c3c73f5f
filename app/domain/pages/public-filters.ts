// The public filters of the city, category and tag pages (public-site §4 "Filter state", §5 "Filters"), one
// declarative entry each: its URL key, how the URL's values parse (zod where a schema says it), its default, the SQL
// clause it adds to the city list (declared here, written as SQL by data/activities/city-list.server.ts), its
// reference predicate (what the integration test holds that SQL to) and its control (drawn by the filter bar and the
// filter sheet alike). Adding a filter is a field of `Filters` and its entry here, plus a control kind if it needs a
// new one. filters.ts holds the operations over the table (parse, canonical query, clear, match).
// docs/decisions/036-public-filters-as-one-table.md
import type { z } from "zod";
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

/**
 * The categories and tags a filter value may name (both admin-editable): the URL carries their slugs, the filter
 * state their names.
 */
export type FilterTaxonomy = { categories: readonly string[]; tags: readonly string[] };

export const ALL_CATEGORIES = "All";

/** What the reference predicates read of an activity. */
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

/** The activity columns a clause may name (Activity's own columns, as Prisma names them). */
export type FilterColumn = "title" | "excerpt" | "category" | "touristyLevel" | "cost" | "duration";

/**
 * The condition a filter adds to the city list's WHERE, as data. Each kind adds nothing at its filter's
 * default (no category, no tag, no text, null, 0).
 */
export type FilterClause =
  /** The column is one of the listed values. */
  | { kind: "oneOf"; column: FilterColumn }
  /** The column equals the value. */
  | { kind: "equals"; column: FilterColumn }
  /** The text is inside one of the columns or one of the activity's tag names (case ignored). */
  | { kind: "text"; columns: readonly FilterColumn[] }
  /** A tag name contains each chosen tag ('and') or one of them ('or', by `tagMode`), case ignored. */
  | { kind: "tags" }
  /** The Google rating, while it is shown (within its freshness window), is at least the value. */
  | { kind: "shownRatingAtLeast" };

/** The control of a filter, drawn by the bar (from 768px) and the sheet (under 768px). */
export type FilterControl =
  | { kind: "search" }
  /** The bar's category strip, the sheet's checkboxes. */
  | { kind: "categories" }
  /** The tag checkboxes with the any/all choice (the tagMode entry has no control of its own). */
  | { kind: "tags" }
  /**
   * One of `options` or All: a select in the bar; in the sheet radios, or checkboxes where more than one ticked
   * means All.
   */
  | { kind: "choice"; label: string; options: readonly string[]; sheet: "radios" | "checkboxes"; legend: string }
  | { kind: "rating" }
  | { kind: "sort" };

export type FilterEntry<K extends keyof Filters> = {
  /** The query-string key. */
  param: string;
  default: Filters[K];
  /**
   * How the URL's values for `param` become the value; anything invalid quietly becomes the default. `schema`: a zod
   * schema of the first value sent (null when none), built from the `z` it is handed on first use, so the browser's
   * bundle, which never parses a URL, carries no schema; `values`: a function of every value sent, as sent.
   */
  parse:
    | { schema: (zod: typeof z) => z.ZodType<Filters[K]> }
    | { values: (values: readonly string[], taxonomy: FilterTaxonomy) => Filters[K] };
  /** The URL's values for `value` in canonical form; none at the default or for the page's fixed category or tag. */
  write: (value: Filters[K], fixed: FixedFilters) => string[];
  /** Whether Clear sets it back to its default (the page's own tag stays). */
  clears: boolean;
  /** The reference semantics of spec §5 "Filters"; none for what only orders or pages the list. */
  matches?: (a: FilterableActivity, f: Filters) => boolean;
  sql?: FilterClause;
  /** Where the bar and the sheet draw it (`position`, lowest first); none for what another control sets. */
  control?: FilterControl & { position: number };
};

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** The values as sent, trimmed, blanks left out. */
function listed(values: readonly string[]): string[] {
  return values.map((v) => v.trim()).filter(Boolean);
}

/** The member of `choices` that `value` spells in any letter case, or null. */
function choiceOf<T extends string>(choices: readonly T[], value: string | null | undefined): T | null {
  const wanted = value?.trim().toLowerCase();
  return choices.find((choice) => choice.toLowerCase() === wanted) ?? null;
}

/** The mobile sheet allows several costs or durations; more than one collapses to All (null). */
export function collapseMulti(values: readonly string[]): string | null {
  return values.length === 1 ? (values[0] ?? null) : null;
}

/** The one value, left out at the default. */
const single =
  <T extends string | number | null>(fallback: T) =>
  (value: T): string[] =>
    value === fallback || value === null ? [] : [String(value)];

/** Names as their slugs in slug order, the fixed one left out (it is in the path). */
const slugs = (names: readonly string[], slug: (name: string) => string, fixedName: string | undefined) =>
  unique(names.filter((name) => name !== fixedName).map(slug)).sort();

function includesText(haystack: string | null, needle: string): boolean {
  return (haystack ?? "").toLowerCase().includes(needle);
}

/** A single choice among fixed options: level, cost, duration. */
function choiceFilter<K extends ChoiceField>(
  field: K,
  param: string,
  options: readonly string[],
  control: { label: string; sheet: "radios" | "checkboxes"; legend: string; position: number },
  /** Whether several values sent (the sheet's checkboxes) collapse to All; else the first counts. */
  multi: boolean,
): FilterEntry<K> {
  return {
    param,
    default: null,
    parse: {
      values: (values) =>
        multi
          ? collapseMulti(unique(listed(values).flatMap((value) => choiceOf(options, value) ?? [])))
          : choiceOf(options, values[0]),
    },
    write: single<string | null>(null),
    clears: true,
    matches: (a, f) => f[field] === null || a[field] === f[field],
    sql: { kind: "equals", column: field },
    control: { kind: "choice", options, ...control },
  };
}

/** The table, in the canonical URL's parameter order. */
export const PUBLIC_FILTERS: { readonly [K in keyof Filters]: FilterEntry<K> } = {
  categories: {
    param: "category",
    default: [],
    // Named by slug, by name or by any letter case of either; one that names nothing is left out, and 'All'
    // among them means no category filter.
    parse: {
      values: (values, taxonomy) => {
        const sent = listed(values);
        if (sent.some((value) => value.toLowerCase() === ALL_CATEGORIES.toLowerCase())) return [];
        return unique(sent.flatMap((value) => categoryFromFilterValue(value, taxonomy.categories) ?? []));
      },
    },
    write: (names, fixed) => slugs(names, categorySlug, fixed.category),
    clears: false,
    matches: (a, f) => f.categories.length === 0 || f.categories.includes(a.category),
    sql: { kind: "oneOf", column: "category" },
    control: { kind: "categories", position: 20 },
  },
  tags: {
    param: "tag",
    default: [],
    parse: {
      values: (values, taxonomy) =>
        unique(listed(values).flatMap((value) => tagFromFilterValue(value, taxonomy.tags) ?? [])),
    },
    write: (names, fixed) => slugs(names, tagFilterSlug, fixed.tag),
    clears: true,
    matches: (a, f) => {
      // A selected tag matches any activity tag containing it, so 'Indoor' matches 'Indoors'.
      const hasTag = (tag: string) => a.tags.some((own) => includesText(own, tag.toLowerCase()));
      return f.tags.length === 0 || (f.tagMode === "and" ? f.tags.every(hasTag) : f.tags.some(hasTag));
    },
    sql: { kind: "tags" },
    control: { kind: "tags", position: 30 },
  },
  tagMode: {
    param: "tagMode",
    default: "or",
    parse: { schema: (z) => z.enum(["or", "and"]).catch("or") },
    write: single<TagMode>("or"),
    clears: true,
  },
  touristyLevel: choiceFilter(
    "touristyLevel",
    "level",
    TOURISTY_LEVELS,
    { label: "Touristy level", sheet: "radios", legend: "Touristy level", position: 40 },
    false,
  ),
  cost: choiceFilter(
    "cost",
    "cost",
    COSTS,
    { label: "Cost", sheet: "checkboxes", legend: "Cost (more than one shows all)", position: 50 },
    true,
  ),
  duration: choiceFilter(
    "duration",
    "duration",
    DURATIONS,
    { label: "Duration", sheet: "checkboxes", legend: "Duration (more than one shows all)", position: 60 },
    true,
  ),
  minRating: {
    param: "rating",
    default: 0,
    parse: { schema: (z) => z.coerce.number().catch(0).transform(clampToStep) },
    write: single<number>(0),
    clears: true,
    matches: (a, f) => {
      // A missing rating counts as 0, so it only passes the 'Any' minimum.
      const rating = Number(a.googleRating ?? 0);
      return (Number.isFinite(rating) ? rating : 0) >= f.minRating;
    },
    sql: { kind: "shownRatingAtLeast" },
    control: { kind: "rating", position: 70 },
  },
  sort: {
    param: "sort",
    default: "best-match",
    parse: { schema: (z) => z.string().transform(parseSortOrder).pipe(z.enum(SORT_ORDERS)).catch("best-match") },
    write: single<SortOrder>("best-match"),
    clears: true,
    control: { kind: "sort", position: 80 },
  },
  q: {
    param: "q",
    default: "",
    parse: { values: (values) => trimmedText(SEARCH_TEXT_MAX)(values[0] ?? "") ?? "" },
    write: (q) => single<string>("")(q.trim()),
    clears: false,
    matches: (a, f) => {
      const q = f.q.trim().toLowerCase();
      return !q || [a.title, a.excerpt, a.category, ...a.tags].some((field) => includesText(field, q));
    },
    sql: { kind: "text", columns: ["title", "excerpt", "category"] },
    control: { kind: "search", position: 10 },
  },
  page: {
    param: "page",
    default: 1,
    parse: { schema: (z) => z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).catch(1) },
    write: single<number>(1),
    clears: false,
  },
};

type AnyEntry = { [K in keyof Filters]: FilterEntry<K> & { field: K } }[keyof Filters];

/** The entries with their field, in the canonical URL's order. */
export const FILTER_ENTRIES: readonly AnyEntry[] = (Object.keys(PUBLIC_FILTERS) as (keyof Filters)[]).map(
  (field) => ({ ...PUBLIC_FILTERS[field], field }) as AnyEntry,
);

export type FilterControlEntry = { field: keyof Filters; param: string; control: FilterControl & { position: number } };

/** The controls in the order the bar and the sheet draw them. */
export const FILTER_CONTROLS: readonly FilterControlEntry[] = FILTER_ENTRIES.flatMap((e) =>
  e.control ? [{ field: e.field, param: e.param, control: e.control }] : [],
).sort((a, b) => a.control.position - b.control.position);

/** The fields whose control is a single choice among options (level, cost, duration). */
export type ChoiceField = "touristyLevel" | "cost" | "duration";

/** The value of a choice control's field. */
export function choiceValue(f: Partial<Pick<Filters, ChoiceField>>, field: keyof Filters): string | null {
  return f[field as ChoiceField] ?? null;
}

/** The filters whose sheet control is a list of checkboxes where the bar has a single choice (cost, duration). */
export const SHEET_LISTS: readonly FilterControlEntry[] = FILTER_CONTROLS.filter(
  (c) => c.control.kind === "choice" && c.control.sheet === "checkboxes",
);
