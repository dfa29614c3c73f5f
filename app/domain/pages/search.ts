// Header and page search matching (public-site §5 "Search").

/** The longest search text any search box or page takes (longer text is cut to it). */
export const SEARCH_TEXT_MAX = 200;

export const SEARCH_LIMITS = {
  dropdown: { cities: 3, activities: 3 },
  mobileOverlay: 5,
  cityPageDropdown: 5,
  cityPageOverlay: 10,
  exploreActivities: 5,
} as const;

function contains(field: string | null | undefined, needle: string): boolean {
  return (field ?? "").toLowerCase().includes(needle);
}

function needleOf(q: string): string | null {
  const needle = q.trim().toLowerCase();
  return needle === "" ? null : needle;
}

/** What GET /api/search answers: the header dropdown's suggestions, each with its link. */
export type SearchSuggestions = {
  q: string;
  cities: { id: string; displayName: string; state: string; href: string }[];
  activities: { id: number; title: string; category: string; cityName: string; href: string }[];
};

/** displayName or name; also state on the Explore Cities page. An empty query matches nothing. */
export function cityMatches(
  city: { name: string; displayName: string; state?: string | null },
  q: string,
  { includeState = false }: { includeState?: boolean } = {},
): boolean {
  const needle = needleOf(q);
  if (needle === null) return false;
  return (
    contains(city.displayName, needle) || contains(city.name, needle) || (includeState && contains(city.state, needle))
  );
}

/** title or excerpt; title only on the Explore Cities page. An empty query matches nothing. */
export function activityMatches(
  a: { title: string; excerpt: string | null },
  q: string,
  { titleOnly = false }: { titleOnly?: boolean } = {},
): boolean {
  const needle = needleOf(q);
  if (needle === null) return false;
  return contains(a.title, needle) || (!titleOnly && contains(a.excerpt, needle));
}

export function noResultsMessage(q: string): string {
  return `No results found for "${q}"`;
}
