// POST /admin/activities/jobs/:jobId/cancel — stops a background job (a queued one at once, a running one after
// the item it is on); what it did is kept. Back to the list, whose jobs section shows the outcome.
import { redirect } from "react-router";
import type { Route } from "./+types/cancel-job";
import { requireAdmin } from "~/auth/session.server";
import { redirectWithToast } from "~/auth/toast.server";
import { listUrlOf } from "~/domain/activities/admin-activity-list";
import { cancelJob } from "~/jobs/queue.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(listUrlOf(new URL(request.url).searchParams));
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const listUrl = listUrlOf(new URL(request.url).searchParams);
  const description = await cancelJob(params.jobId ?? "");
  if (!description) {
    return redirectWithToast(request, listUrl, {
      title: "Error",
      description: "Job not found.",
      variant: "destructive",
    });
  }
  return redirectWithToast(request, listUrl, { title: "Cancel", description });
}
