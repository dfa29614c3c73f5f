// POST /api/activities/{id}/fetch-hybrid-photos → { photoCount, source } (admin §7): the activity's Google photos
// fetched beside its own photo while hybrid photos are on (workflows/activity-places.server.ts fetchHybridPhotos);
// `source` says where the photo visitors see comes from: custom, google, original or default. 409 'Feature Disabled'
// while the toggle is off; the other failures as the places API answers them (activity-places.ts): 404 'Activity
// not found.', 503 not configured, 429 quota, 502 Google unavailable or refusing the key.
import type { Route } from "./+types/activity-hybrid-photos";
import { requireAdminApi } from "~/auth/session.server";
import { parseIdParam } from "~/domain/form-values";
import { failureStatus, HYBRID_DISABLED_MESSAGE, photosToast } from "~/domain/places/places";
import { fetchHybridPhotos } from "~/workflows/activity-places.server";
import { allowMethods, jsonError } from "./responses.server";

export const middleware = allowMethods("POST");

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminApi(request);
  const id = parseIdParam(params.id);
  if (id === null) return jsonError(400, "Invalid activity id");
  const answer = await fetchHybridPhotos(id);
  if (answer.kind === "disabled") return jsonError(409, HYBRID_DISABLED_MESSAGE);
  if (answer.kind === "not_found") return jsonError(404, "Activity not found.");
  const { outcome } = answer;
  if (outcome.kind === "failed") {
    return jsonError(failureStatus(outcome.failure), photosToast(answer.activity.title, outcome).description);
  }
  return Response.json({
    photoCount: answer.photoCount,
    source: answer.source,
    message: photosToast(answer.activity.title, outcome).title,
  });
}
