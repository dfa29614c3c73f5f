// /admin/settings/bulk-enhance — the confirmation of the Settings tab's Bulk Enhance (admin §2 'Settings tab', §9
// 'photo enhancement … about $0.04 per activity'): it covers every activity without Google photos, with the
// per-activity cost and the total; Confirm queues the Enhance Photos job, whose progress the Activities tab shows.
// A refusal (nothing to do, no key, a run going on) or a start that fails is §8 'Enhancement Failed'.
import type { Route } from "./+types/bulk-enhance";
import { requireAdmin } from "~/auth/session.server";
import { redirectWithToast } from "~/auth/toast.server";
import { ConfirmDialog, RefusedDialog } from "~/components/ConfirmDialog";
import { activityIdsWithoutGooglePhotos } from "~/data/activity-places.server";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { countOf } from "~/domain/counts";
import { enhancementFailedToast, photoCostSummary } from "~/domain/places/places";
import { placesJobRefusal, startPlacesJob } from "~/jobs/queue.server";

const SETTINGS = "/admin/settings";
const NOTHING_TO_ENHANCE = "Every activity already has Google photos.";

async function refusalFor(count: number): Promise<string | null> {
  return count === 0 ? NOTHING_TO_ENHANCE : placesJobRefusal("enhance-photos", count);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const count = (await activityIdsWithoutGooglePhotos()).length;
  return { count, refusal: await refusalFor(count) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const ids = await activityIdsWithoutGooglePhotos();
  const refused = await refusalFor(ids.length);
  if (refused) return redirectWithToast(request, SETTINGS, enhancementFailedToast(refused));
  const started = await startPlacesJob("enhance-photos", ids, admin.email);
  if (!started.ok) return redirectWithToast(request, SETTINGS, enhancementFailedToast(started.message));
  return redirectWithToast(request, "/admin/activities#jobs", {
    title: "Enhance Photos started",
    description: `Fetching photos for ${countOf(ids.length, "activity", "activities")}; the progress is shown below.`,
  });
}

export function meta() {
  return [{ title: adminPageTitle("Bulk Enhance") }];
}

export default function BulkEnhance({ loaderData }: Route.ComponentProps) {
  const { count, refusal } = loaderData;
  if (refusal) {
    return <RefusedDialog title="Bulk Enhance" closeTo={SETTINGS} message={refusal} backLabel="Back to settings" />;
  }
  return (
    <ConfirmDialog
      title={`Fetch Google photos for ${countOf(count, "activity", "activities")}?`}
      closeTo={SETTINGS}
      confirmLabel="Bulk Enhance"
      danger={false}
    >
      <p className="font-medium">{photoCostSummary(count)}</p>
      <p className="mt-3 text-sm text-gray-700">
        It covers the activities without Google photos; those that have some keep them. It runs in the background: its
        progress is shown on the Activities tab, where you can cancel it.
      </p>
    </ConfirmDialog>
  );
}
