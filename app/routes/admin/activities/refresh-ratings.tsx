// /admin/activities/refresh-ratings — the confirmation of Refresh Ratings (admin §2; §9 'Bulk rating refresh may
// take several minutes and use significant quota'): how many activities and Google calls it takes; Confirm queues
// the job, whose progress the Activities tab shows. Refused with no activities, without a key, or while one runs.
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/refresh-ratings";
import { redirectWithToast, requireAdmin } from "~/auth/session.server";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { buttonClass } from "~/components/FormFields";
import { RouteDialog } from "~/components/RouteDialog";
import { activeJobRun } from "~/data/job-runs.server";
import { allActivityIds } from "~/data/activity-places.server";
import { listUrlOf } from "~/domain/admin-activity-list";
import { adminPageTitle } from "~/domain/admin-user";
import { countOf } from "~/domain/counts";
import { bulkFailureToast, PLACES_NOT_CONFIGURED_MESSAGE, RATING_REFRESH_WARNING } from "~/domain/places";
import { enqueue } from "~/jobs/queue.server";
import { placesConfig } from "~/services/google-places.server";

const NO_ACTIVITIES = "There are no activities to refresh.";
const ALREADY_RUNNING = "Refresh Ratings is already running; its progress is on the Activities tab.";

async function refusal(count: number): Promise<string | null> {
  if (count === 0) return NO_ACTIVITIES;
  if (!placesConfig()) return PLACES_NOT_CONFIGURED_MESSAGE;
  if (await activeJobRun("refresh-ratings")) return ALREADY_RUNNING;
  return null;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const count = (await allActivityIds()).length;
  return { count, refusal: await refusal(count) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const listUrl = listUrlOf(new URL(request.url).searchParams);
  const activityIds = await allActivityIds();
  const refused = await refusal(activityIds.length);
  if (refused) return redirectWithToast(request, listUrl, bulkFailureToast("ratings", refused));
  const queued = await enqueue("refresh-ratings", { activityIds }, admin.email, () => activeJobRun("refresh-ratings"));
  if (!queued.ok) return redirectWithToast(request, listUrl, bulkFailureToast("ratings", ALREADY_RUNNING));
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
    return (
      <RouteDialog title="Refresh Ratings" closeTo={closeTo}>
        <p role="alert">{refused}</p>
        <div className="mt-6 flex justify-end">
          <Link to={closeTo} preventScrollReset className={buttonClass.secondary}>
            Back to activities
          </Link>
        </div>
      </RouteDialog>
    );
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
