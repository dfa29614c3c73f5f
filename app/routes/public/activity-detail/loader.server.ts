// The server half of the activity detail page (route.tsx), for every URL shape that shows it:
// '{prefix}/{city}/things-to-do/{slug}', '/activity/{id}' and '/activity/{title}'.
import { data } from "react-router";
import { findNearbyActivities } from "~/data/activities/nearby.server";
import {
  getActivityBySlug,
  getActivityBySlugInAnyCity,
  getActivityRow,
  toCardActivity,
  toPublicActivity,
  type ActivityRow,
} from "~/data/activities/rows.server";
import { getCity } from "~/data/cities.server";
import { getCategoryByName } from "~/data/categories.server";
import { getTagsByName } from "~/data/tags.server";
import { getSeoTemplates } from "~/data/seo.server";
import { env } from "~/env.server";
import { mapSetup } from "~/map.server";
import { activityMetaText, mailtoShareUrl, parseActivityIdParam } from "~/domain/pages/activity-detail";
import { NOT_FOUND_CACHE, PUBLIC_PAGE_CACHE } from "~/domain/http/cache";
import { NO_SEARCH_PARAMS, publicOrigin } from "~/domain/http/canonical";
import type { PageSeo } from "~/domain/seo/social-meta";
import { redirectToCanonical } from "~/http/canonical-url";
import { notFound } from "~/http/not-found";
import { detailPhotoSources, photoChoice, photoCredits, photoFallbacks } from "~/domain/activities/photos";
import { googleMapsPlaceUrl } from "~/domain/places/attribution";
import { activityBreadcrumbs, activityStructuredData, absoluteUrl } from "~/domain/seo/structured-data";
import { activityIdPath, activityPath, cityThingsToDoPath } from "~/domain/http/urls";

type City = NonNullable<Awaited<ReturnType<typeof getCity>>>;

/** What 'Activity Not Found' needs: 'Return to Activities' goes to the city's page when the city is known. */
export type ActivityNotFound = { returnTo: string };

function activityNotFound(city: City | null) {
  const payload: ActivityNotFound = { returnTo: city ? cityThingsToDoPath(city, city.id) : "/" };
  return notFound(payload, { headers: { "Cache-Control": NOT_FOUND_CACHE } });
}

async function detail(request: Request, row: ActivityRow, city: City) {
  const origin = publicOrigin(env().PUBLIC_URL, request.url);
  const activity = toPublicActivity(row);
  const canonicalPath = activityPath(city, activity.title);
  const cityPagePath = cityThingsToDoPath(city, city.id);
  const [tags, category, seoSettings, nearbyRows] = await Promise.all([
    getTagsByName(activity.tags),
    getCategoryByName(activity.category),
    getSeoTemplates(),
    findNearbyActivities(row),
  ]);
  const { src: photoSrc, srcSet } = detailPhotoSources(row);
  const photo =
    city.showPhotos === 1
      ? {
          src: photoSrc,
          srcSet,
          fallbacks: photoFallbacks(activity, photoSrc),
          credits: photoCredits(row, photoChoice(row).url),
        }
      : null;
  const pageUrl = absoluteUrl(origin, canonicalPath);
  // Only a real photo is shared, at its full size from the photo service (a srcset says it is one); a category
  // illustration is an SVG, which social networks do not show, so those pages keep the site's default picture.
  const socialImage = photo?.srcSet ? absoluteUrl(origin, photo.src) : null;
  const meta = activityMetaText(activity, city.displayName, seoSettings);
  return {
    activity,
    city: { id: city.id, displayName: city.displayName },
    cityPagePath,
    photo,
    tags,
    pinUrl: category?.pinIcon || seoSettings.defaultMapPinUrl,
    map: mapSetup(),
    nearby: nearbyRows.map((r) => ({ activity: toCardActivity(r), href: activityPath(city, r.title) })),
    // 'View on Maps': the place itself on Google Maps (its place id when the places service found one).
    placeUrl: googleMapsPlaceUrl(row),
    pageUrl,
    shareMailto: mailtoShareUrl(activity.title, pageUrl),
    meta,
    jsonLd: [
      activityStructuredData(activity, city, { url: pageUrl, image: socialImage }),
      activityBreadcrumbs(origin, city, cityPagePath, activity, canonicalPath),
    ],
    seo: { canonicalPath, image: socialImage, type: "article", oembedTitle: activity.title } satisfies PageSeo,
  };
}

export type ActivityDetailData = Awaited<ReturnType<typeof detail>>;

/**
 * '{prefix}/{cityId}/things-to-do/{slug}' and '{prefix}/{cityId}/{slug}': the activity with that slug in the
 * city. Any address but the canonical one (another prefix, the short form, different letter case) answers a
 * permanent redirect to the canonical URL, so each activity has exactly one indexed address.
 */
export async function loadActivityDetailBySlug(request: Request, cityId: string, activitySlug: string) {
  const city = await getCity(cityId.toLowerCase());
  if (!city) throw activityNotFound(null);
  const row = await getActivityBySlug(city.id, activitySlug.toLowerCase());
  if (!row) throw activityNotFound(city);
  // The page takes no search parameters either (docs/decisions/023-one-url-per-page.md).
  redirectToCanonical(request, NO_SEARCH_PARAMS, activityPath(city, row.title));
  return data(await detail(request, row, city), { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } });
}

/**
 * '/activity/{id}' shows the page (its canonical link names the slug URL); '/activity/{title}' — the form used
 * when the city is unknown — redirects to the activity's canonical page once the title slug is found.
 */
export async function loadActivityDetailByIdParam(request: Request, param: string) {
  const parsed = parseActivityIdParam(param);
  const row = "id" in parsed ? await getActivityRow(parsed.id) : await getActivityBySlugInAnyCity(parsed.titleSlug);
  if (!row) throw activityNotFound(null);
  const city = await getCity(row.cityId);
  if (!city) throw activityNotFound(null);
  // '/activity/0356' is '/activity/356'.
  redirectToCanonical(
    request,
    NO_SEARCH_PARAMS,
    "titleSlug" in parsed ? activityPath(city, row.title) : activityIdPath(row.id),
  );
  return data(await detail(request, row, city), { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } });
}
