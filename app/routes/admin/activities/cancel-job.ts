// POST /admin/activities/jobs/:jobId/cancel — stops a background job (a queued one at once, a running one after
// the item it is on); what it did is kept. Back to the list, whose jobs section shows the outcome.
import { redirect } from "react-router";
import type { Route } from "./+types/cancel-job";
import { redirectWithToast, requireAdmin } from "~/auth/session.server";
import { requestCancel } from "~/data/job-runs.server";
import { listUrlOf } from "~/domain/admin-activity-list";
import { JOB_KINDS, JOB_LABELS, type JobKind } from "~/domain/jobs";
import { cancelQueued } from "~/jobs/queue.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(listUrlOf(new URL(request.url).searchParams));
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const listUrl = listUrlOf(new URL(request.url).searchParams);
  const id = (params.jobId ?? "").slice(0, 64);
  const before = await requestCancel(id);
  if (!before) {
    return redirectWithToast(request, listUrl, {
      title: "Error",
      description: "Job not found.",
      variant: "destructive",
    });
  }
  const kind = before.kind as JobKind;
  if (before.status === "cancelled" && JOB_KINDS.includes(kind)) await cancelQueued(kind, id);
  const label = JOB_KINDS.includes(kind) ? JOB_LABELS[kind] : "Job";
  const description =
    before.status === "running"
      ? `${label} stops after the activity it is on; what it did is kept.`
      : before.status === "cancelled"
        ? `${label} was cancelled.`
        : `${label} had already finished.`;
  return redirectWithToast(request, listUrl, { title: "Cancel", description });
}
