// Reading the weighted lists of HTTP's content negotiation (RFC 9110 §12.4.2): Accept-Encoding for the page
// cache's coding (domain/http/page-cache.ts), Accept for the photo service's format (domain/activities/photos.ts).

/**
 * Whether a header of weighted items ("gzip, br;q=0.5", "image/webp,image/*;q=0.8") takes one of `names`: named
 * with a q above 0, or (given a `wildcard`) matched by it with a q above 0 and not refused by name. Names compare
 * in any case; a q that is not a number counts as 0.
 */
export function acceptsItem(header: string, names: readonly string[], wildcard?: string): boolean {
  let named: number | undefined;
  let star: number | undefined;
  for (const item of header.split(",")) {
    const [name = "", ...params] = item.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (names.includes(name)) named = Number.isFinite(weight) ? weight : 0;
    else if (name === wildcard) star = Number.isFinite(weight) ? weight : 0;
  }
  return named !== undefined ? named > 0 : (star ?? 0) > 0;
}
