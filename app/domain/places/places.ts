// The rules of the places service (admin §2 'Activities tab', §8, §9): what each Google Places (New) call asks
// for, what it costs, and which toast each outcome becomes. The client is app/services/google-places.server.ts.
//
// Google bills a Places call by the most expensive field its field mask names, so every call names only the
// fields this app reads: the id (free) plus the rating fields for a rating, plus the photos for photos.

import { countOf } from "../counts";
import type { Toast as AnyToast } from "../admin/toast";

/** Dollars per activity for fetching its photos (admin §9 'fetch photos (about $0.04)'). */
export const PHOTO_FETCH_COST = 0.04;
/** Google photos kept per activity: the first is the card's and the detail page's, the rest wait for a gallery. */
export const MAX_PHOTOS_PER_ACTIVITY = 3;
/** The width photos are requested at: the detail page's photo. */
export const PHOTO_MAX_WIDTH_PX = 1200;
/**
 * The width the first photo is requested at a second time, for cards: a card is at most half a wide screen or a
 * phone's whole width, so 800 pixels are sharp on most phones; screens that need more take the full size through
 * the card's srcset (domain/activities/photos.ts cardPhotoSources). One more photo call per activity (about $0.007).
 */
export const CARD_PHOTO_WIDTH_PX = 800;
/** Text Search's location bias is a circle of at most 50 km. */
export const MAX_BIAS_RADIUS_METERS = 50_000;
const METERS_PER_MILE = 1609.344;

/** What a lookup reads from a place: a rating, photos, or for data quality (admin §2) a location or a status. */
export type PlaceFields = "rating" | "photos" | "location" | "businessStatus";

const FIELDS: Record<PlaceFields, readonly string[]> = {
  rating: ["id", "rating", "userRatingCount"],
  photos: ["id", "photos"],
  location: ["id", "location", "formattedAddress"],
  businessStatus: ["id", "businessStatus"],
};

/**
 * The X-Goog-FieldMask for a call: Place Details names the place's fields ('id,rating'), Text Search names them
 * under 'places.' ('places.id,places.rating').
 */
export function fieldMask(want: PlaceFields, call: "search" | "details"): string {
  return FIELDS[want].map((f) => (call === "search" ? `places.${f}` : f)).join(",");
}

/** The circle a search is biased to: round the activity's coordinates, within Google's 50 km limit. */
export function biasRadiusMeters(radiusMiles: number): number {
  return Math.min(MAX_BIAS_RADIUS_METERS, Math.max(1, Math.round(radiusMiles * METERS_PER_MILE)));
}

/** What fetching photos for `count` activities costs, in dollars rounded to the cent (admin §9). */
export function photoFetchCost(count: number): number {
  return Math.round(Math.max(0, count) * PHOTO_FETCH_COST * 100) / 100;
}

/** '$0.04', '$1.20', '$1,984.00'. */
export function formatCost(amount: number): string {
  return `$${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The confirmation's words for a photo fetch (admin §9: the per-item cost and the total for the selection). */
export function photoCostSummary(count: number): string {
  const items = count === 1 ? "1 activity" : `${count.toLocaleString("en-US")} activities`;
  return `About ${formatCost(PHOTO_FETCH_COST)} per activity: about ${formatCost(photoFetchCost(count))} for ${items}.`;
}

/** Admin §9: 'Bulk rating refresh may take several minutes and use significant quota.' */
export const RATING_REFRESH_WARNING = "Refreshing ratings may take several minutes and use significant quota.";

/** Why a places call failed, as the client reports it. */
export type PlacesFailure =
  /** No GOOGLE_PLACES_API_KEY. */
  | "not_configured"
  /** 429 after the retries: the quota is spent for now. */
  | "quota"
  /** 400/401/403: the key is refused, or the API is not enabled for it. */
  | "rejected"
  /** 5xx after the retries, a timeout, no answer, or an answer that is not what the protocol says. */
  | "unavailable";

export const PLACES_NOT_CONFIGURED_MESSAGE =
  "Google Places is not configured: set GOOGLE_PLACES_API_KEY to fetch ratings and photos.";

const FAILURE_DETAIL: Record<PlacesFailure, string> = {
  not_configured: PLACES_NOT_CONFIGURED_MESSAGE,
  quota: "Google Places quota is used up for now; try again later.",
  rejected: "Google Places refused the API key (is the Places API (New) enabled for it?).",
  unavailable: "Google Places did not answer; try again later.",
};

/** The places calls' toasts always say what happened (the admin API sends the description as its message). */
type Toast = AnyToast & { description: string };

/** A sentence saying why a places call failed, for toasts and a job's error. */
export function placesFailureDetail(failure: PlacesFailure): string {
  return FAILURE_DETAIL[failure];
}

/** What fetching one activity's rating came to. */
export type RatingOutcome =
  | { kind: "found"; rating: number; reviewCount: number | null }
  | { kind: "none" }
  | { kind: "failed"; failure: PlacesFailure };

/** What fetching one activity's photos came to. */
export type PhotosOutcome =
  { kind: "found"; count: number } | { kind: "none" } | { kind: "failed"; failure: PlacesFailure };

/** The toast after Fetch/Refresh Rating on a card (admin §8 'Failed to fetch Google rating', 'No Rating Found'). */
export function ratingToast(title: string, outcome: RatingOutcome): Toast {
  switch (outcome.kind) {
    case "found": {
      const reviews =
        outcome.reviewCount === null ? "" : ` from ${outcome.reviewCount.toLocaleString("en-US")} reviews`;
      return { title: "Rating updated", description: `"${title}" is rated ${outcome.rating.toFixed(1)}${reviews}.` };
    }
    case "none":
      return { title: "No Rating Found", description: `Google has no rating for "${title}".` };
    case "failed":
      return {
        title: "Error",
        description: `Failed to fetch Google rating. ${placesFailureDetail(outcome.failure)}`,
        variant: "destructive",
      };
  }
}

/** The toast after 'fetch photos' on a card (admin §8 'No Photos Found', 'Enhancement Failed'). */
export function photosToast(title: string, outcome: PhotosOutcome): Toast {
  switch (outcome.kind) {
    case "found":
      return {
        title: "Photos updated",
        description: `Saved ${countOf(outcome.count, "Google photo", "Google photos")} for "${title}".`,
      };
    case "none":
      return { title: "No Photos Found", description: `Google has no photos for "${title}".` };
    case "failed":
      return { title: "Enhancement Failed", description: placesFailureDetail(outcome.failure), variant: "destructive" };
  }
}

/** The spec's failure toast for a bulk job that could not start or stopped (admin §8). */
export function bulkFailureToast(kind: "ratings" | "photos", detail: string): Toast {
  return {
    title: "Error",
    description: `${kind === "ratings" ? "Failed to bulk refresh ratings" : "Failed to bulk fetch photos"}. ${detail}`,
    variant: "destructive",
  };
}

/** One photo's credit, as Google gives it (authorAttributions): shown with the photo, as Google's terms ask. */
export interface PhotoAttribution {
  displayName: string;
  uri: string | null;
}

/** The HTTP status the §7 API answers for a places failure: 503 not configured, 429 quota, 502 Google's fault. */
export function failureStatus(failure: PlacesFailure): number {
  if (failure === "not_configured") return 503;
  if (failure === "quota") return 429;
  return 502;
}

// --- The hybrid photo system (admin §2 'Settings tab' Photo Enhancement System, §4, §7 fetch-hybrid-photos) ---
//
// "Hybrid photos": an activity keeps its own photo fields (image, custom photo, photo source) untouched and gets
// its Google photos fetched beside them; what visitors see stays public-site §3's photo choice (photos.ts
// photoChoice), and the API's `source` names which photo that is. The toggle gates the per-activity fetch (the API
// and Test Single Activity); its yearly cost is what keeping each activity's Google photos fresh is estimated at.

/** Dollars per activity per year with hybrid photos on (admin §9 'about $0.096 per activity per year'). */
export const HYBRID_PHOTO_COST_PER_YEAR = 0.096;

/** What hybrid photos cost a year for `count` activities, in dollars rounded to the cent (716 → 68.74). */
export function hybridPhotoYearlyCost(count: number): number {
  return Math.round(Math.max(0, count) * HYBRID_PHOTO_COST_PER_YEAR * 100) / 100;
}

/** The enabling confirmation's cost warning: the per-activity rate and the total for the activities there are. */
export function hybridCostSummary(count: number): string {
  const items = count === 1 ? "1 activity" : `${count.toLocaleString("en-US")} activities`;
  // $0.096: the rate has a third decimal, which formatCost would round away.
  return `About $${HYBRID_PHOTO_COST_PER_YEAR} per activity per year: about ${formatCost(hybridPhotoYearlyCost(count))} a year for ${items}.`;
}

/** Admin §8 'Feature Disabled' (hybrid photos not enabled): the API's message and the Test button's toast. */
export const HYBRID_DISABLED_MESSAGE = "Hybrid photos are not enabled. Enable them in Settings first.";

/** The Photo Enhancement System's toasts (admin §8: 'Enhancement Failed', 'Feature Disabled', 'No Test Activity
 * Found', 'Test Failed'). */
export const PHOTO_ENHANCEMENT_TOASTS = {
  enabled: { title: "Hybrid Photos Enabled", description: "Test Single Activity is now available." },
  disabled: { title: "Hybrid Photos Disabled", description: "Activities keep the photos they have." },
  featureDisabled: { title: "Feature Disabled", description: HYBRID_DISABLED_MESSAGE, variant: "destructive" },
  noTestActivity: {
    title: "No Test Activity Found",
    description: "Every activity already has Google photos.",
    variant: "destructive",
  },
} as const satisfies Record<string, Toast>;

/** 'Enhancement Failed': Bulk Enhance could not start. */
export function enhancementFailedToast(detail: string): Toast {
  return { title: "Enhancement Failed", description: detail, variant: "destructive" };
}

/** 'Test Failed', with the reason. */
export function testFailedToast(detail: string): Toast {
  return { title: "Test Failed", description: detail, variant: "destructive" };
}

/** The toast after Test Single Activity: the activity and its photo count, or 'Test Failed' with the reason. */
export function hybridTestToast(title: string, outcome: PhotosOutcome): Toast {
  switch (outcome.kind) {
    case "found":
      return {
        title: "Test Succeeded",
        description: `Fetched ${countOf(outcome.count, "Google photo", "Google photos")} for "${title}".`,
      };
    case "none":
      return testFailedToast(`Google has no photos for "${title}".`);
    case "failed":
      return testFailedToast(placesFailureDetail(outcome.failure));
  }
}
