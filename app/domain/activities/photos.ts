// Which photo an activity shows (public-site §3 "Photo choice").
import { acceptsItem } from "../http/content-negotiation";
import { CARD_PHOTO_WIDTH_PX, PHOTO_MAX_WIDTH_PX } from "../places/places";
import { CATEGORY_NAMES } from "../taxonomy/taxonomy";
import { categorySlug } from "../taxonomy/slug";

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
 * The widths the photo service (/photos/{id}/{width}x{height}, app/routes/public/photo.ts) draws a photo at: a
 * phone's card, a card on a wide screen or a phone's detail page, and the full size the places service stores.
 */
export const PHOTO_WIDTHS = [400, CARD_PHOTO_WIDTH_PX, PHOTO_MAX_WIDTH_PX] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/**
 * The shapes pages show photos in, width ÷ height: a card's (app.css .activity-card-photo, 16:10) and the detail
 * page's (aspect-video, 16:9). The photo service crops to the shape (as object-cover does, about the centre), so
 * no pixel is sent that the page would hide: a 4:3 photo loses a sixth of its pixels on a card, a quarter on the
 * detail page.
 */
export const PHOTO_SHAPES = { card: 16 / 10, detail: 16 / 9 } as const;
export type PhotoShape = keyof typeof PHOTO_SHAPES;

/** A size the photo service draws: one of PHOTO_WIDTHS in one of PHOTO_SHAPES. */
export type PhotoSize = { width: PhotoWidth; height: number };

/** The size of `shape` at `width`. */
export function photoSize(width: PhotoWidth, shape: PhotoShape): PhotoSize {
  return { width, height: Math.round(width / PHOTO_SHAPES[shape]) };
}

/** Every size the photo service draws, as its address names it ("800x500"). */
const PHOTO_SIZE_NAMES: ReadonlyMap<string, PhotoSize> = new Map(
  PHOTO_WIDTHS.flatMap((width) =>
    (Object.keys(PHOTO_SHAPES) as PhotoShape[]).map((shape) => {
      const size = photoSize(width, shape);
      return [`${size.width}x${size.height}`, size] as const;
    }),
  ),
);

/** The size an address names ("800x500"), or null for one the photo service does not draw. */
export function parsePhotoSize(name: string): PhotoSize | null {
  return PHOTO_SIZE_NAMES.get(name) ?? null;
}

/**
 * The box a photo `source` pixels big is drawn in for `size`: the size itself, or, where the photo is smaller
 * (never enlarged), the largest box of the size's shape inside it.
 */
export function photoBox(
  source: { width: number; height: number },
  size: PhotoSize,
): { width: number; height: number } {
  const scale = Math.min(1, source.width / size.width, source.height / size.height);
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/** Whether a photo is another site's (drawn by the photo service) rather than one of the site's own pictures. */
function remote(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}

/**
 * Where the photo service fetches the photo it draws at `width`: the photo choice, or its card-width copy when
 * that is the first Google photo's and wide enough; null when the choice is one of the site's own pictures.
 */
export function photoServiceSource(a: PhotoFields, width: PhotoWidth): string | null {
  const { url, source } = photoChoice(a);
  if (!remote(url)) return null;
  const copy = a.googleCardPhoto;
  if (source === "google" && url === a.googlePhotos?.[0] && present(copy) && width <= CARD_PHOTO_WIDTH_PX) return copy;
  return url;
}

/**
 * A short fingerprint of a photo's source address (32-bit FNV-1a, base 36): the photo service's address changes
 * with its source, so browsers and CDNs may keep each address for good.
 */
export function photoVersion(source: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) hash = Math.imul(hash ^ source.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** The photo service's address of an activity's photo at `size`, versioned by its source. */
export function photoServicePath(id: number, size: PhotoSize, source: string): string {
  return `/photos/${id}/${size.width}x${size.height}?v=${photoVersion(source)}`;
}

/**
 * The formats the photo service sends: AVIF to a browser that names it, WebP to every other that says it takes
 * it, JPEG to anything else.
 */
export type PhotoFormat = "avif" | "webp" | "jpeg";

/**
 * The format for a request's Accept header: AVIF when it takes image/avif by name (browsers that decode it say so;
 * the image wildcard does not count, as an older decoder may send it); else WebP when it takes image/webp, by name
 * or through the image wildcard; a client that takes any type without naming images (crawlers do) gets JPEG.
 */
export function photoFormat(accept: string | null): PhotoFormat {
  if (!accept) return "jpeg";
  if (acceptsItem(accept, ["image/avif"])) return "avif";
  return acceptsItem(accept, ["image/webp"], "image/*") ? "webp" : "jpeg";
}

/**
 * The photo choice as an image's sources. Another site's photo (Google's, a custom or imported one) comes from the
 * photo service, which fetches it once and sends it re-encoded (AVIF or WebP) at each of PHOTO_WIDTHS from this
 * site: a phone opens no connection to another host and downloads a fraction of the original's bytes. `src` (for
 * browsers without srcset) is the card's width on a card, the full size on the detail page. The site's own
 * pictures (the category illustrations) are sent as they are.
 */
function photoSources(a: PhotoFields & { id: number }, shown: "card" | "detail"): PhotoSources {
  const { url } = photoChoice(a);
  if (!remote(url)) return { src: url };
  const at = (width: PhotoWidth) =>
    photoServicePath(a.id, photoSize(width, shown), photoServiceSource(a, width) ?? url);
  return {
    src: at(shown === "card" ? CARD_PHOTO_WIDTH_PX : PHOTO_MAX_WIDTH_PX),
    srcSet: PHOTO_WIDTHS.map((width) => `${at(width)} ${width}w`).join(", "),
  };
}

/** A card's photo sources (drawn at CARD_PHOTO_SIZES). */
export function cardPhotoSources(a: PhotoFields & { id: number }): PhotoSources {
  return photoSources(a, "card");
}

/** The detail page's photo sources (drawn at DETAIL_PHOTO_SIZES). */
export function detailPhotoSources(a: PhotoFields & { id: number }): PhotoSources {
  return photoSources(a, "detail");
}

/** The card's photo address (cardPhotoSources' src): what cards, embeds and the admin list show. */
export function cardPhoto(a: PhotoFields & { id: number }): string {
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
