// The Explore Cities list (public-site §2 "Explore Cities").

export type StateGroup<T> = { state: string; cities: T[] };

/** Grouped by state; states sorted by name, cities within a state by display name. */
export function groupCitiesByState<T extends { state: string; displayName: string }>(
  cities: readonly T[],
): StateGroup<T>[] {
  const byState = new Map<string, T[]>();
  for (const city of cities) {
    const list = byState.get(city.state) ?? [];
    list.push(city);
    byState.set(city.state, list);
  }
  const compare = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });
  return [...byState.entries()]
    .sort(([a], [b]) => compare(a, b))
    .map(([state, list]) => ({ state, cities: list.sort((a, b) => compare(a.displayName, b.displayName)) }));
}
