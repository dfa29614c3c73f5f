// Location accuracy and business status (admin §2 cards 'Location Accuracy', about $0.005 each, and 'Business
// Status', about $0.017 each; §4 locationAccuracy) from the place Google Places finds for an activity.
//
// Location accuracy, in order:
// - `invalid_coordinates`: latitude or longitude missing, not a number, outside ±90/±180, or exactly 0,0 (the
//   'null island' a missing value becomes);
// - `out_of_range`: farther from the city's centre than the city's radius (60 miles unless the city says
//   otherwise). Neither of these asks Google: the answer cannot change and the call would cost money;
// - `location_verified`: the place Google finds is within 0.5 mile of the coordinates; `location_mismatch` beyond.
//   Wider than a maps URL's 0.25 mile (maps-url.ts) because a text search may answer a large place (a park, a
//   campus) with its centre, which can lie some way from the entrance an activity is pinned on;
// - `coordinates_valid`: Google finds no place (or one without a location) to compare with.
// locationDistance is the miles to the place found, else null.
//
// Business status is the place's businessStatus (OPERATIONAL, CLOSED_TEMPORARILY, CLOSED_PERMANENTLY), NOT_FOUND
// when Google finds no place or gives no status; closed places go to the review list (quality-score.ts).
import { milesBetween, parseCoordinate, type LatLng } from "../location/geo";
import { CITY_RADIUS_MILES } from "../constants";
import type { BusinessStatus, LocationAccuracy } from "./validation";

export const LOCATION_TOLERANCE_MILES = 0.5;

/** The part of a Google Places (New) place these checks read. */
export interface PlaceData {
  id?: string | null;
  location?: { latitude: number; longitude: number } | null;
  businessStatus?: string | null;
  formattedAddress?: string | null;
}

/** What to ask Google for: a known place id, else a text search biased to a circle round `near` (if known). */
export interface PlaceQuery {
  placeId: string | null;
  text: string;
  near: LatLng | null;
  radiusMiles: number;
  /** Which field the answer must carry: Google bills location and businessStatus at different rates. */
  want: "location" | "businessStatus";
}

/** The places client's lookup: the place found, or null when none matches. */
export type FindPlace = (query: PlaceQuery) => Promise<PlaceData | null>;

export interface LocatedActivity {
  title: string;
  address: string | null;
  state: string;
  latitude: number | string | null;
  longitude: number | string | null;
  googlePlaceId: string | null;
  city: {
    displayName: string;
    centerLatitude: number | string | null;
    centerLongitude: number | string | null;
    radius: number | null;
  };
}

export interface LocationCheck {
  locationAccuracy: LocationAccuracy;
  locationDistance: number | null;
}

/** Coordinates that can be put on a map, or null. */
export function validCoordinates(lat: number | string | null, lng: number | string | null): LatLng | null {
  const la = parseCoordinate(lat);
  const ln = parseCoordinate(lng);
  if (la === null || ln === null || Math.abs(la) > 90 || Math.abs(ln) > 180) return null;
  if (la === 0 && ln === 0) return null;
  return { lat: la, lng: ln };
}

/**
 * The check that needs no place: invalid or out of the city's range, or the point to compare with the place.
 * A city whose centre is not a valid point cannot say what is out of range, so nothing is.
 */
export function coordinatesCheck(activity: LocatedActivity): LocationCheck | { point: LatLng } {
  const point = validCoordinates(activity.latitude, activity.longitude);
  if (!point) return { locationAccuracy: "invalid_coordinates", locationDistance: null };
  const centre = validCoordinates(activity.city.centerLatitude, activity.city.centerLongitude);
  const radius = activity.city.radius && activity.city.radius > 0 ? activity.city.radius : CITY_RADIUS_MILES;
  if (centre && milesBetween(point, centre) > radius)
    return { locationAccuracy: "out_of_range", locationDistance: null };
  return { point };
}

/** The search for the activity's place, round `near`: its coordinates, else its city's centre. */
export function placeQuery(activity: LocatedActivity, want: PlaceQuery["want"]): PlaceQuery {
  const where = activity.address?.trim() || [activity.city.displayName, activity.state].filter(Boolean).join(", ");
  return {
    placeId: activity.googlePlaceId?.trim() || null,
    text: `${activity.title}, ${where}`.slice(0, 500),
    near:
      validCoordinates(activity.latitude, activity.longitude) ??
      validCoordinates(activity.city.centerLatitude, activity.city.centerLongitude),
    radiusMiles: activity.city.radius && activity.city.radius > 0 ? activity.city.radius : CITY_RADIUS_MILES,
    want,
  };
}

function placePoint(place: PlaceData | null): LatLng | null {
  return place?.location ? validCoordinates(place.location.latitude, place.location.longitude) : null;
}

/** Valid, in-range coordinates against the place Google found (null: none). */
export function locationAccuracy(point: LatLng, place: PlaceData | null): LocationCheck {
  const at = placePoint(place);
  if (!at) return { locationAccuracy: "coordinates_valid", locationDistance: null };
  const distance = milesBetween(point, at);
  return {
    locationAccuracy: distance <= LOCATION_TOLERANCE_MILES ? "location_verified" : "location_mismatch",
    locationDistance: Math.round(distance * 1000) / 1000,
  };
}

const KNOWN_BUSINESS_STATUSES = new Set<string>(["OPERATIONAL", "CLOSED_TEMPORARILY", "CLOSED_PERMANENTLY"]);

export function businessStatusOf(place: PlaceData | null): BusinessStatus {
  const status = place?.businessStatus;
  return status && KNOWN_BUSINESS_STATUSES.has(status) ? (status as BusinessStatus) : "NOT_FOUND";
}
