// Google Maps URLs (admin §2 'Address Validation', Coordinate Synchronization, §4 mapsUrlStatus): what point and
// place text a URL names, and whether the point agrees with the activity's coordinates.
//
// The forms read, and which point wins when a URL carries several:
// 1. the place pin `!3d{lat}!4d{lng}` inside `data=` (the one after `!8m2` when there are several) — where Google
//    put the place;
// 2. an explicit point: `/maps/place/{lat},{lng}`, `?q={lat},{lng}` (also `loc:`), `/maps/search/?api=1&query=…`,
//    `/maps/dir/?api=1&destination=…`, `daddr=`;
// 3. the viewport: `ll=` / `sll=`, then `@{lat},{lng},{zoom}z` — where the map was centred, which is near the place
//    but not on it (the side panel pushes the pin off centre).
// Place text comes from `/maps/place/{text}/`, `/maps/search/{text}/`, `?q={text}` and `query={text}`; `?cid=`
// and `place_id:` / `query_place_id=` are kept as identifiers. Short links (`maps.app.goo.gl/…`, `goo.gl/maps/…`)
// name nothing until resolved: services/maps-url.server.ts follows their redirect, and the URL it leads to is read
// here. A consent interstitial (`consent.google.com/?continue=…`) is read as the URL it continues to.
//
// Tolerance: a pin or an explicit point within 0.25 mile (about 400 m, two or three city blocks) of the activity
// verifies the URL; both usually come from the same Google pin, so more is a different place. A viewport centre is
// allowed 1 mile, because at street zoom the pin may sit a few hundred metres off centre, and more when zoomed out.
import { milesBetween, type LatLng } from "../location/geo";
import type { MapsUrlStatus } from "./validation";

export const MAPS_URL_TOLERANCE_MILES = 0.25;
export const MAPS_URL_VIEWPORT_TOLERANCE_MILES = 1;

export type PointSource = "pin" | "point" | "viewport";

export type MapsUrl =
  | { kind: "short"; url: string }
  | { kind: "invalid"; reason: string }
  | {
      kind: "maps";
      point: LatLng | null;
      pointSource: PointSource | null;
      placeText: string | null;
      cid: string | null;
      placeId: string | null;
    };

const GOOGLE_HOST = /^(?:www\.|maps\.)?google\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;
const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
const LAT_LNG = new RegExp(String.raw`^(?:loc:\s*)?(${NUMBER})\s*,\s*(${NUMBER})$`, "i");
const PIN = new RegExp(String.raw`!3d(${NUMBER})!4d(${NUMBER})`, "g");
const VIEWPORT = new RegExp(String.raw`@(${NUMBER}),(${NUMBER})(?:,(\d+(?:\.\d+)?)z)?`);
const DMS = /\d+\s*°/;

/** A short link that only a redirect turns into a maps URL. */
export function isShortMapsLink(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  if (host === "maps.app.goo.gl") return url.pathname.length > 1;
  return host === "goo.gl" && url.pathname.startsWith("/maps/");
}

/** A Google Maps URL that names what it points at (as opposed to a short link or another site). */
export function isFullMapsUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  if (host === "consent.google.com") return url.searchParams.has("continue");
  if (!GOOGLE_HOST.test(host)) return false;
  return host.startsWith("maps.") ? true : url.pathname === "/maps" || url.pathname.startsWith("/maps/");
}

function toLatLng(lat: string, lng: string): LatLng | null {
  const point = { lat: Number(lat), lng: Number(lng) };
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lng)) return null;
  if (Math.abs(point.lat) > 90 || Math.abs(point.lng) > 180) return null;
  return point;
}

function latLngText(text: string | null): LatLng | null {
  const match = text?.trim().match(LAT_LNG);
  return match ? toLatLng(match[1], match[2]) : null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A path segment as text: '+' is a space there, as in a query. */
function decodeSegment(segment: string): string {
  return safeDecode(segment.replace(/\+/g, " ")).trim();
}

/** Text that names a place, not coordinates written as text. */
function placeTextOf(text: string | null | undefined): string | null {
  const value = text?.replace(/\s+/g, " ").trim();
  if (!value || latLngText(value) || DMS.test(value) || /^place_id:/i.test(value)) return null;
  return value.slice(0, 500);
}

function pinOf(href: string): LatLng | null {
  const pins = [...href.matchAll(PIN)];
  if (pins.length === 0) return null;
  const placed = pins.find((m) => href.slice(Math.max(0, m.index - 4), m.index) === "!8m2") ?? pins[0];
  return toLatLng(placed[1], placed[2]);
}

export function parseMapsUrl(raw: string): MapsUrl {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { kind: "invalid", reason: "Not a URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { kind: "invalid", reason: "Not an http(s) URL" };
  if (isShortMapsLink(url)) return { kind: "short", url: url.href };
  if (url.hostname.toLowerCase() === "consent.google.com") {
    const next = url.searchParams.get("continue");
    return next && next !== raw ? parseMapsUrl(next) : { kind: "invalid", reason: "Not a Google Maps URL" };
  }
  if (!isFullMapsUrl(url)) return { kind: "invalid", reason: "Not a Google Maps URL" };

  const params = url.searchParams;
  const segments = url.pathname.split("/").filter(Boolean).map(decodeSegment);
  const after = (name: string) => {
    const i = segments.indexOf(name);
    const next = i >= 0 ? segments[i + 1] : undefined;
    return next && !next.startsWith("@") && !next.startsWith("data=") ? next : null;
  };
  const pathText = after("place") ?? after("search");
  const query = params.get("q") ?? params.get("query") ?? null;

  const candidates: [LatLng | null, PointSource][] = [
    [pinOf(safeDecode(url.pathname + url.search)), "pin"],
    [latLngText(pathText), "point"],
    [latLngText(query), "point"],
    [latLngText(params.get("destination")), "point"],
    [latLngText(params.get("daddr")), "point"],
    [latLngText(params.get("ll")), "viewport"],
    [latLngText(params.get("sll")), "viewport"],
    [viewportOf(url.pathname), "viewport"],
  ];
  const found = candidates.find(([point]) => point !== null);

  const placeIdText = [query, pathText].find((t) => t && /^place_id:/i.test(t));
  return {
    kind: "maps",
    point: found?.[0] ?? null,
    pointSource: found?.[1] ?? null,
    placeText: placeTextOf(pathText) ?? placeTextOf(query),
    cid: params.get("cid")?.match(/^\d{1,30}$/)?.[0] ?? null,
    placeId: params.get("query_place_id") ?? placeIdText?.replace(/^place_id:/i, "") ?? null,
  };
}

function viewportOf(path: string): LatLng | null {
  const match = safeDecode(path).match(VIEWPORT);
  return match ? toLatLng(match[1], match[2]) : null;
}

export interface MapsUrlCheck {
  mapsUrlStatus: MapsUrlStatus;
  mapsUrlDistance: number | null;
}

/** How far the URL's point is from the activity, and whether that verifies the URL. */
export function checkMapsUrl(activity: LatLng | null, parsed: MapsUrl): MapsUrlCheck {
  if (parsed.kind === "invalid") return { mapsUrlStatus: "maps_url_invalid", mapsUrlDistance: null };
  if (parsed.kind === "short" || !parsed.point || !activity) {
    return { mapsUrlStatus: "maps_url_unverified", mapsUrlDistance: null };
  }
  const distance = milesBetween(activity, parsed.point);
  const tolerance = parsed.pointSource === "viewport" ? MAPS_URL_VIEWPORT_TOLERANCE_MILES : MAPS_URL_TOLERANCE_MILES;
  return {
    mapsUrlStatus: distance <= tolerance ? "maps_url_verified" : "maps_url_mismatch",
    mapsUrlDistance: Math.round(distance * 1000) / 1000,
  };
}
