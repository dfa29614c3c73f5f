// Home page sections and hero (public-site §2 "Home", §5 "Section lists on Home", §9).

export const HOME_SECTION_THRESHOLD = 3.5;
export const HOME_SECTION_LIMIT = 8;
/** Fewer qualifying activities than this and unrated ones fill the section. */
export const HOME_SECTION_MIN_QUALIFYING = 4;
export const NEAREST_CITY_RATING_THRESHOLD = 4;
export const TOP_DESTINATIONS = 10;
export const HERO_WORDS = ["today", "tomorrow", "this weekend", "next week"] as const;
export const HERO_ROTATE_MS = 5000;

type Rated = { id: number; googleRating: number | null | undefined };

function isUnrated(a: Rated): boolean {
  return a.googleRating === null || a.googleRating === undefined || Number.isNaN(a.googleRating);
}

/**
 * Activities rated at least 3.5; if fewer than 4 qualify, unrated activities fill up to the limit.
 * Rating descending, rated before unrated, ties by id descending. Rated activities under 3.5 never show.
 */
export function selectHomeSection<T extends Rated>(activities: readonly T[], limit = HOME_SECTION_LIMIT): T[] {
  const byIdDesc = (a: T, b: T) => b.id - a.id;
  const qualifying = activities
    .filter((a) => !isUnrated(a) && (a.googleRating as number) >= HOME_SECTION_THRESHOLD)
    .sort((a, b) => (b.googleRating as number) - (a.googleRating as number) || byIdDesc(a, b));
  const fill = qualifying.length < HOME_SECTION_MIN_QUALIFYING ? activities.filter(isUnrated).sort(byIdDesc) : [];
  return [...qualifying, ...fill].slice(0, limit);
}
