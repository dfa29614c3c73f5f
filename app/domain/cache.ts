// Cache-Control for public reads: a CDN keeps them a few minutes and may serve a stale copy while it refreshes.
export const PUBLIC_PAGE_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';
export const PUBLIC_API_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';
