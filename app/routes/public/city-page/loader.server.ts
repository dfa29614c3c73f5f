// The server half of the city activities page and its category and tag variants (route.tsx): resolves the city
// and the page's fixed category or tag, checks the prefix, and loads one filtered page of activities with what
// the filters, the map and the SEO tags need.
import { redirect } from "react-router";
import { countActivities, listActivities } from "~/data/activities/city-list.server";
import { getActivityBySlug } from "~/data/activities/rows.server";
import { getCity } from "~/data/cities.server";
import { listCategories } from "~/data/categories.server";
import { listTagsByName } from "~/data/tags.server";
import { getSeoTemplates } from "~/data/seo.server";
import { notFound } from "~/http/not-found";
import { mapSetup } from "~/map.server";
import { redirectTo, redirectToCanonical } from "~/http/canonical-url";
import { cityPageSearch, cityPageSeo, filtersHref, parseView, type CityPageSubject } from "~/domain/pages/city-page";
import { DEFAULT_FILTERS, fixedOnly, isOnlyFixed, parseFilters, type FixedFilters } from "~/domain/pages/filters";
import { categoryFromSlug, tagFromSlug } from "~/domain/taxonomy/slug";
import { activityPath, categoryPath, cityThingsToDoPath, tagPath } from "~/domain/http/urls";

/** What the 404 states of these pages carry, so their error boundary can say which thing is missing. */
export type CityPageNotFound =
  | { notFound: "city"; cityId: string }
  | { notFound: "category"; cityId: string; cityName: string; segment: string; allActivitiesPath: string };

// {count} only needs to know whether there are more than 100 (the largest wording bucket).
const SEO_COUNT_CAP = 101;

/**
 * Loads the page for `{prefix}/{cityId}/things-to-do` (no segment) or `{prefix}/{cityId}/{segment}`, the prefix
 * empty for a city without a prefix mapping.
 * Throws a 301 to the canonical prefix, and 404s for an unknown city or segment.
 */
export async function loadCityPage(request: Request, { cityId, segment }: { cityId: string; segment?: string }) {
  const url = new URL(request.url);
  const [city, categories, tags, templates] = await Promise.all([
    getCity(cityId),
    listCategories(),
    listTagsByName(),
    getSeoTemplates(),
  ]);
  if (!city) throw notFound<CityPageNotFound>({ notFound: "city", cityId });

  let subject: CityPageSubject = { kind: "city" };
  let basePath = cityThingsToDoPath(city, city.id);
  if (segment !== undefined) {
    const tag = tagFromSlug(segment);
    const category = tag
      ? undefined
      : categoryFromSlug(
          segment,
          categories.map((c) => c.name),
        );
    if (tag) {
      subject = { kind: "tag", tag };
      basePath = tagPath(city, city.id, tag);
    } else if (category) {
      subject = { kind: "category", category };
      basePath = categoryPath(city, city.id, category);
    } else {
      // '{prefix}/{cityId}/{activitySlug}' is the short form of an activity's address: send it to the canonical one.
      const activity = await getActivityBySlug(city.id, segment.toLowerCase());
      if (activity) throw redirect(activityPath(city, activity.title), 301);
      throw notFound<CityPageNotFound>({
        notFound: "category",
        cityId: city.id,
        cityName: city.displayName,
        segment,
        allActivitiesPath: cityThingsToDoPath(city, city.id),
      });
    }
  }

  const fixed: FixedFilters =
    subject.kind === "tag" ? { tag: subject.tag } : subject.kind === "category" ? { category: subject.category } : {};
  const taxonomy = { categories: categories.map((c) => c.name), tags: tags.map((t) => t.name) };
  // One URL per page: the city's own prefix, and the filters in their canonical form (a plain form submission
  // sends every control, defaults included, and categories or tags may be named any way).
  redirectToCanonical(request, cityPageSearch(fixed, taxonomy), basePath);
  const filters = parseFilters(url.searchParams, fixed, taxonomy);

  // The page's own count is the whole page's when its filters choose nothing but an order (a crawler's
  // '?sort=rating-low'): the same rows, so no second count.
  const onlyFixed = isOnlyFixed(filters, fixed);
  const sameRows = onlyFixed || isOnlyFixed({ ...filters, sort: DEFAULT_FILTERS.sort }, fixed);
  const [list, pageTotalCapped] = await Promise.all([
    listActivities(city.id, filters),
    sameRows ? null : countActivities(city.id, fixedOnly(fixed), { atMost: SEO_COUNT_CAP }),
  ]);
  // A page past the last one is the last page's URL (the first when nothing matches): a temporary redirect, as new
  // activities may bring the page back. Endless page numbers never become pages of their own.
  if (list.page !== filters.page) {
    throw redirectTo(filtersHref(basePath, { ...filters, page: list.page }, fixed, parseView(url.searchParams)), 302);
  }
  const pageTotal = pageTotalCapped ?? (onlyFixed ? list.total : Math.min(list.total, SEO_COUNT_CAP));
  // 'No Activities Available' is about the city, not about this category or tag.
  const cityHasActivities =
    pageTotal > 0 || (subject.kind !== "city" && (await countActivities(city.id, fixedOnly({}), { atMost: 1 })) > 0);

  const pinByCategory = new Map(categories.map((c) => [c.name, c.pinIcon]));
  const defaultPin = templates.defaultMapPinUrl.trim();

  return {
    city: {
      id: city.id,
      displayName: city.displayName,
      showPhotos: city.showPhotos === 1,
      center: { lat: city.centerLatitude, lng: city.centerLongitude },
    },
    basePath,
    allActivitiesPath: cityThingsToDoPath(city, city.id),
    subject,
    fixed,
    filters,
    cityHasActivities,
    list: {
      total: list.total,
      page: list.page,
      pageCount: list.pageCount,
      items: list.items.map((a) => ({
        id: a.id,
        title: a.title,
        image: a.image,
        category: a.category,
        tags: a.tags,
        googleRating: a.googleRating,
        googleReviewCount: a.googleReviewCount,
        // The card shows one photo; the rest of the list would only weigh down the page.
        googlePhotos: a.googlePhotos.filter((p) => p.trim() !== "").slice(0, 1),
        googleCardPhoto: a.googleCardPhoto,
        photoSource: a.photoSource,
        customPhotoUrl: a.customPhotoUrl,
        photoCredits: a.photoCredits,
        latitude: a.latitude,
        longitude: a.longitude,
        href: activityPath(city, a.title),
        pinUrl: pinByCategory.get(a.category) || defaultPin,
      })),
    },
    categories: categories.map((c) => ({ name: c.name, filterIcon: c.filterIcon })),
    tags: tags.map((t) => t.name),
    map: mapSetup(),
    seo: cityPageSeo(templates, city, subject, pageTotal),
  };
}

export type CityPageData = Awaited<ReturnType<typeof loadCityPage>>;
