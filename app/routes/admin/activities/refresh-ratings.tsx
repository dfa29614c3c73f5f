// /admin/activities/refresh-ratings — the confirmation of Refresh Ratings (admin §2; §9 'Bulk rating refresh may
// take several minutes and use significant quota'): how many activities and Google calls it takes; Confirm queues
// the job, whose progress the Activities tab shows. Refused with no activities, without a key, or while one runs.
import { useLocation } from "react-router";
import type { Route } from "./+types/refresh-ratings";
import { requireAdmin } from "~/auth/session.server";
import { redirectWithToast } from "~/auth/toast.server";
import { ConfirmDialog, RefusedDialog } from "~/components/ConfirmDialog";
import { allActivityIds } from "~/data/activity-places.server";
import { listUrlOf } from "~/domain/activities/admin-activity-list";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { countOf } from "~/domain/counts";
import { bulkFailureToast, RATING_REFRESH_WARNING } from "~/domain/places/places";
import { placesJobRefusal, startPlacesJob } from "~/jobs/queue.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const count = (await allActivityIds()).length;
  return { count, refusal: await placesJobRefusal("refresh-ratings", count) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const listUrl = listUrlOf(new URL(request.url).searchParams);
  const activityIds = await allActivityIds();
  const started = await startPlacesJob("refresh-ratings", activityIds, admin.email);
  if (!started.ok) return redirectWithToast(request, listUrl, bulkFailureToast("ratings", started.message));
  return redirectWithToast(request, `${listUrl}#jobs`, {
    title: "Refresh Ratings started",
    description: `Refreshing the ratings of ${countOf(activityIds.length, "activity", "activities")}; the progress is shown below.`,
  });
}

export function meta() {
  return [{ title: adminPageTitle("Refresh Ratings") }];
}

export default function RefreshRatings({ loaderData }: Route.ComponentProps) {
  const closeTo = listUrlOf(new URLSearchParams(useLocation().search));
  const { count, refusal: refused } = loaderData;
  if (refused) {
    return <RefusedDialog title="Refresh Ratings" closeTo={closeTo} message={refused} backLabel="Back to activities" />;
  }
  return (
    <ConfirmDialog title="Refresh Ratings" closeTo={closeTo} confirmLabel="Refresh Ratings" danger={false}>
      <p>Fetch the Google rating and review count of all {countOf(count, "activity", "activities")}?</p>
      <p className="mt-3 text-sm text-gray-700">
        {RATING_REFRESH_WARNING} It makes about {count.toLocaleString("en-US")} Google Places calls (one per activity
        whose place is known, two for the others), billed to the configured key. It runs in the background: you can
        leave this page, and cancel it from the Activities tab.
      </p>
    </ConfirmDialog>
  );
}
