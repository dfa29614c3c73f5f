// City images from the free stock photo service (admin §2 'Cities tab': Fetch Image, Browse Images and the city
// image picker; §8; §9 'free image source 5,000 requests per month'). Unsplash's API guidelines ask for the
// photographer's credit wherever a photo is shown, linking to them and to Unsplash with the app's referral tags.
import { withSearchParams } from "../http/urls";

/** Unsplash's free (demo) plan: requests per hour are what limits; the spec states the monthly figure. */
export const FREE_IMAGE_REQUESTS_PER_MONTH = 5_000;
/** Photos the picker offers at once. */
export const IMAGE_OPTIONS_COUNT = 12;

export const CITY_IMAGE_MESSAGES = {
  notConfigured: "Unsplash is not configured: set UNSPLASH_ACCESS_KEY to fetch city images.",
  setFailed: "Failed to set featured image",
  selectFailed: "Failed to set selected image",
  optionsFailed: "Failed to fetch image options",
  /** Fetch Image found nothing. */
  noImages: (city: string) => `No images found for ${city}. Try again later or set an image URL in Edit.`,
  /** The picker's empty state (admin §2: 'a message suggesting the Fetch Image button'). */
  noImageOptions: (city: string) => `No images found for ${city}. Try the Fetch Image button.`,
  set: (city: string) => `Featured image updated for ${city}`,
} as const;

/** What the search for a city's photos asks for: the city's name and state, as a traveller would search. */
export function cityImageQuery(city: { displayName: string; state: string }): string {
  return [city.displayName, city.state].filter(Boolean).join(" ");
}

/** A photo as the picker and the credit show it. */
export interface StockPhoto {
  id: string;
  /** The image to store (about 1080 px wide). */
  url: string;
  /** A small version for the picker. */
  thumbUrl: string;
  description: string;
  photographer: string;
  photographerUrl: string;
  /** The photo's download-tracking endpoint, called when it is chosen (Unsplash's guideline). */
  downloadLocation: string;
}

const REFERRAL = { utm_source: "things_to_do", utm_medium: "referral" };

/** A link to Unsplash (or a photographer there) with the referral tags the guidelines ask for. */
export function unsplashLink(url = "https://unsplash.com/"): string {
  return withSearchParams(url, REFERRAL);
}
