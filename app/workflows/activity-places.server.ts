// The two per-activity operations of the places service (admin §2 'Activities tab': Fetch/Refresh Rating and
// 'fetch photos (about $0.04)'). The card's form posts, the §7 API routes (fetch-google-rating,
// refresh-google-rating, fetch-google-photos, refresh-photos) and the bulk jobs (app/jobs/) all call these.
//
// The place: by the stored googlePlaceId through Place Details (no search to pay for); else — or when Google no
// longer knows that id — a Text Search for the title and address round the activity's coordinates, whose id is
// stored for next time.
import { placeQuery } from "~/domain/data-quality/location-check";
import {
  CARD_PHOTO_WIDTH_PX,
  MAX_PHOTOS_PER_ACTIVITY,
  PHOTO_MAX_WIDTH_PX,
  type PhotosOutcome,
  type PlaceFields,
  type RatingOutcome,
} from "~/domain/places/places";
import { photoChoice, type PhotoChoiceSource } from "~/domain/activities/photos";
import { hybridPhotosEnabled } from "~/data/photo-settings.server";
import {
  activityForPlaces,
  activityPhotoFields,
  savePhotos,
  savePlaceId,
  saveRating,
  type ActivityForPlaces,
} from "~/data/activity-places.server";
import { PlacesError, placesClient, type Place, type PlacesClient } from "~/services/google-places.server";

/** An operation's answer: the outcome, or that the activity does not exist. */
export type PlacesResult<T> = { activity: { id: number; title: string }; outcome: T } | { activity: null };

async function findPlace(client: PlacesClient, activity: ActivityForPlaces, want: PlaceFields): Promise<Place | null> {
  const query = placeQuery(activity, "location");
  if (query.placeId) {
    const known = await client.placeDetails(query.placeId, want);
    if (known) return known;
  }
  const found = await client.searchText({ text: query.text, near: query.near, radiusMiles: query.radiusMiles }, want);
  if (found && found.id !== activity.googlePlaceId) await savePlaceId(activity.id, found.id);
  return found;
}

function failure(error: unknown): { kind: "failed"; failure: PlacesError["failure"] } {
  if (error instanceof PlacesError) return { kind: "failed", failure: error.failure };
  throw error;
}

/** Fetches (or refreshes) one activity's Google rating and review count and stores them. */
export async function fetchActivityRating(
  activityId: number,
  client: PlacesClient | null = placesClient(),
): Promise<PlacesResult<RatingOutcome>> {
  const activity = await activityForPlaces(activityId);
  if (!activity) return { activity: null };
  const named = { id: activity.id, title: activity.title };
  if (!client) return { activity: named, outcome: { kind: "failed", failure: "not_configured" } };
  try {
    const place = await findPlace(client, activity, "rating");
    if (!place || place.rating === null) return { activity: named, outcome: { kind: "none" } };
    const saved = await saveRating(activity.id, {
      placeId: place.id,
      rating: place.rating,
      reviewCount: place.userRatingCount,
    });
    if (!saved) return { activity: null };
    return { activity: named, outcome: { kind: "found", rating: place.rating, reviewCount: place.userRatingCount } };
  } catch (error) {
    return { activity: named, outcome: failure(error) };
  }
}

/** Fetches (or refreshes) one activity's Google photos, with their credits, and stores them. */
export async function fetchActivityPhotos(
  activityId: number,
  client: PlacesClient | null = placesClient(),
): Promise<PlacesResult<PhotosOutcome>> {
  const activity = await activityForPlaces(activityId);
  if (!activity) return { activity: null };
  const named = { id: activity.id, title: activity.title };
  if (!client) return { activity: named, outcome: { kind: "failed", failure: "not_configured" } };
  try {
    const place = await findPlace(client, activity, "photos");
    const chosen = (place?.photos ?? []).slice(0, MAX_PHOTOS_PER_ACTIVITY);
    if (!place || chosen.length === 0) return { activity: named, outcome: { kind: "none" } };
    const photos = [];
    for (const photo of chosen) {
      photos.push({
        uri: await client.photoUri(photo.name, PHOTO_MAX_WIDTH_PX),
        attributions: photo.authorAttributions,
      });
    }
    const cardUri = await client.photoUri(chosen[0]!.name, CARD_PHOTO_WIDTH_PX);
    if (!(await savePhotos(activity.id, { placeId: place.id, photos, cardUri }))) return { activity: null };
    return { activity: named, outcome: { kind: "found", count: photos.length } };
  } catch (error) {
    return { activity: named, outcome: failure(error) };
  }
}

/** What a hybrid fetch came to: refused while the toggle is off, no such activity, or the fetch and its answer. */
export type HybridPhotosResult =
  | { kind: "disabled" }
  | { kind: "not_found" }
  | {
      kind: "fetched";
      activity: { id: number; title: string };
      outcome: PhotosOutcome;
      /** Google photos fetched now (0 when Google has none or the call failed). */
      photoCount: number;
      /** Where the photo visitors see comes from after the fetch (photos.ts photoChoice). */
      source: PhotoChoiceSource;
    };

/**
 * Hybrid photos for one activity (admin §7 fetch-hybrid-photos, the Settings tab's Test Single Activity): only
 * while the toggle is on; the Google photos are fetched beside the activity's own photo, which stays as it is
 * (domain/places/places.ts 'The hybrid photo system').
 */
export async function fetchHybridPhotos(
  activityId: number,
  client: PlacesClient | null = placesClient(),
): Promise<HybridPhotosResult> {
  if (!(await hybridPhotosEnabled())) return { kind: "disabled" };
  const answer = await fetchActivityPhotos(activityId, client);
  if (!answer.activity) return { kind: "not_found" };
  const fields = await activityPhotoFields(activityId);
  if (!fields) return { kind: "not_found" };
  return {
    kind: "fetched",
    activity: answer.activity,
    outcome: answer.outcome,
    photoCount: answer.outcome.kind === "found" ? answer.outcome.count : 0,
    source: photoChoice(fields).source,
  };
}
