// Route `headers` helpers: what a loader decides about caching reaches the document (and .data) response.
type HeadersArgs = { loaderHeaders: Headers; errorHeaders?: Headers };

/** The Cache-Control the loader answered with, or threw with (a 404 of its own), passed on as is. */
export function loaderCacheControl({ loaderHeaders, errorHeaders }: HeadersArgs): Headers {
  const cache = (errorHeaders ?? loaderHeaders).get("Cache-Control");
  return new Headers(cache ? { "Cache-Control": cache } : undefined);
}
