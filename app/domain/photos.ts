// Which photo an activity shows (public-site §3 "Photo choice").
import { CARD_PHOTO_WIDTH_PX, PHOTO_MAX_WIDTH_PX } from "./places";
import { CATEGORY_NAMES } from "./taxonomy";
import { categorySlug } from "./slug";

export type PhotoFields = {
  photoSource: string | null;
  customPhotoUrl: string | null;
  googlePhotos: readonly string[] | null;
  /** The first Google photo at card width, when it was fetched (CARD_PHOTO_WIDTH_PX). */
  googleCardPhoto?: string | null;
  image: string | null;
  category: string | null;
};

/** The generic picture: what the seed stores as an activity's image, and what an unknown category shows. */
export const DEFAULT_ACTIVITY_IMAGE = "/images/default-activity.svg";

/** The built-in categories that have their own illustration ('All' is a filter, not an activity's category). */
const ILLUSTRATED_SLUGS: ReadonlySet<string> = new Set(CATEGORY_NAMES.map(categorySlug));

function present(url: string | null | undefined): url is string {
  return typeof url === "string" && url.trim() !== "";
}

/**
 * The category's illustration, '/images/categories/{category slug}.svg'; a category added by an admin has
 * none, so it gets the default image.
 */
export function categoryIllustration(category: string | null | undefined): string {
  const slug = present(category) ? categorySlug(category) : "";
  return ILLUSTRATED_SLUGS.has(slug) ? `/images/categories/${slug}.svg` : DEFAULT_ACTIVITY_IMAGE;
}

/**
 * Where the shown photo comes from: the custom photo, a Google photo, the activity's original image, or the
 * category's illustration ('default'). The hybrid photo answer's `source` (admin §7 fetch-hybrid-photos).
 */
export type PhotoChoiceSource = "custom" | "google" | "original" | "default";

/**
 * The custom photo if the source is custom and it is set; else the first Google photo; else the custom
 * photo; else the image. An image that is empty or only the generic default says nothing about the place,
 * so the category's illustration stands in for it (until the places service fills real photos).
 */
export function photoChoice(a: PhotoFields): { url: string; source: PhotoChoiceSource } {
  if (a.photoSource === "custom" && present(a.customPhotoUrl)) return { url: a.customPhotoUrl, source: "custom" };
  const google = (a.googlePhotos ?? []).find(present);
  if (google) return { url: google, source: "google" };
  if (present(a.customPhotoUrl)) return { url: a.customPhotoUrl, source: "custom" };
  if (present(a.image) && a.image.trim() !== DEFAULT_ACTIVITY_IMAGE) return { url: a.image, source: "original" };
  return { url: categoryIllustration(a.category), source: "default" };
}

/**
 * How wide a card is drawn: the whole width below 640 px, where the grids have one column; at most half the
 * window from there (two columns, or more on wide screens).
 */
export const CARD_PHOTO_SIZES = "(min-width: 640px) 50vw, 100vw";

/** How wide the detail page draws its photo: the page's 1,024-pixel column, or the whole width below it. */
export const DETAIL_PHOTO_SIZES = "(min-width: 1024px) 1024px, 100vw";

export type PhotoSources = { src: string; srcSet?: string };

/**
 * The photo choice as an image's sources: when it is the first Google photo and its card-width copy was fetched,
 * both sizes as a srcset, so a phone downloads less than half the bytes and a screen that needs more still gets
 * the full size; `src` (for browsers without srcset) is the copy on a card, the full size on the detail page.
 */
function photoSources(a: PhotoFields, shown: "card" | "detail"): PhotoSources {
  const { url, source } = photoChoice(a);
  if (source !== "google" || url !== a.googlePhotos?.[0] || !present(a.googleCardPhoto)) return { src: url };
  return {
    src: shown === "card" ? a.googleCardPhoto : url,
    srcSet: `${a.googleCardPhoto} ${CARD_PHOTO_WIDTH_PX}w, ${url} ${PHOTO_MAX_WIDTH_PX}w`,
  };
}

/** A card's photo sources (drawn at CARD_PHOTO_SIZES). */
export function cardPhotoSources(a: PhotoFields): PhotoSources {
  return photoSources(a, "card");
}

/** The detail page's photo sources (drawn at DETAIL_PHOTO_SIZES). */
export function detailPhotoSources(a: PhotoFields): PhotoSources {
  return photoSources(a, "detail");
}

/** The card's photo address (cardPhotoSources' src): what cards, embeds and the admin list show. */
export function cardPhoto(a: PhotoFields): string {
  return cardPhotoSources(a).src;
}

/** After an image load error: the custom photo if any, else the default image (the category's illustration). */
export function photoFallback(a: Pick<PhotoFields, "customPhotoUrl" | "category">): string {
  return present(a.customPhotoUrl) ? a.customPhotoUrl : categoryIllustration(a.category);
}

/**
 * What to try, in order, when `shown` fails to load: the fallback, then — should the custom photo fail too —
 * the category's illustration. Addresses equal to one already tried are left out, so a broken custom photo
 * is not retried.
 */
export function photoFallbacks(a: Pick<PhotoFields, "customPhotoUrl" | "category">, shown: string): string[] {
  const tried = new Set([shown]);
  const next: string[] = [];
  for (const url of [photoFallback(a), categoryIllustration(a.category)]) {
    if (!tried.has(url)) next.push(url);
    tried.add(url);
  }
  return next;
}

/** One photo's credit (Google's authorAttributions): shown with the photo, as Google's terms ask. */
export interface PhotoCredit {
  displayName: string;
  uri: string | null;
}

/**
 * The credits of the photo shown when it is one of the activity's Google photos (googlePhotoAttributions lists
 * each photo's, in googlePhotos' order); none for any other photo. Read defensively: the column is JSON.
 */
export function photoCredits(
  a: { googlePhotos: readonly string[] | null; googlePhotoAttributions?: unknown },
  shown: string,
): PhotoCredit[] {
  const index = (a.googlePhotos ?? []).indexOf(shown);
  const all = Array.isArray(a.googlePhotoAttributions) ? a.googlePhotoAttributions : [];
  const credits: unknown = index >= 0 ? all[index] : undefined;
  if (!Array.isArray(credits)) return [];
  return credits.flatMap((c: unknown) => {
    const { displayName, uri } = (c ?? {}) as { displayName?: unknown; uri?: unknown };
    if (typeof displayName !== "string" || displayName.trim() === "") return [];
    return [{ displayName, uri: typeof uri === "string" && /^https:\/\//i.test(uri) ? uri : null }];
  });
}

/**
 * The credits of the photo a card shows (those of the photo choice, whose card-width copy it may show): the
 * server sends them with the card.
 */
export function cardPhotoCredits(a: PhotoFields & { googlePhotoAttributions?: unknown }): PhotoCredit[] {
  return photoCredits(a, photoChoice(a).url);
}
