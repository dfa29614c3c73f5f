// Rules of the activity detail page, the embed card and the legacy paths (public-site §2, §4, §9).
import { EARTH_RADIUS_MILES, NOT_AVAILABLE } from "../constants";
import { formatRating } from "../activities/rating";
import { renderTemplate, cutDescription, DEFAULT_SEO_TEMPLATES } from "../seo/seo";
import { categoryFromSlug, isTagSlug, tagFromSlug } from "../taxonomy/slug";
import { categoryPath, cityThingsToDoPath, tagPath, type CityRef } from "../http/urls";
import type { LatLng } from "../location/geo";
import { countOf } from "../counts";

function blank(v: string | null | undefined): boolean {
  return v === null || v === undefined || v.trim() === "" || v.trim() === NOT_AVAILABLE;
}

/** A card value (duration, cost, touristy level): missing values read 'Not available'. */
export function detailValue(v: string | null | undefined): string {
  return blank(v) ? NOT_AVAILABLE : v!.trim();
}

/** The embed card hides a value that is 'Not available'. */
export function isAvailable(v: string | null | undefined): boolean {
  return !blank(v);
}

/** 'Google Rating' card: one decimal with the review count, or 'Not available'. */
export function googleRatingText(
  rating: string | number | null | undefined,
  reviewCount: number | null | undefined,
): string {
  const shown = formatRating(rating);
  if (shown === null) return NOT_AVAILABLE;
  if (reviewCount === null || reviewCount === undefined) return shown;
  return `${shown} (${countOf(reviewCount, "review", "reviews")})`;
}

/** The embed card's 'capitalised city id': each hyphen-separated word capitalised ('san-antonio' → 'San Antonio'). */
export function capitalisedCityId(cityId: string): string {
  return cityId
    .split("-")
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

export type ActivityMetaInput = {
  title: string;
  excerpt: string;
  category: string;
  metaTitle: string | null;
  metaDescription: string | null;
};

type ActivityTemplates = { activityTitleTemplate?: string | null; activityDescriptionTemplate?: string | null };

/**
 * The page title (before the ' | {brand}' suffix) and meta description of an activity: the activity's own
 * metaTitle / metaDescription when set, else the SEO settings templates ({activity} {excerpt} {city}
 * {category}), else the built-in default templates. The description is cut at 160 characters.
 */
export function activityMetaText(activity: ActivityMetaInput, cityName: string, templates: ActivityTemplates) {
  const vars = { activity: activity.title, excerpt: activity.excerpt, city: cityName, category: activity.category };
  const titleTemplate = templates.activityTitleTemplate?.trim() || DEFAULT_SEO_TEMPLATES.activityTitleTemplate;
  const descriptionTemplate =
    templates.activityDescriptionTemplate?.trim() || DEFAULT_SEO_TEMPLATES.activityDescriptionTemplate;
  const title = activity.metaTitle?.trim() || renderTemplate(titleTemplate, vars);
  const description = activity.metaDescription?.trim() || renderTemplate(descriptionTemplate, vars);
  return { title, description: cutDescription(description) };
}

/** Share without the device share sheet or JavaScript: an e-mail with the title and the link. */
export function mailtoShareUrl(title: string, url: string): string {
  return `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`;
}

/** '/activity/{id}' is numeric; anything else is the '/activity/{title}' form of an unknown city. */
export function parseActivityIdParam(param: string): { id: number } | { titleSlug: string } {
  if (/^\d{1,9}$/.test(param)) return { id: Number(param) };
  return { titleSlug: param.toLowerCase() };
}

/**
 * A latitude/longitude box that contains every point within `miles` of `centre`: the cheap SQL pre-filter
 * before the exact distance rule. Near a pole (or when the box would wrap the antimeridian) longitude is
 * left unbounded rather than risk leaving out a point.
 */
export function boundingBox(centre: LatLng, miles: number) {
  // A 0.1% margin absorbs rounding and the slightly wider reach of a great circle in longitude.
  const latDelta = ((miles * 1.001) / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const minLat = Math.max(-90, centre.lat - latDelta);
  const maxLat = Math.min(90, centre.lat + latDelta);
  const cos = Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180);
  const lngDelta = cos > 1e-6 ? latDelta / cos : Infinity;
  const minLng = centre.lng - lngDelta;
  const maxLng = centre.lng + lngDelta;
  const wraps = !Number.isFinite(lngDelta) || minLng < -180 || maxLng > 180;
  return { minLat, maxLat, minLng: wraps ? -180 : minLng, maxLng: wraps ? 180 : maxLng };
}

/**
 * What the second segment of a legacy '/{cityId}/{segment}' path names: an activity id, a page of the city
 * under its canonical prefix (things-to-do, a tag slug, a category slug — what guide links without a state
 * prefix point at), or else an activity slug.
 */
export function legacySegment(
  segment: string,
  categoryNames: readonly string[],
): { kind: "activityId"; id: number } | { kind: "cityPage"; segment: string } | { kind: "activitySlug"; slug: string } {
  const s = segment.toLowerCase();
  if (/^\d{1,9}$/.test(s)) return { kind: "activityId", id: Number(s) };
  if (s === "things-to-do" || isTagSlug(s) || categoryFromSlug(s, categoryNames))
    return { kind: "cityPage", segment: s };
  return { kind: "activitySlug", slug: s };
}

/** The canonical page of a city that a legacy '/{cityId}/{segment}' names (see legacySegment). */
export function legacyCityPagePath(city: CityRef, segment: string, categoryNames: readonly string[]): string | null {
  if (segment === "things-to-do") return cityThingsToDoPath(city, city.id);
  const tag = tagFromSlug(segment);
  if (tag) return tagPath(city, city.id, tag);
  const category = categoryFromSlug(segment, categoryNames);
  return category ? categoryPath(city, city.id, category) : null;
}
