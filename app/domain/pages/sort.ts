// Sort orders for activity lists (public-site §9, admin §9).

export const SORT_ORDERS = [
  "best-match",
  "rating-high",
  "rating-low",
  "name-asc",
  "name-desc",
  "newest",
  "oldest",
] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The public category page also names these. */
export const SORT_ALIASES: Readonly<Record<string, SortOrder>> = { "name-az": "name-asc", "name-za": "name-desc" };

export const SORT_LABELS: Record<SortOrder, string> = {
  "best-match": "Best Match",
  "rating-high": "Highest Rated",
  "rating-low": "Lowest Rated",
  "name-asc": "Name (A-Z)",
  "name-desc": "Name (Z-A)",
  newest: "Newest",
  oldest: "Oldest",
};

export const ADMIN_SORT_ORDERS = ["name-asc", "name-desc", "newest", "oldest"] as const satisfies readonly SortOrder[];

/** A known sort order or alias as its canonical order; anything else is undefined. */
export function parseSortOrder(value: string | null | undefined): SortOrder | undefined {
  if (!value) return undefined;
  if (Object.hasOwn(SORT_ALIASES, value)) return SORT_ALIASES[value];
  return (SORT_ORDERS as readonly string[]).includes(value) ? (value as SortOrder) : undefined;
}

export type Sortable = { id: number; title: string; googleRating: number | null; googleReviewCount: number | null };
type Comparator = (a: Sortable, b: Sortable) => number;

// Made when first used, not when the module loads: the city page's scripts import this module for its sort names, and
// a collator made at once loads the locale's data in their first task (issue #26).
let titleCollator: Intl.Collator | undefined;

function rating(a: Sortable): number | null {
  return a.googleRating === null || Number.isNaN(a.googleRating) ? null : a.googleRating;
}

/** Rated before unrated whatever the direction. */
function byRating(direction: 1 | -1): Comparator {
  return (a, b) => {
    const ra = rating(a);
    const rb = rating(b);
    if (ra === null || rb === null) return (ra === null ? 1 : 0) - (rb === null ? 1 : 0);
    return direction * (ra - rb);
  };
}

const idAsc: Comparator = (a, b) => a.id - b.id;
const idDesc: Comparator = (a, b) => b.id - a.id;
const reviewsDesc: Comparator = (a, b) => (b.googleReviewCount ?? 0) - (a.googleReviewCount ?? 0);
const titleAsc: Comparator = (a, b) =>
  (titleCollator ??= new Intl.Collator("en", { sensitivity: "accent" })).compare(a.title, b.title);

function chain(...comparators: Comparator[]): Comparator {
  return (a, b) => {
    for (const compare of comparators) {
      const result = compare(a, b);
      if (result !== 0) return result;
    }
    return 0;
  };
}

const COMPARATORS: Record<SortOrder, Comparator> = {
  "best-match": chain(byRating(-1), reviewsDesc, idAsc),
  "rating-high": chain(byRating(-1), idDesc),
  "rating-low": chain(byRating(1), idAsc),
  "name-asc": chain(titleAsc, idAsc),
  "name-desc": chain((a, b) => titleAsc(b, a), idAsc),
  newest: idDesc,
  oldest: idAsc,
};

export function compareForSort(sort: SortOrder): Comparator {
  return COMPARATORS[sort];
}

export function sortActivities<T extends Sortable>(list: readonly T[], sort: SortOrder): T[] {
  return [...list].sort(compareForSort(sort));
}
