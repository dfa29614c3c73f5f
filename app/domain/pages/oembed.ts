// oEmbed 1.0 (oembed.com) for the embed card (issue #29): a publishing tool given any public activity URL asks
// GET /oembed?url=… and gets the card's iframe as a 'rich' answer.
import { absoluteUrl } from "../seo/structured-data";

/** Which activity a public path names: by id ('/activity/{id}', a legacy '/{city}/{id}'), or by city and slug. */
export type ActivityRef = { id: string } | { cityId: string; activitySlug: string };

/**
 * The activity any of its public path shapes names (public-site §2): '{prefix}/{city}/things-to-do/{slug}',
 * the short '{prefix}/{city}/{slug}', the prefix-less '/{city}/things-to-do/{slug}' and '/{city}/{slug}',
 * '/activity/{id or title}', and each of them after '/embed'. A short shape whose last segment is a tag or a
 * category slug names no activity; the caller finds none by that slug. Null for any other path.
 */
export function activityRefOfPath(pathname: string): ActivityRef | null {
  let segments: string[];
  try {
    segments = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null; // broken percent-encoding
  }
  if (segments[0] === "embed") segments = segments.slice(1);
  const [a, b, c, d, e, ...rest] = segments;
  if (rest.length > 0) return null;
  if (segments.length === 2 && a === "activity") return { id: b! };
  if (segments.length === 2) return /^\d{1,9}$/.test(b!) ? { id: b! } : { cityId: a!, activitySlug: b! };
  if (segments.length === 3 && b === "things-to-do") return { cityId: a!, activitySlug: c! };
  if (segments.length === 4 && d !== "things-to-do" && d !== "guide") return { cityId: c!, activitySlug: d! };
  if (segments.length === 5 && d === "things-to-do") return { cityId: c!, activitySlug: e! };
  return null;
}

/** The card's frame when the consumer sets no bound: as wide as the card, as high as the spec's iframe (650). */
export const OEMBED_DEFAULT_SIZE = { width: 480, height: 650 } as const;

/** How long a consumer may keep an answer (seconds); the frame always shows the card as it is now. */
export const OEMBED_CACHE_AGE_S = 3600;

/** The frame's size within the consumer's `maxwidth` and `maxheight`. */
export function oembedSize(bounds: { maxwidth?: number; maxheight?: number }): { width: number; height: number } {
  return {
    width: Math.min(OEMBED_DEFAULT_SIZE.width, bounds.maxwidth ?? Infinity),
    height: Math.min(OEMBED_DEFAULT_SIZE.height, bounds.maxheight ?? Infinity),
  };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export interface OembedCard {
  title: string;
  /** The embed card's absolute URL. */
  embedUrl: string;
  /** An absolute photo URL and its size, when the activity has a photo of its own. */
  thumbnail?: { url: string; width: number; height: number };
}

export type OembedRich = {
  version: "1.0";
  type: "rich";
  title: string;
  provider_name: string;
  provider_url: string;
  cache_age: number;
  html: string;
  width: number;
  height: number;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
};

/** The oEmbed 'rich' answer: the card's iframe at `size`. */
export function oembedRich(
  card: OembedCard,
  provider: { name: string; url: string },
  size: { width: number; height: number },
): OembedRich {
  const html =
    `<iframe src="${escapeAttribute(card.embedUrl)}" width="${size.width}" height="${size.height}" ` +
    `style="border:0;max-width:100%" loading="lazy" title="${escapeAttribute(card.title)}"></iframe>`;
  return {
    version: "1.0",
    type: "rich",
    title: card.title,
    provider_name: provider.name,
    provider_url: provider.url,
    cache_age: OEMBED_CACHE_AGE_S,
    html,
    width: size.width,
    height: size.height,
    ...(card.thumbnail
      ? {
          thumbnail_url: card.thumbnail.url,
          thumbnail_width: card.thumbnail.width,
          thumbnail_height: card.thumbnail.height,
        }
      : {}),
  };
}

/** The discovery link's address for a page whose canonical URL is `pageUrl` (oEmbed §4). */
export function oembedDiscoveryHref(origin: string, pageUrl: string): string {
  return absoluteUrl(origin, `/oembed?${new URLSearchParams({ url: pageUrl, format: "json" })}`);
}
