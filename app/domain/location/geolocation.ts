// Reading the third-party IP geolocation answer (public-site §4 "Home location flow", §8).
import { parseCoordinate } from "./geo";

function field(json: object, key: string): unknown {
  return (json as Record<string, unknown>)[key];
}

function asCoordinate(value: unknown): number | null {
  return typeof value === "string" || typeof value === "number" ? parseCoordinate(value) : null;
}

/**
 * { latitude, longitude } or { lat, lon } as numbers or numeric strings; null when either is missing,
 * non-numeric or out of range (then the caller falls back to san-antonio).
 */
export function parseIpGeolocation(json: unknown): { lat: number; lng: number } | null {
  if (typeof json !== "object" || json === null) return null;
  const lat = asCoordinate(field(json, "latitude") ?? field(json, "lat"));
  const lng = asCoordinate(field(json, "longitude") ?? field(json, "lon"));
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

export function ipGeolocationErrorMessage(status: number): string {
  return `HTTP error! status: ${status}`;
}
