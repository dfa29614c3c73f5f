// Coordinate Synchronization (admin §2, §3 'Coordinate sync result', §4): an activity's coordinates set from the
// point its Google Maps URL names (maps-url.ts: the place pin first), as a preview (dry run) or an update.
//
// An activity within 0.01 mile (about 16 m, less than a map pin covers) of its URL's point is unchanged, so a
// second run changes nothing; a URL that names no point, or a short link that could not be resolved, fails.
import { countOf } from "../counts";
import { milesBetween, type LatLng } from "../location/geo";
import { validCoordinates } from "./location-check";

export const SYNC_UNCHANGED_MILES = 0.01;

export type CoordinatePair = [lat: number, lng: number];

export interface CoordinateUpdate {
  activityId: number;
  title: string;
  /** Miles between the current coordinates and the URL's point (null when the current ones are not valid). */
  distance: number | null;
  currentCoords: CoordinatePair;
  mapsCoords: CoordinatePair;
}

export type CoordinateSync =
  | ({ kind: "update" } & CoordinateUpdate)
  | { kind: "unchanged"; activityId: number; distance: number }
  | { kind: "failed"; activityId: number; title: string; reason: string };

export function coordinateSync(
  activity: { id: number; title: string; latitude: number; longitude: number },
  maps: LatLng | null,
  failure = "The Google Maps URL names no coordinates",
): CoordinateSync {
  const target = maps && validCoordinates(maps.lat, maps.lng);
  if (!target) return { kind: "failed", activityId: activity.id, title: activity.title, reason: failure };
  const current = validCoordinates(activity.latitude, activity.longitude);
  const distance = current ? milesBetween(current, target) : null;
  if (distance !== null && distance < SYNC_UNCHANGED_MILES) {
    return { kind: "unchanged", activityId: activity.id, distance };
  }
  return {
    kind: "update",
    activityId: activity.id,
    title: activity.title,
    distance: distance === null ? null : Math.round(distance * 100) / 100,
    currentCoords: [activity.latitude, activity.longitude],
    mapsCoords: [target.lat, target.lng],
  };
}

export interface CoordinateSyncResults {
  total: number;
  updated: number;
  unchanged: number;
  failed: number;
  updates: CoordinateUpdate[];
}

/** §3 'Coordinate sync result': the counts and every update (the card shows the first 10). */
export function coordinateSyncResults(items: readonly CoordinateSync[]): CoordinateSyncResults {
  const updates = items.filter((i) => i.kind === "update").map(({ kind: _kind, ...update }) => update);
  return {
    total: items.length,
    updated: updates.length,
    unchanged: items.filter((i) => i.kind === "unchanged").length,
    failed: items.filter((i) => i.kind === "failed").length,
    updates,
  };
}

/** '36.1612, -86.7785': coordinates to 4 decimals, as the card shows them. */
export function formatCoords([lat, lng]: CoordinatePair): string {
  return `${lat.toFixed(4)}, ${lng.toFixed(4)}`;
}

/** '0.42 miles', '1 mile'; an unknown distance (invalid current coordinates) is '—'. */
export function formatMiles(distance: number | null): string {
  if (distance === null) return "—";
  const rounded = Math.round(distance * 100) / 100;
  return `${rounded} ${rounded === 1 ? "mile" : "miles"}`;
}

/** The line under the first 10 changes. */
export function moreChangesLine(more: number): string {
  return `... and ${more} more`;
}

/** The message of a sync (§7 'message'): what a preview would change, or what an update changed. */
export function syncMessage(dryRun: boolean, results: CoordinateSyncResults): string {
  return dryRun
    ? `Preview: ${countOf(results.updated, "activity", "activities")} would be updated (nothing was changed)`
    : `Updated coordinates of ${countOf(results.updated, "activity", "activities")}`;
}
