// Public URL building (public-site §2 "Route building rules"). Views never concatenate paths themselves.
import { categorySlug, tagFilterSlug, tagSlug, titleSlug } from "../taxonomy/slug";

/** An absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export const US_STATE_CODES = [
  "tn",
  "ca",
  "ga",
  "tx",
  "la",
  "il",
  "co",
  "nv",
  "ky",
  "hi",
  "ny",
  "mo",
  "oh",
  "al",
  "mn",
  "ma",
  "md",
  "nc",
  "or",
  "wa",
  "nm",
  "pa",
  "fl",
  "wi",
  "ok",
  "va",
  "az",
  "ak",
  "mi",
  "ut",
] as const;

export const NON_US_PREFIXES: Readonly<Record<string, string>> = {
  Canada: "/canada/quebec",
  "Czech Republic": "/czech-republic/central-bohemian-region",
  "United Arab Emirates": "/uae/dubai",
  Colombia: "/colombia/antioquia",
  Panama: "/panama/panama-province",
};

export type CityRef = { id: string; stateCode: string | null; country: string | null };

/*
 * Cities without a prefix (a US state code outside US_STATE_CODES, a country outside NON_US_PREFIXES): the spec's
 * "unknown mapping falls back to /{city}" makes the prefix-less shapes their canonical addresses, the same pages
 * a prefixed city has with the prefix left out, and nothing more:
 *   /{city}                              city hub
 *   /{city}/things-to-do                 city activities page (unknown tags: ?tag=… on it)
 *   /{city}/things-to-do/{title-slug}    activity detail
 *   /{city}/{tag-slug | category-slug}   tag and category pages (also what guideLink gives)
 * The short '/{city}/{title-slug}' and '/{city}/{activity id}' redirect to the detail page. For a prefixed city
 * these shapes are legacy paths that redirect to the prefixed page (routes/public/legacy.tsx). A city id equal to
 * a top-level path of its own ('cities', 'search', 'admin', 'api', 'embed', 'activity') is shadowed by it.
 */

const US_COUNTRY_NAMES = ["united states", "united states of america", "usa", "us"];

function isListedStateCode(stateCode: string | null): boolean {
  return (US_STATE_CODES as readonly string[]).includes((stateCode ?? "").trim().toLowerCase());
}

/**
 * '/usa/{state}' for a US city with a listed state code, the fixed prefix for the five non-US countries,
 * else '' (the spec's "unknown mapping falls back to /{city}"). A missing country counts as the US,
 * the admin form's default.
 */
export function cityPrefix(city: CityRef): string {
  const country = (city.country ?? "").trim();
  const nonUs = Object.hasOwn(NON_US_PREFIXES, country) ? NON_US_PREFIXES[country] : undefined;
  if (nonUs !== undefined) return nonUs;
  const isUs = country === "" || US_COUNTRY_NAMES.includes(country.toLowerCase());
  if (isUs && isListedStateCode(city.stateCode)) return `/usa/${city.stateCode!.trim().toLowerCase()}`;
  return "";
}

/** An unknown city falls back to '/{cityId}'. */
export function cityPath(city: CityRef | undefined, cityId: string): string {
  return city ? `${cityPrefix(city)}/${city.id}` : `/${cityId}`;
}

export function cityThingsToDoPath(city: CityRef | undefined, cityId: string): string {
  return `${cityPath(city, cityId)}/things-to-do`;
}

export function activityPath(city: CityRef | undefined, title: string): string {
  const slug = titleSlug(title);
  return city ? `${cityPath(city, city.id)}/things-to-do/${slug}` : `/activity/${slug}`;
}

export function activityIdPath(id: number | string): string {
  return `/activity/${id}`;
}

export function embedPath(activityPath: string): string {
  return `/embed${activityPath}`;
}

export function embedIdPath(id: number | string): string {
  return `/embed${activityIdPath(id)}`;
}

export function categoryPath(city: CityRef | undefined, cityId: string, categoryName: string): string {
  return `${cityPath(city, cityId)}/${categorySlug(categoryName)}`;
}

/**
 * Only the 9 known tags have landing pages; any other tag links to the city activities page with the
 * tag filter in the query string, which shows the same list.
 */
export function tagPath(city: CityRef | undefined, cityId: string, tagName: string): string {
  const slug = tagSlug(tagName);
  if (slug) return `${cityPath(city, cityId)}/${slug}`;
  return withSearchParams(cityThingsToDoPath(city, cityId), { tag: tagFilterSlug(tagName) });
}

/** Guide page links: '/usa/{stateCode}/{city}/{slug}' for listed state codes, else '/{city}/{slug}'. */
export function guideLink(city: CityRef, slug: string): string {
  const base = isListedStateCode(city.stateCode) ? `/usa/${city.stateCode!.trim().toLowerCase()}` : "";
  return `${base}/${city.id}/${slug}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The copy-embed-code snippet: 100% wide, 650 high (admin §2, §9). */
export function embedIframeCode(embedUrl: string, title = "Things to do"): string {
  return (
    `<iframe src="${escapeAttribute(embedUrl)}" width="100%" height="650" style="border:0" ` +
    `loading="lazy" title="${escapeAttribute(title)}"></iframe>`
  );
}

export function googleMapsDirectionsUrl(lat: number | string, lng: number | string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

export function googleMapsSearchUrl(lat: number | string, lng: number | string): string {
  return `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
}

/**
 * 'Open in maps' (admin §2): the activity's Google Maps URL, else a search for its coordinates. A stored URL is
 * kept as typed (Data Quality flags a wrong one), so only an http(s) one becomes a link.
 */
export function openInMapsUrl(a: {
  googleMapsUrl: string | null;
  latitude: number | string;
  longitude: number | string;
}): string {
  return a.googleMapsUrl && isHttpUrl(a.googleMapsUrl) ? a.googleMapsUrl : googleMapsSearchUrl(a.latitude, a.longitude);
}

/** Appends a query string; undefined, empty strings and empty lists are skipped, lists repeat the key. */
export function withSearchParams(path: string, params: Record<string, string | string[] | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== "") search.append(key, v);
  }
  const query = search.toString();
  if (!query) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${query}`;
}

/** The privacy policy and the terms of use, linked from every public page's footer. */
export const PRIVACY_PATH = "/privacy";
export const TERMS_PATH = "/terms";
