// The Google Places API (New) client (the legacy Places API takes no new keys), on the one safe HTTP helper:
// - Text Search: POST {base}/v1/places:searchText, biased to a circle round the activity's coordinates;
// - Place Details: GET {base}/v1/places/{id}, for an activity whose googlePlaceId is known (no search needed);
// - Place Photo: GET {base}/v1/{photo name}/media?maxWidthPx=…&skipHttpRedirect=true, which answers the photo's
//   address as JSON ({ name, photoUri }) instead of redirecting to the image.
// The key goes in X-Goog-Api-Key, never in the URL (it would end up in logs). Every search and details call sends
// an X-Goog-FieldMask naming only the fields read (app/domain/places/places.ts): Google bills by the costliest field named.
//
// A 429 or 5xx is tried again after a growing pause (0.5 s, 1 s, …); nothing else is (a 4xx will not change, and a
// timeout already took the whole deadline). Failures surface as PlacesError with a PlacesFailure the callers turn
// into the spec's toasts.
import { env } from "~/env.server";
import {
  biasRadiusMeters,
  fieldMask,
  PLACES_NOT_CONFIGURED_MESSAGE,
  placesFailureDetail,
  type PhotoAttribution,
  type PlaceFields,
  type PlacesFailure,
} from "~/domain/places/places";
import type { LatLng } from "~/domain/location/geo";
import type { FindPlace } from "~/domain/data-quality/location-check";
import { httpRequest, HttpRequestError, type HttpOptions, withRetries } from "./http.server";

export interface PlacesConfig {
  apiKey: string;
  /** Google's https://places.googleapis.com, or a proxy / the tests' fake. */
  baseUrl: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts after the first, for 429 and 5xx only. */
  retries?: number;
  /** The first pause before a retry; each further pause doubles. */
  backoffMs?: number;
}

export const PLACES_TIMEOUT_MS = 10_000;
export const PLACES_RETRIES = 2;
export const PLACES_BACKOFF_MS = 500;
/** Places answers are small; a photo list with its attributions is a few kilobytes. */
const PLACES_MAX_BYTES = 512 * 1024;

/** The configured client's settings, or null when GOOGLE_PLACES_API_KEY is not set. */
export function placesConfig(): PlacesConfig | null {
  const settings = env();
  if (!settings.GOOGLE_PLACES_API_KEY) return null;
  return { apiKey: settings.GOOGLE_PLACES_API_KEY, baseUrl: settings.GOOGLE_PLACES_BASE_URL };
}

export class PlacesError extends Error {
  constructor(
    readonly failure: PlacesFailure,
    message = placesFailureDetail(failure),
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "PlacesError";
  }
}

/** The parts of a place (New) this app reads; which are present depends on the field mask. */
export interface Place {
  id: string;
  rating: number | null;
  userRatingCount: number | null;
  photos: PlacePhoto[];
  location: { latitude: number; longitude: number } | null;
  formattedAddress: string | null;
  businessStatus: string | null;
}

export interface PlacePhoto {
  /** 'places/{place id}/photos/{photo reference}': the media call's path. */
  name: string;
  widthPx: number | null;
  heightPx: number | null;
  authorAttributions: PhotoAttribution[];
}

export interface PlaceSearch {
  text: string;
  /** The activity's coordinates (else its city's centre); null: no bias. */
  near: LatLng | null;
  radiusMiles: number;
}

export interface PlacesClient {
  /** The best match for `search`, or null when Google finds none. */
  searchText(search: PlaceSearch, want: PlaceFields): Promise<Place | null>;
  /** The place with this id, or null when Google no longer knows it (404). */
  placeDetails(placeId: string, want: PlaceFields): Promise<Place | null>;
  /** The address of the photo `name` at most `maxWidthPx` wide. */
  photoUri(name: string, maxWidthPx: number): Promise<string>;
  /** Calls made so far (each attempt counts: Google bills them), for a job's record of what it spent. */
  readonly calls: number;
}

/** The client for `config`; `placesClient()` for the environment's. */
export function createPlacesClient(config: PlacesConfig): PlacesClient {
  const base = config.baseUrl.replace(/\/+$/, "");
  let calls = 0;

  async function call(path: string, options: HttpOptions & { fieldMask?: string }): Promise<unknown> {
    const backoffMs = config.backoffMs ?? PLACES_BACKOFF_MS;
    const delays = Array.from({ length: config.retries ?? PLACES_RETRIES }, (_, i) => backoffMs * 2 ** i);
    try {
      return await withRetries(async () => {
        calls++;
        const answer = await httpRequest(`${base}${path}`, {
          service: "places",
          ...options,
          headers: {
            accept: "application/json",
            "x-goog-api-key": config.apiKey,
            ...(options.fieldMask ? { "x-goog-fieldmask": options.fieldMask } : {}),
            ...options.headers,
          },
          timeoutMs: config.timeoutMs ?? PLACES_TIMEOUT_MS,
          maxBytes: PLACES_MAX_BYTES,
          // GOOGLE_PLACES_BASE_URL is the operator's (a proxy or the tests' fake may be private); see http.server.ts.
          allowPrivate: true,
        });
        const body = answer.json();
        if (body === undefined || body === null || typeof body !== "object") {
          throw new PlacesError("unavailable", `Google Places answered ${path} with something that is not JSON`);
        }
        return body;
      }, delays);
    } catch (error) {
      throw error instanceof HttpRequestError ? toPlacesError(error) : error;
    }
  }

  return {
    get calls() {
      return calls;
    },
    async searchText(search, want) {
      const body: Record<string, unknown> = { textQuery: search.text.slice(0, 500), pageSize: 1 };
      if (search.near) {
        body.locationBias = {
          circle: {
            center: { latitude: search.near.lat, longitude: search.near.lng },
            radius: biasRadiusMeters(search.radiusMiles),
          },
        };
      }
      const answer = await call("/v1/places:searchText", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        fieldMask: fieldMask(want, "search"),
      });
      const places = (answer as { places?: unknown }).places;
      if (places === undefined) return null; // Google leaves 'places' out when nothing matches.
      if (!Array.isArray(places)) throw new PlacesError("unavailable", "Google Places answered without a place list");
      return places.length > 0 ? toPlace(places[0]) : null;
    },
    async placeDetails(placeId, want) {
      try {
        const answer = await call(`/v1/places/${encodeURIComponent(placeId)}`, {
          fieldMask: fieldMask(want, "details"),
        });
        return toPlace(answer);
      } catch (error) {
        // A place id Google no longer knows (a closed business merged away) answers 404: search again instead.
        if (error instanceof PlacesError && error.status === 404) return null;
        throw error;
      }
    },
    async photoUri(name, maxWidthPx) {
      if (!/^places\/[^/?#]+\/photos\/[^/?#]+$/.test(name)) {
        throw new PlacesError("unavailable", "Google Places gave a photo name of an unknown shape");
      }
      const query = new URLSearchParams({ maxWidthPx: String(maxWidthPx), skipHttpRedirect: "true" });
      const answer = await call(`/v1/${name}/media?${query}`, {});
      const uri = (answer as { photoUri?: unknown }).photoUri;
      // Google's photo host is https; the configured base's own origin (a proxy, the tests' fake) may be http.
      const onBase = typeof uri === "string" && uri.startsWith(`${base}/`);
      if (typeof uri !== "string" || !(/^https:\/\//i.test(uri) || onBase) || uri.length > 2048) {
        throw new PlacesError("unavailable", "Google Places answered a photo without an https address");
      }
      return uri;
    },
  };
}

/** The environment's client, or null when Google Places is not configured. */
export function placesClient(): PlacesClient | null {
  const config = placesConfig();
  return config ? createPlacesClient(config) : null;
}

/**
 * Data quality's place lookup (app/domain/data-quality/location-check.ts FindPlace) on this client: Place Details for a known
 * id (a search when Google no longer knows it), else a Text Search round the activity; only the field the check
 * reads is asked for. Null when Google Places is not configured.
 */
export function placesFindPlace(client: PlacesClient | null = placesClient()): FindPlace | null {
  if (!client) return null;
  return async (query) => {
    const want = query.want;
    const place =
      (query.placeId ? await client.placeDetails(query.placeId, want) : null) ??
      (await client.searchText({ text: query.text, near: query.near, radiusMiles: query.radiusMiles }, want));
    if (!place) return null;
    return {
      id: place.id,
      location: place.location,
      businessStatus: place.businessStatus,
      formattedAddress: place.formattedAddress,
    };
  };
}

/** The environment's client; PlacesError('not_configured') without a key. */
export function requirePlacesClient(): PlacesClient {
  const client = placesClient();
  if (!client) throw new PlacesError("not_configured", PLACES_NOT_CONFIGURED_MESSAGE);
  return client;
}

function toPlacesError(error: HttpRequestError): PlacesError {
  const status = error.status;
  let failure: PlacesFailure = "unavailable";
  if (status === 429) failure = "quota";
  else if (status === 400 || status === 401 || status === 403) failure = "rejected";
  return new PlacesError(failure, placesFailureDetail(failure), status, { cause: error });
}

function text(v: unknown, max: number): string | null {
  return typeof v === "string" && v.trim() !== "" ? v.trim().slice(0, max) : null;
}

function toPlace(raw: unknown): Place {
  const p = (raw ?? {}) as Record<string, unknown>;
  const id = text(p.id, 512);
  if (!id) throw new PlacesError("unavailable", "Google Places answered a place without an id");
  const rating = typeof p.rating === "number" && p.rating >= 0 && p.rating <= 5 ? p.rating : null;
  const count =
    typeof p.userRatingCount === "number" && Number.isInteger(p.userRatingCount) && p.userRatingCount >= 0
      ? Math.min(p.userRatingCount, 2_147_483_647)
      : null;
  const photos = Array.isArray(p.photos) ? p.photos.map(toPhoto).filter((x): x is PlacePhoto => x !== null) : [];
  const at = (p.location ?? null) as { latitude?: unknown; longitude?: unknown } | null;
  const location =
    at && typeof at.latitude === "number" && typeof at.longitude === "number"
      ? { latitude: at.latitude, longitude: at.longitude }
      : null;
  return {
    id,
    rating,
    userRatingCount: count,
    photos,
    location,
    formattedAddress: text(p.formattedAddress, 500),
    businessStatus: text(p.businessStatus, 40),
  };
}

function toPhoto(raw: unknown): PlacePhoto | null {
  const p = (raw ?? {}) as Record<string, unknown>;
  const name = text(p.name, 1024);
  if (!name) return null;
  const size = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : null);
  const authors = Array.isArray(p.authorAttributions) ? p.authorAttributions : [];
  return {
    name,
    widthPx: size(p.widthPx),
    heightPx: size(p.heightPx),
    authorAttributions: authors
      .map((a): PhotoAttribution | null => {
        const author = (a ?? {}) as Record<string, unknown>;
        const displayName = text(author.displayName, 200);
        const uri = text(author.uri, 2048);
        if (!displayName) return null;
        return { displayName, uri: uri && /^https:\/\//i.test(uri) ? uri : null };
      })
      .filter((x): x is PhotoAttribution => x !== null)
      .slice(0, 5),
  };
}
