// The Cities tab's image actions (admin §2 'Cities tab', §7 cities/{id}/featured-image, image-options,
// set-featured-image): Fetch Image takes the stock photo service's best photo for the city, Browse Images lists
// photos to choose from, and a choice becomes the featured image with its photographer's credit. The page's
// actions and the API routes both call these.
import type { City } from "~/generated/prisma/client";
import { getCity, setCityFeaturedImage } from "~/data/cities.server";
import type { Outcome } from "~/data/outcome.server";
import {
  cityImageQuery,
  CITY_IMAGE_MESSAGES,
  IMAGE_OPTIONS_COUNT,
  type StockPhoto,
} from "~/domain/taxonomy/city-image";
import { getPhoto, searchPhotos, trackDownload, UnsplashError } from "~/services/unsplash.server";

const NOT_FOUND = { ok: false, reason: "not-found" } as const;

function refusal(error: unknown, fallback: string) {
  if (error instanceof UnsplashError) {
    const message =
      error.reason === "not_configured" ? CITY_IMAGE_MESSAGES.notConfigured : `${fallback}: ${error.message}`;
    return { ok: false, reason: "refused", message } as const;
  }
  throw error;
}

async function featureStockPhoto(cityId: string, photo: StockPhoto, by?: string): Promise<Outcome<City>> {
  const outcome = await setCityFeaturedImage(
    cityId,
    { url: photo.url, creditName: photo.photographer, creditUrl: photo.photographerUrl },
    by,
  );
  // Counted as a download only once it is really used; a failed count does not undo the choice.
  if (outcome.ok) await trackDownload(photo).catch((error) => console.warn("Unsplash download tracking:", error));
  return outcome;
}

/** Fetch Image: the first photo the search finds for the city. */
export async function fetchCityImage(cityId: string, by?: string): Promise<Outcome<City>> {
  const city = await getCity(cityId);
  if (!city) return NOT_FOUND;
  try {
    const [best] = await searchPhotos(cityImageQuery(city), 1);
    if (!best) return { ok: false, reason: "refused", message: CITY_IMAGE_MESSAGES.noImages(city.displayName) };
    return await featureStockPhoto(cityId, best, by);
  } catch (error) {
    return refusal(error, CITY_IMAGE_MESSAGES.setFailed);
  }
}

/** Browse Images: photos to choose from (an empty list is an answer, not an error). */
export async function cityImageOptions(
  cityId: string,
): Promise<Outcome<{ city: Omit<City, "updatedBy">; photos: StockPhoto[] }>> {
  const city = await getCity(cityId);
  if (!city) return NOT_FOUND;
  try {
    return { ok: true, value: { city, photos: await searchPhotos(cityImageQuery(city), IMAGE_OPTIONS_COUNT) } };
  } catch (error) {
    return refusal(error, CITY_IMAGE_MESSAGES.optionsFailed);
  }
}

/**
 * The picker's choice: a photo of the service by its id (its URL and credit are asked of the service, not taken
 * from the form), or — from API clients, as §7 names it — any https image URL, which has no credit.
 */
export async function setCityImage(
  cityId: string,
  choice: { photoId: string } | { imageUrl: string },
  by?: string,
): Promise<Outcome<City>> {
  if (!(await getCity(cityId))) return NOT_FOUND;
  if ("imageUrl" in choice)
    return setCityFeaturedImage(cityId, { url: choice.imageUrl, creditName: null, creditUrl: null }, by);
  try {
    return await featureStockPhoto(cityId, await getPhoto(choice.photoId), by);
  } catch (error) {
    return refusal(error, CITY_IMAGE_MESSAGES.selectFailed);
  }
}
