// Google Maps attribution (issue #27; Places API (New) policies, 'Google Maps attribution requirements'): content
// from the Places API — ratings, review counts, photos — shown without a Google map carries the text attribution
// 'Google Maps' beside it (the logo's stand-in where space is short: never altered, translated or wrapped; the
// component is components/GoogleMapsAttribution.tsx), and the detail page links to the place on Google Maps.
import { isFullMapsUrl, isShortMapsLink } from "../data-quality/maps-url";
import { withSearchParams } from "../http/urls";

/** The text attribution, exactly as Google spells it. */
export const GOOGLE_MAPS_ATTRIBUTION = "Google Maps";

/** A Google place id as the Places API gives it (letters, digits, '-' and '_'); anything else is not used. */
const PLACE_ID = /^[A-Za-z0-9_-]{10,300}$/;

export type PlaceLinkFields = {
  title: string;
  address: string | null;
  googlePlaceId: string | null;
  googleMapsUrl: string | null;
  latitude: string | number;
  longitude: string | number;
};

function googleMapsUrlOf(raw: string | null): string | null {
  if (!raw?.trim()) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === "https:" && (isFullMapsUrl(url) || isShortMapsLink(url)) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The place on Google Maps: by its place id when the places service found one (Maps URLs' search with
 * `query_place_id`, the query naming the place should the id no longer resolve), else the Google Maps address an
 * administrator stored, else a search for its name and address (its coordinates when it has no address).
 */
export function googleMapsPlaceUrl(a: PlaceLinkFields): string {
  const named = [a.title, a.address].filter((v) => v && v.trim()).join(", ");
  const placeId = a.googlePlaceId?.trim();
  if (placeId && PLACE_ID.test(placeId)) {
    return withSearchParams("https://www.google.com/maps/search/", { api: "1", query: named, query_place_id: placeId });
  }
  const stored = googleMapsUrlOf(a.googleMapsUrl);
  if (stored) return stored;
  const query = a.address?.trim() ? named : `${a.latitude},${a.longitude}`;
  return withSearchParams("https://www.google.com/maps/search/", { api: "1", query });
}
