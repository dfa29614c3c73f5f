// schema.org JSON-LD for search engines (beyond the original): the place type an activity's category
// stands for, the activity as a place, and breadcrumb trails for city and activity pages. No aggregateRating:
// the only ratings are Google's, and Google's review-snippet guidelines forbid marking up ratings gathered from
// other sites as the page's own (a manual action can demote the whole site).

export type SchemaPlaceType =
  | "FoodEstablishment"
  | "Museum"
  | "Park"
  | "Zoo"
  | "Aquarium"
  | "Store"
  | "EntertainmentBusiness"
  | "TouristAttraction";

const CATEGORY_TYPES: Readonly<Record<string, SchemaPlaceType>> = {
  "Bars & Restaurants": "FoodEstablishment",
  Museums: "Museum",
  Parks: "Park",
  Shopping: "Store",
  Entertainment: "EntertainmentBusiness",
  "Fun & Games": "EntertainmentBusiness",
};

/**
 * The schema.org type for a category. Bars and restaurants share FoodEstablishment (it covers both);
 * Zoos & Aquariums splits on the title. Events are not schema.org Events: those need dates the data does
 * not have, so they, tours, points of interest and anything unknown are a TouristAttraction.
 */
export function schemaTypeForCategory(category: string, title = ""): SchemaPlaceType {
  if (category === "Zoos & Aquariums") return /aquarium/i.test(title) ? "Aquarium" : "Zoo";
  return Object.hasOwn(CATEGORY_TYPES, category) ? CATEGORY_TYPES[category] : "TouristAttraction";
}

export type StructuredActivity = {
  title: string;
  excerpt: string;
  category: string;
  latitude: number | string;
  longitude: number | string;
  address: string | null;
  website: string | null;
  phone: string | null;
  tags: readonly string[];
};

export type StructuredCity = { displayName: string; state: string; country: string };

type JsonLd = Record<string, unknown>;

function finiteNumber(v: number | string | null | undefined): number | null {
  if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/**
 * The activity as a schema.org place: name, description, url, image, geo coordinates and a postal address
 * (the stored one-line address as streetAddress, the city as locality). Never a rating (see the top of the file).
 */
export function activityStructuredData(
  activity: StructuredActivity,
  city: StructuredCity,
  { url, image }: { url: string; image?: string | null },
): JsonLd {
  const lat = finiteNumber(activity.latitude);
  const lng = finiteNumber(activity.longitude);
  const data: JsonLd = {
    "@context": "https://schema.org",
    "@type": schemaTypeForCategory(activity.category, activity.title),
    name: activity.title,
    description: activity.excerpt,
    url,
  };
  if (image) data.image = image;
  if (lat !== null && lng !== null) data.geo = { "@type": "GeoCoordinates", latitude: lat, longitude: lng };
  const address: JsonLd = { "@type": "PostalAddress", addressLocality: city.displayName };
  if (activity.address) address.streetAddress = activity.address;
  if (city.state) address.addressRegion = city.state;
  if (city.country) address.addressCountry = city.country;
  data.address = address;
  if (activity.website) data.sameAs = activity.website;
  if (activity.phone) data.telephone = activity.phone;
  if (activity.tags.length > 0) data.keywords = activity.tags.join(", ");
  return data;
}

export type Crumb = { name: string; url: string };

/** A BreadcrumbList: positions count from 1 in the order given (Home first, the page itself last). */
export function breadcrumbList(crumbs: readonly Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: c.url })),
  };
}

/** Home › {city} things to do: the trail a city page shows. */
export function cityBreadcrumbs(origin: string, city: { displayName: string }, cityPagePath: string): JsonLd {
  return breadcrumbList([
    { name: "Home", url: absoluteUrl(origin, "/") },
    { name: `Things to Do in ${city.displayName}`, url: absoluteUrl(origin, cityPagePath) },
  ]);
}

/** Home › {city} things to do › {activity}. */
export function activityBreadcrumbs(
  origin: string,
  city: { displayName: string },
  cityPagePath: string,
  activity: { title: string },
  activityPagePath: string,
): JsonLd {
  return breadcrumbList([
    { name: "Home", url: absoluteUrl(origin, "/") },
    { name: `Things to Do in ${city.displayName}`, url: absoluteUrl(origin, cityPagePath) },
    { name: activity.title, url: absoluteUrl(origin, activityPagePath) },
  ]);
}

/** An absolute URL for a site path; an already absolute URL is returned as it is. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return new URL(pathOrUrl, origin.endsWith("/") ? origin : `${origin}/`).toString();
}
