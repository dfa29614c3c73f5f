// The visitor's location on the home page: from `?lat=&lng=`, or the remembered `loc` cookie
// (public-site §4 "Home location flow").
import { z } from "zod";
import type { SearchRule } from "../http/canonical";
import type { LatLng } from "./geo";

export const LOCATION_COOKIE = "loc";
/** How long a reported location is remembered. */
export const LOCATION_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
export const GPS_TIMEOUT_MS = 10_000;

/**
 * Made when first needed: a schema made as the module loads would bring zod's schemas (23 KB gzip) into the home
 * page's scripts, which use this module's cookie and path helpers but never parse a location.
 */
let latLng: ReturnType<typeof latLngSchema> | undefined;
const latLngSchema = () =>
  z.object({
    lat: z.coerce.number().min(-90).max(90),
    lng: z.coerce.number().min(-180).max(180),
  });

function parsed(lat: unknown, lng: unknown): LatLng | null {
  // z.coerce turns '' into 0, which would put every empty form on the equator.
  if (typeof lat !== "string" || typeof lng !== "string" || lat.trim() === "" || lng.trim() === "") return null;
  const result = (latLng ??= latLngSchema()).safeParse({ lat, lng });
  return result.success ? result.data : null;
}

/** `?lat=&lng=` when both are valid coordinates, else null. */
export function locationFromSearchParams(params: URLSearchParams): LatLng | null {
  const loc = parsed(params.get("lat"), params.get("lng"));
  return loc && roundedLocation(loc);
}

/** Cookie values are short; anything longer is junk and is not parsed. */
const COOKIE_VALUE_MAX_LENGTH = 64;

/** The cookie holds 'lat,lng'. A value that is not (too long, broken percent-encoding, junk) is no location. */
export function locationFromCookieValue(value: string | null | undefined): LatLng | null {
  if (!value || value.length > COOKIE_VALUE_MAX_LENGTH) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const [lat, lng, ...rest] = decoded.split(",");
  const loc = rest.length === 0 ? parsed(lat, lng) : null;
  return loc && roundedLocation(loc);
}

/** The value of a cookie named `name` in a Cookie header. */
export function readCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * Two decimals (about a kilometre) are plenty to find the nearest city, and all that is kept of where a visitor
 * is: in the cookie, in `/?lat=&lng=` addresses (and so in access logs) and in cache keys.
 */
function rounded(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** A location as the site keeps it: rounded to two decimals. */
export function roundedLocation(loc: LatLng): LatLng {
  return { lat: Number(rounded(loc.lat)), lng: Number(rounded(loc.lng)) };
}

/** The rounded location as 'lat,lng' (the cookie's value, and the page cache's key part). */
export function locationText(loc: LatLng): string {
  return `${rounded(loc.lat)},${rounded(loc.lng)}`;
}

export function locationCookie(loc: LatLng): string {
  return `${LOCATION_COOKIE}=${locationText(loc)}; Path=/; Max-Age=${LOCATION_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

function locationSearch(loc: LatLng): URLSearchParams {
  return new URLSearchParams({ lat: rounded(loc.lat), lng: rounded(loc.lng) });
}

/** The home page URL that renders the sections for `loc`. */
export function homeLocationPath(loc: LatLng): string {
  return `/?${locationSearch(loc)}`;
}

/** The home page's search parameters: `lat` and `lng` together, rounded to two decimals, or none. */
export const HOME_SEARCH: SearchRule = (sent) => {
  const loc = locationFromSearchParams(sent);
  return loc ? locationSearch(loc) : new URLSearchParams();
};
