// Distances in miles, nearest city and nearby activities (public-site §4 "Home location flow", §9).
import { EARTH_RADIUS_MILES, NEARBY_LIMIT, NEARBY_RADIUS_MILES } from "../constants";

export type LatLng = { lat: number; lng: number };
type Coordinate = string | number | null | undefined;

/** Great-circle (haversine) distance in miles. */
export function milesBetween(a: LatLng, b: LatLng): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Coordinates are stored as strings; anything that is not a finite number is null. */
export function parseCoordinate(s: Coordinate): number | null {
  if (typeof s === "number") return Number.isFinite(s) ? s : null;
  if (typeof s !== "string" || s.trim() === "") return null;
  const n = Number(s.trim());
  return Number.isFinite(n) ? n : null;
}

function toLatLng(lat: Coordinate, lng: Coordinate): LatLng | null {
  const la = parseCoordinate(lat);
  const ln = parseCoordinate(lng);
  return la === null || ln === null ? null : { lat: la, lng: ln };
}

/**
 * The closest city among `eligibleCityIds` (cities with at least one activity rated 4 or more — the
 * caller's query decides that). Cities without numeric centres are skipped; the first wins a tie.
 */
export function nearestCity<T extends { id: string; centerLatitude: Coordinate; centerLongitude: Coordinate }>(
  point: LatLng,
  cities: readonly T[],
  eligibleCityIds: ReadonlySet<string>,
): T | undefined {
  let best: { city: T; miles: number } | undefined;
  for (const city of cities) {
    if (!eligibleCityIds.has(city.id)) continue;
    const centre = toLatLng(city.centerLatitude, city.centerLongitude);
    if (!centre) continue;
    const miles = milesBetween(point, centre);
    if (Number.isNaN(miles)) continue;
    if (!best || miles < best.miles) best = { city, miles };
  }
  return best?.city;
}

/**
 * 'Best Activities Nearby': same city, within 25 miles, not the activity itself, rating descending
 * (missing counts as 0) then distance ascending, at most 3.
 */
export function nearbyActivities<
  T extends {
    id: number | string;
    cityId: string;
    latitude: Coordinate;
    longitude: Coordinate;
    googleRating: Coordinate;
  },
>(activity: T, candidates: readonly T[]): T[] {
  const origin = toLatLng(activity.latitude, activity.longitude);
  if (!origin) return [];
  const scored: { item: T; miles: number; rating: number }[] = [];
  for (const item of candidates) {
    if (item.id === activity.id || item.cityId !== activity.cityId) continue;
    const at = toLatLng(item.latitude, item.longitude);
    if (!at) continue;
    const miles = milesBetween(origin, at);
    if (miles <= NEARBY_RADIUS_MILES) scored.push({ item, miles, rating: parseCoordinate(item.googleRating) ?? 0 });
  }
  return scored
    .sort((a, b) => b.rating - a.rating || a.miles - b.miles)
    .slice(0, NEARBY_LIMIT)
    .map((s) => s.item);
}
