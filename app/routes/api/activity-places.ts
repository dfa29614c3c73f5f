// POST /api/activities/{id}/fetch-google-rating and refresh-google-rating → { googleData: { rating,
// userRatingCount } } (rating null: no rating found); POST /api/activities/{id}/fetch-google-photos and
// refresh-photos → { photos, photoCount } (admin §7). Fetch and refresh are one operation each: the place id is
// reused when known (app/workflows/activity-places.server.ts). Failures answer the §8 message: 404 'Activity not
// found.', 503 not configured, 429 quota, 502 Google unavailable or refusing the key.
import type { Route } from "./+types/activity-places";
import { requireAdminApi } from "~/auth/session.server";
import { parseIdParam } from "~/domain/form-values";
import { failureStatus, photosToast, ratingToast } from "~/domain/places/places";
import { getActivityRow } from "~/data/activities/rows.server";
import { fetchActivityPhotos, fetchActivityRating } from "~/workflows/activity-places.server";
import { allowMethods, jsonError } from "./responses.server";

const NOT_FOUND = "Activity not found.";

export const middleware = allowMethods("POST");

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminApi(request);
  const id = parseIdParam(params.id);
  if (id === null) return jsonError(400, "Invalid activity id");
  const operation = new URL(request.url).pathname.split("/").pop();
  if (operation === "fetch-google-rating" || operation === "refresh-google-rating") {
    const answer = await fetchActivityRating(id);
    if (!answer.activity) return jsonError(404, NOT_FOUND);
    const { outcome } = answer;
    if (outcome.kind === "failed") {
      return jsonError(failureStatus(outcome.failure), ratingToast(answer.activity.title, outcome).description);
    }
    const found = outcome.kind === "found";
    return Response.json({
      googleData: { rating: found ? outcome.rating : null, userRatingCount: found ? outcome.reviewCount : null },
      message: ratingToast(answer.activity.title, outcome).title,
    });
  }
  const answer = await fetchActivityPhotos(id);
  if (!answer.activity) return jsonError(404, NOT_FOUND);
  const { outcome } = answer;
  if (outcome.kind === "failed") {
    return jsonError(failureStatus(outcome.failure), photosToast(answer.activity.title, outcome).description);
  }
  const row = await getActivityRow(id);
  const photos = outcome.kind === "found" && row ? row.googlePhotos : [];
  return Response.json({
    photos,
    photoCount: photos.length,
    message: photosToast(answer.activity.title, outcome).title,
  });
}
