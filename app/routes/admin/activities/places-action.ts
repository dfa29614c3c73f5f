// POST /admin/activities/:id/places/rating and /admin/activities/:id/places/photos — a card's Fetch/Refresh Rating and 'fetch
// photos (about $0.04)' (admin §2) as plain form posts: the operation runs (the same one the §7 API calls) and the
// list comes back with the §8 toast. A GET of either address is the list.
import { redirect } from "react-router";
import type { Route } from "./+types/places-action";
import { redirectWithToast, requireAdmin } from "~/auth/session.server";
import { listUrlOf } from "~/domain/admin-activity-list";
import { parseIdParam } from "~/domain/form-values";
import { photosToast, ratingToast } from "~/domain/places";
import { fetchActivityPhotos, fetchActivityRating } from "~/services/activity-places.server";
import { notFound } from "../form-action.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(listUrlOf(new URL(request.url).searchParams));
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const listUrl = listUrlOf(url.searchParams);
  const id = parseIdParam(params.id);
  if (id === null) return notFound(request, listUrl, "Activity");
  // The operation comes from the route's parameter, not the path: with JavaScript the post goes to '….data'.
  if (params.operation !== "rating" && params.operation !== "photos") return notFound(request, listUrl, "Activity");
  if (params.operation === "rating") {
    const answer = await fetchActivityRating(id);
    if (!answer.activity) return notFound(request, listUrl, "Activity");
    return redirectWithToast(request, listUrl, ratingToast(answer.activity.title, answer.outcome));
  }
  const answer = await fetchActivityPhotos(id);
  if (!answer.activity) return notFound(request, listUrl, "Activity");
  return redirectWithToast(request, listUrl, photosToast(answer.activity.title, answer.outcome));
}
