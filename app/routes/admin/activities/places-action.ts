// POST /admin/activities/:id/places/rating — a card's Fetch/Refresh Rating (admin §2) as a plain form post: the
// operation runs (the same one the §7 API calls) and the list comes back with the §8 toast. A GET is the list.
// 'fetch photos' has a confirmation with its cost first: ./fetch-photos.tsx, at …/places/photos.
import { redirect } from "react-router";
import type { Route } from "./+types/places-action";
import { requireAdmin } from "~/auth/session.server";
import { redirectWithToast } from "~/auth/toast.server";
import { listUrlOf } from "~/domain/activities/admin-activity-list";
import { parseIdParam } from "~/domain/form-values";
import { ratingToast } from "~/domain/places/places";
import { fetchActivityRating } from "~/workflows/activity-places.server";
import { backToListNotFound } from "../form-action.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(listUrlOf(new URL(request.url).searchParams));
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const listUrl = listUrlOf(url.searchParams);
  const id = parseIdParam(params.id);
  if (id === null) return backToListNotFound(request, listUrl, "Activity");
  // The operation comes from the route's parameter, not the path: with JavaScript the post goes to '….data'.
  if (params.operation !== "rating") return backToListNotFound(request, listUrl, "Activity");
  const answer = await fetchActivityRating(id);
  if (!answer.activity) return backToListNotFound(request, listUrl, "Activity");
  return redirectWithToast(request, listUrl, ratingToast(answer.activity.title, answer.outcome));
}
