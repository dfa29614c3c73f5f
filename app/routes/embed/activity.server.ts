// The embed card's data: the activity by id ('/embed/activity/{id}') or by a things-to-do path
// ('/embed/usa/tn/nashville/things-to-do/{slug}').
import { data } from "react-router";
import { getActivityBySlug, getActivityBySlugInAnyCity, getActivityRow, toPublicActivity } from "~/data/activities.server";
import { getCity } from "~/data/cities.server";
import { getTagsByName } from "~/data/public-lookups.server";
import { env } from "~/env.server";
import {
  capitalisedCityId,
  detailValue,
  isAvailable,
  parseActivityIdParam,
  parseEmbedThingsToDoPath,
} from "~/domain/activity-detail";
import { PUBLIC_PAGE_CACHE } from "~/domain/cache";
import { publicOrigin } from "~/domain/canonical";
import type { PageSeo } from "~/domain/social-meta";
import { cardPhoto, photoFallbacks } from "~/domain/photos";
import { formatRating } from "~/domain/rating";
import { absoluteUrl } from "~/domain/structured-data";
import { activityPath } from "~/domain/urls";

async function findActivity(request: Request, params: { id?: string }) {
  if (params.id !== undefined) {
    const parsed = parseActivityIdParam(params.id);
    return "id" in parsed ? getActivityRow(parsed.id) : getActivityBySlugInAnyCity(parsed.titleSlug);
  }
  // The things-to-do path after '/embed' (matched by the splat route or the explicit prefixed one).
  const rest = new URL(request.url).pathname.replace(/\.data$/, "").replace(/^\/embed\/?/, "");
  const path = parseEmbedThingsToDoPath(decodeURIComponent(rest));
  return path ? getActivityBySlug(path.cityId, path.activitySlug) : null;
}

export async function loadEmbedCard(request: Request, params: { id?: string }) {
  const row = await findActivity(request, params);
  const city = row ? await getCity(row.cityId) : null;
  if (!row || !city) {
    return data(
      { found: false as const, seo: { noindex: true } satisfies PageSeo },
      { status: 404, headers: { "Cache-Control": "public, max-age=60, s-maxage=60" } },
    );
  }
  const activity = toPublicActivity(row);
  const canonicalPath = activityPath(city, activity.title);
  const image = cardPhoto(activity);
  const facts = [
    { label: "Duration", value: activity.duration },
    { label: "Cost", value: activity.cost },
    { label: "Touristy Level", value: activity.touristyLevel },
  ]
    .filter((f) => isAvailable(f.value))
    .map((f) => ({ label: f.label, value: detailValue(f.value) }));
  return data(
    {
      found: true as const,
      title: activity.title,
      image,
      imageFallbacks: photoFallbacks(activity, image),
      cityName: capitalisedCityId(activity.cityId),
      tags: await getTagsByName(activity.tags),
      rating: formatRating(activity.googleRating),
      reviewCount: activity.googleReviewCount,
      facts,
      activityUrl: absoluteUrl(publicOrigin(env().PUBLIC_URL, request.url), canonicalPath),
      seo: { canonicalPath } satisfies PageSeo,
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
  );
}
