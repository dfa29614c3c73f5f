// HTTP caching of public reads (public-site §7 cache times; ARCHITECTURE "Scale": a CDN absorbs reads).

export const MINUTE_S = 60;

/** Browsers and shared caches keep the answer `seconds`, then may serve it stale as long again while refreshing. */
export function publicCacheControl(seconds: number): string {
  return `public, max-age=${seconds}, s-maxage=${seconds}, stale-while-revalidate=${seconds}`;
}

export const PRIVATE_NO_STORE = "private, no-store";
export const PUBLIC_PAGE_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
export const PUBLIC_API_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
