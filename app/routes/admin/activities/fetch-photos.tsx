// /admin/activities/:id/places/photos — a card's 'fetch photos (about $0.04)' (admin §2): first its confirmation with
// the cost (§9 'fetch photos about $0.04 per activity (shown in confirmation)'), as the bulk Enhance Photos has; Confirm
// posts here, the fetch runs (the same operation the §7 API calls) and the list comes back with the §8 toast.
// A dialog over the list with JavaScript, a page of its own without it.
import { useLocation } from "react-router";
import type { Route } from "./+types/fetch-photos";
import { requireAdmin } from "~/auth/session.server";
import { redirectWithToast } from "~/auth/toast.server";
import { ConfirmDialog, RefusedDialog } from "~/components/ConfirmDialog";
import { getActivityRow } from "~/data/activities/rows.server";
import { listUrlOf } from "~/domain/activities/admin-activity-list";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { parseIdParam } from "~/domain/form-values";
import { PLACES_NOT_CONFIGURED_MESSAGE, photoCostSummary, photosToast } from "~/domain/places/places";
import { fetchActivityPhotos } from "~/workflows/activity-places.server";
import { placesConfig } from "~/services/google-places.server";
import { backToListNotFound } from "../form-action.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  const row = id ? await getActivityRow(id) : null;
  if (!row) throw await backToListNotFound(request, listUrlOf(new URL(request.url).searchParams), "Activity");
  return { title: row.title, refusal: placesConfig() ? null : PLACES_NOT_CONFIGURED_MESSAGE };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const listUrl = listUrlOf(new URL(request.url).searchParams);
  const id = parseIdParam(params.id);
  if (id === null) return backToListNotFound(request, listUrl, "Activity");
  const answer = await fetchActivityPhotos(id);
  if (!answer.activity) return backToListNotFound(request, listUrl, "Activity");
  return redirectWithToast(request, listUrl, photosToast(answer.activity.title, answer.outcome));
}

export function meta() {
  return [{ title: adminPageTitle("Fetch Photos") }];
}

export default function FetchPhotos({ loaderData }: Route.ComponentProps) {
  const closeTo = listUrlOf(new URLSearchParams(useLocation().search));
  const { title, refusal } = loaderData;
  if (refusal) {
    return <RefusedDialog title="Fetch Photos" closeTo={closeTo} message={refusal} backLabel="Back to activities" />;
  }
  return (
    <ConfirmDialog title="Fetch Photos" closeTo={closeTo} confirmLabel="Fetch Photos" danger={false}>
      <p>Fetch the Google photos of "{title}"?</p>
      <p className="mt-3 font-medium">{photoCostSummary(1)}</p>
      <p className="mt-3 text-sm text-gray-700">
        The Google Places calls are billed to the configured key. Any Google photos it has now are replaced.
      </p>
    </ConfirmDialog>
  );
}
