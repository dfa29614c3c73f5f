// The map's constants (public-site §9 'Map') and its two rules: which library and style a page's map uses,
// and which coordinates a map can show.
import type { LatLng } from "../location/geo";
import { parseCoordinate } from "../location/geo";

export const MAP_DEFAULTS = {
  zoom: 11,
  center: { lat: 36.1627, lng: -86.7816 }, // Nashville
  detailZoom: 15,
  flyDurationMs: 1000,
  pinSize: 32,
  selectedPinSize: 40,
  popupOffset: 25,
} as const;

/** mapbox-gl needs a token; maplibre-gl (its open fork, same API) draws a keyless open style. */
export type MapLibrary = "mapbox" | "maplibre";

/** What the browser needs to draw a page's map, decided on the server and carried in the page's data. */
export interface MapSetup {
  library: MapLibrary;
  style: string;
}

/** Mapbox with its own style when there is a token; otherwise MapLibre with the open style, so every install has a map. */
export function chooseMap(settings: { mapboxToken?: string; mapboxStyle: string; openStyleUrl: string }): MapSetup {
  return settings.mapboxToken?.trim()
    ? { library: "mapbox", style: settings.mapboxStyle }
    : { library: "maplibre", style: settings.openStyleUrl };
}

type Coordinate = string | number | null | undefined;

/**
 * A point the map libraries accept: both coordinates numeric, latitude within ±90 (both libraries throw
 * outside it) and longitude within ±180; anything else is null, and such a marker is skipped.
 */
export function mapPoint(lat: Coordinate, lng: Coordinate): LatLng | null {
  const la = parseCoordinate(lat);
  const ln = parseCoordinate(lng);
  if (la === null || ln === null || Math.abs(la) > 90 || Math.abs(ln) > 180) return null;
  return { lat: la, lng: ln };
}

/** Where a map opens: the given centre when it is usable, else the default (Nashville). */
export function mapCenter(center: { lat: Coordinate; lng: Coordinate } | null | undefined): LatLng {
  return (center && mapPoint(center.lat, center.lng)) ?? MAP_DEFAULTS.center;
}
