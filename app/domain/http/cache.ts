// HTTP caching of public reads (public-site §7 cache times; ARCHITECTURE "Scale": a CDN absorbs reads).

export const MINUTE_S = 60;

/** Browsers and shared caches keep the answer `seconds`, then may serve it stale as long again while refreshing. */
export function publicCacheControl(seconds: number): string {
  return `public, max-age=${seconds}, s-maxage=${seconds}, stale-while-revalidate=${seconds}`;
}

export const PRIVATE_NO_STORE = "private, no-store";
export const PUBLIC_PAGE_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
export const PUBLIC_API_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";

/**
 * The city activities page and its category and tag variants: browsers always ask again (a filter change is a
 * new URL anyway, and Back must show the current list), the CDN keeps each URL five minutes.
 */
export const CITY_PAGE_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=600";
/** 'Activity Not Found' (the detail page and the embed card): a minute, so a new activity soon shows. */
export const NOT_FOUND_CACHE = "public, max-age=60, s-maxage=60";
/** A page that depends on the visitor (home follows the remembered location): never kept by shared caches. */
export const PERSONAL_PAGE_CACHE = "private, no-cache";
/**
 * A redirect to a page's canonical URL (docs/decisions/023-one-url-per-page.md): the browser keeps it an hour (a
 * filter value that named nothing may name a category tomorrow); shared caches do not, as the URLs that are
 * redirected have no end.
 */
export const CANONICAL_REDIRECT_CACHE = "private, max-age=3600";

/**
 * The home page: private when it follows the visitor's remembered location (the `loc` cookie); else the same page
 * for everyone, which shared caches keep five minutes and browsers ask for again (a location set since then shows).
 */
export function homePageCache(followsRememberedLocation: boolean): string {
  return followsRememberedLocation
    ? PERSONAL_PAGE_CACHE
    : "public, max-age=0, s-maxage=300, stale-while-revalidate=600";
}
export const ROBOTS_TXT_CACHE = "public, max-age=3600";
export const SITEMAP_CACHE = "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400";
/** A photo from the photo service at its versioned address (domain/activities/photos.ts photoServicePath): kept for good. */
export const PHOTO_CACHE = "public, max-age=31536000, immutable";
/**
 * A photo from Google Places, at its versioned address: kept no longer than Google lets any copy of Places content
 * other than a place ID be kept, 30 consecutive calendar days (Google Maps Platform Service Specific Terms, 'Caching':
 * https://cloud.google.com/maps-platform/terms/maps-service-terms), and never 'immutable'.
 */
export const GOOGLE_PHOTO_CACHE = `public, max-age=${30 * 24 * 60 * MINUTE_S}`;

/** The Cache-Control of a photo the service drew: by where it comes from, and whether its address is current. */
export function photoCacheControl(fromGoogle: boolean, current: boolean): string {
  if (!current) return OUTDATED_PHOTO_CACHE;
  return fromGoogle ? GOOGLE_PHOTO_CACHE : PHOTO_CACHE;
}
/** A photo asked for under an old version (a page cached before the photo changed): the current one, briefly. */
export const OUTDATED_PHOTO_CACHE = publicCacheControl(5 * MINUTE_S);

/**
 * The surrogate-key header a public answer names what it shows in (Varnish's xkey vmod reads it:
 * deploy/varnish/default.vcl), and the one key every data-backed answer carries: the data version
 * (app/data/reference-cache.server.ts) moves with every write to a table public pages read, and is all that says
 * what a write touched, so a write purges `data` (docs/decisions/024-varnish-in-front-with-xkey-purges.md).
 */
export const SURROGATE_KEY_HEADER = "xkey";
export const DATA_KEY = "data";

/** Whether a shared cache may keep an answer sent with this Cache-Control (the VCL's rule, stated once more). */
export function isSharedCacheable(cacheControl: string | null): boolean {
  if (!cacheControl) return false;
  const directives = cacheControl.split(",").map((d) => d.trim().split("=")[0]!.toLowerCase());
  if (directives.some((d) => d === "private" || d === "no-store" || d === "no-cache")) return false;
  return directives.includes("public") || directives.includes("s-maxage");
}
