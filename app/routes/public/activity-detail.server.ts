// The server half of the activity detail page, shared by every URL shape that shows it:
// '{prefix}/{city}/things-to-do/{slug}', '{prefix}/{city}/{slug}' (the lead's segment route calls
// loadActivityDetailBySlug), '/activity/{id}' and '/activity/{title}'.
import { data, redirect } from "react-router";
import {
  findNearbyActivities,
  getActivityBySlug,
  getActivityBySlugInAnyCity,
  getActivityRow,
  toPublicActivity,
  type ActivityRow,
} from "~/data/activities.server";
import { getCity } from "~/data/cities.server";
import { getCategoryByName, getTagsByName } from "~/data/public-lookups.server";
import { getSeoTemplates } from "~/data/seo.server";
import { env } from "~/env.server";
import { mapSetup } from "~/map.server";
import { activityMetaText, mailtoShareUrl, parseActivityIdParam } from "~/domain/activity-detail";
import { PUBLIC_PAGE_CACHE } from "~/domain/cache";
import { pagePath, publicOrigin } from "~/domain/canonical";
import { isAbsoluteHttpUrl, type PageSeo } from "~/domain/social-meta";
import { detailPhoto, photoFallbacks } from "~/domain/photos";
import { activityBreadcrumbs, activityStructuredData, absoluteUrl } from "~/domain/structured-data";
import { activityPath, cityThingsToDoPath } from "~/domain/urls";

type City = NonNullable<Awaited<ReturnType<typeof getCity>>>;

/** 'Activity Not Found' with a 404 status; 'Return to Activities' goes to the city's page when it is known. */
function notFound(city: City | null) {
  return data(
    {
      found: false as const,
      returnTo: city ? cityThingsToDoPath(city, city.id) : "/",
      seo: { noindex: true } satisfies PageSeo,
    },
    { status: 404, headers: { "Cache-Control": "public, max-age=60, s-maxage=60" } },
  );
}

export type ActivityDetailNotFound = ReturnType<typeof notFound>["data"];

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
  const photoSrc = detailPhoto(activity);
  const photo = city.showPhotos === 1 ? { src: photoSrc, fallbacks: photoFallbacks(activity, photoSrc) } : null;
  const pageUrl = absoluteUrl(origin, canonicalPath);
  // Only a real photo at an absolute address is shared; a category illustration is an SVG, which social
  // networks do not show, so those pages keep the site's default picture.
  const socialImage = photo && isAbsoluteHttpUrl(photo.src) ? photo.src : null;
  const meta = activityMetaText(activity, city.displayName, seoSettings);
  return {
    found: true as const,
    activity,
    city: { id: city.id, displayName: city.displayName },
    cityPagePath,
    photo,
    tags,
    pinUrl: category?.pinIcon || seoSettings.defaultMapPinUrl,
    map: mapSetup(),
    nearby: nearbyRows.map((r) => ({ activity: toPublicActivity(r), href: activityPath(city, r.title) })),
    pageUrl,
    shareMailto: mailtoShareUrl(activity.title, pageUrl),
    meta,
    jsonLd: [
      activityStructuredData(activity, city, { url: pageUrl, image: socialImage }),
      activityBreadcrumbs(origin, city, cityPagePath, activity, canonicalPath),
    ],
    seo: { canonicalPath, image: socialImage, type: "article" } satisfies PageSeo,
  };
}

export type ActivityDetailData = Awaited<ReturnType<typeof detail>>;
export type ActivityDetailLoaderData = ActivityDetailData | ActivityDetailNotFound;

function permanentRedirect(path: string) {
  return redirect(path, 301);
}

/**
 * '{prefix}/{cityId}/things-to-do/{slug}' and '{prefix}/{cityId}/{slug}': the activity with that slug in the
 * city. Any address but the canonical one (another prefix, the short form, different letter case) answers a
 * permanent redirect to the canonical URL, so each activity has exactly one indexed address.
 */
export async function loadActivityDetailBySlug(request: Request, cityId: string, activitySlug: string) {
  const city = await getCity(cityId.toLowerCase());
  if (!city) return notFound(null);
  const row = await getActivityBySlug(city.id, activitySlug.toLowerCase());
  if (!row) return notFound(city);
  const canonical = activityPath(city, row.title);
  if (pagePath(request.url) !== canonical) throw permanentRedirect(canonical);
  return data(await detail(request, row, city), { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } });
}

/**
 * '/activity/{id}' shows the page (its canonical link names the slug URL); '/activity/{title}' — the form used
 * when the city is unknown — redirects to the activity's canonical page once the title slug is found.
 */
export async function loadActivityDetailByIdParam(request: Request, param: string) {
  const parsed = parseActivityIdParam(param);
  const row = "id" in parsed ? await getActivityRow(parsed.id) : await getActivityBySlugInAnyCity(parsed.titleSlug);
  if (!row) return notFound(null);
  const city = await getCity(row.cityId);
  if (!city) return notFound(null);
  if ("titleSlug" in parsed) throw permanentRedirect(activityPath(city, row.title));
  return data(await detail(request, row, city), { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } });
}

/** The loader's Cache-Control travels to the document response (React Router uses the leaf's headers). */
export function detailHeaders({ loaderHeaders }: { loaderHeaders: Headers }) {
  const cache = loaderHeaders.get("Cache-Control");
  return cache ? { "Cache-Control": cache } : new Headers();
}
