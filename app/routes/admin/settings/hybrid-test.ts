// POST /admin/settings/hybrid-photos/test — Test Single Activity (admin §2 'Settings tab', §8): while hybrid photos
// are on, fetches the Google photos of the first activity, by id, that has none yet, and says how it went:
// the activity and its photo count, 'Test Failed' with the reason, 'Feature Disabled' while off, 'No Test Activity
// Found' when every activity has Google photos. A GET is the Settings tab.
import { redirect } from "react-router";
import type { Route } from "./+types/hybrid-test";
import { requireAdmin } from "~/auth/session.server";
import { redirectWithToast } from "~/auth/toast.server";
import { firstActivityWithoutGooglePhotos } from "~/data/activity-places.server";
import { hybridPhotosEnabled } from "~/data/photo-settings.server";
import { hybridTestToast, PHOTO_ENHANCEMENT_TOASTS, testFailedToast } from "~/domain/places/places";
import { fetchHybridPhotos } from "~/workflows/activity-places.server";

const SETTINGS = "/admin/settings";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(SETTINGS);
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  if (!(await hybridPhotosEnabled()))
    return redirectWithToast(request, SETTINGS, PHOTO_ENHANCEMENT_TOASTS.featureDisabled);
  const pick = await firstActivityWithoutGooglePhotos();
  if (!pick) return redirectWithToast(request, SETTINGS, PHOTO_ENHANCEMENT_TOASTS.noTestActivity);
  const answer = await fetchHybridPhotos(pick.id);
  if (answer.kind === "disabled") return redirectWithToast(request, SETTINGS, PHOTO_ENHANCEMENT_TOASTS.featureDisabled);
  // Deleted between the pick and the fetch.
  if (answer.kind === "not_found") return redirectWithToast(request, SETTINGS, testFailedToast("Activity not found."));
  return redirectWithToast(request, SETTINGS, hybridTestToast(answer.activity.title, answer.outcome));
}
