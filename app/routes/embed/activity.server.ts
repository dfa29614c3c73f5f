// The embed card's data: the activity by id ('/embed/activity/{id}') or by any activity path shape after '/embed'
// ('/embed/usa/tn/nashville/things-to-do/{slug}', the short '/embed/usa/tn/nashville/{slug}', and the prefix-less
// '/embed/{city}/things-to-do/{slug}' and '/embed/{city}/{slug}'): the city slug before, the activity slug after.
import { data } from "react-router";
import {
  getActivityBySlug,
  getActivityBySlugInAnyCity,
  getActivityRow,
  toPublicActivity,
} from "~/data/activities/rows.server";
import { getCity } from "~/data/cities.server";
import { getTagsByName } from "~/data/tags.server";
import { env } from "~/env.server";
import { capitalisedCityId, detailValue, isAvailable, parseActivityIdParam } from "~/domain/pages/activity-detail";
import { NOT_FOUND_CACHE, PUBLIC_PAGE_CACHE } from "~/domain/http/cache";
import { publicOrigin } from "~/domain/http/canonical";
import type { PageSeo } from "~/domain/seo/social-meta";
import { cardPhoto, cardPhotoCredits, photoFallbacks } from "~/domain/activities/photos";
import { formatRating } from "~/domain/activities/rating";
import { absoluteUrl } from "~/domain/seo/structured-data";
import { activityPath } from "~/domain/http/urls";
import { notFound } from "~/http/not-found";

export type EmbedParams = { id?: string; cityId?: string; activitySlug?: string };

/** The activity an embed address (or, for oEmbed, any public activity address) names, or null. */
export async function findActivity(params: EmbedParams) {
  if (params.id !== undefined) {
    const parsed = parseActivityIdParam(params.id);
    return "id" in parsed ? getActivityRow(parsed.id) : getActivityBySlugInAnyCity(parsed.titleSlug);
  }
  // The prefix is not checked: a partner's old link with a stale prefix still shows the right card.
  if (params.cityId !== undefined && params.activitySlug !== undefined) {
    return getActivityBySlug(params.cityId.toLowerCase(), params.activitySlug.toLowerCase());
  }
  return null; // '/embed/*': no activity path shape
}

export async function loadEmbedCard(request: Request, params: EmbedParams) {
  const row = await findActivity(params);
  const city = row ? await getCity(row.cityId) : null;
  if (!row || !city) throw notFound(null, { headers: { "Cache-Control": NOT_FOUND_CACHE } });
  const activity = toPublicActivity(row);
  const canonicalPath = activityPath(city, activity.title);
  const image = cardPhoto(row);
  const facts = [
    { label: "Duration", value: activity.duration },
    { label: "Cost", value: activity.cost },
    { label: "Touristy Level", value: activity.touristyLevel },
  ]
    .filter((f) => isAvailable(f.value))
    .map((f) => ({ label: f.label, value: detailValue(f.value) }));
  return data(
    {
      title: activity.title,
      image,
      imageFallbacks: photoFallbacks(activity, image),
      // A Google photo is credited to its authors, as on the site's own cards.
      photoCredits: cardPhotoCredits(row),
      cityName: capitalisedCityId(activity.cityId),
      tags: await getTagsByName(activity.tags),
      rating: formatRating(activity.googleRating),
      reviewCount: activity.googleReviewCount,
      facts,
      activityUrl: absoluteUrl(publicOrigin(env().PUBLIC_URL, request.url), canonicalPath),
      seo: { canonicalPath, oembedTitle: activity.title } satisfies PageSeo,
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE } },
  );
}
