// /admin/activities/enhance-photos — the confirmation of the bulk Enhance Photos action (admin §2) for the selected
// activities, with the per-activity cost and the selection's total (§9 'about $0.04 per activity'); Confirm queues
// the job, whose progress the Activities tab shows.
import { useLocation } from "react-router";
import type { Route } from "./+types/enhance-photos";
import { requireAdmin } from "~/auth/session.server";
import { redirectWithToast } from "~/auth/toast.server";
import { ConfirmDialog, RefusedDialog } from "~/components/ConfirmDialog";
import { activityTitles } from "~/data/activities/admin-list.server";
import { existingActivityIds } from "~/data/activity-places.server";
import { BULK_MESSAGES, activityIdsSchema } from "~/domain/activities/activity-form";
import { listUrlOf } from "~/domain/activities/admin-activity-list";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { countOf } from "~/domain/counts";
import { bulkFailureToast, photoCostSummary } from "~/domain/places/places";
import { placesJobRefusal, startPlacesJob } from "~/jobs/queue.server";
import { readForm } from "../form-action.server";

/** The selection's ids that still exist, or why nothing can run. */
async function readSelection(ids: string[]): Promise<{ ok: true; ids: number[] } | { ok: false; message: string }> {
  const parsed = activityIdsSchema.safeParse(ids);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? BULK_MESSAGES.noneSelected };
  const existing = await existingActivityIds(parsed.data);
  if (existing.length === 0) return { ok: false, message: BULK_MESSAGES.noneSelected };
  const refused = await placesJobRefusal("enhance-photos", existing.length);
  return refused ? { ok: false, message: refused } : { ok: true, ids: existing };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const selection = await readSelection(new URL(request.url).searchParams.getAll("ids"));
  if (!selection.ok) return { ...selection, activities: [] };
  return { ...selection, activities: await activityTitles(selection.ids) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const listUrl = listUrlOf(new URL(request.url).searchParams);
  const form = await readForm(request);
  const selection = await readSelection(form.getAll("ids").filter((v): v is string => typeof v === "string"));
  if (!selection.ok) return redirectWithToast(request, listUrl, bulkFailureToast("photos", selection.message));
  const started = await startPlacesJob("enhance-photos", selection.ids, admin.email);
  if (!started.ok) return redirectWithToast(request, listUrl, bulkFailureToast("photos", started.message));
  return redirectWithToast(request, `${listUrl}#jobs`, {
    title: "Enhance Photos started",
    description: `Fetching photos for ${countOf(selection.ids.length, "activity", "activities")}; the progress is shown below.`,
  });
}

export function meta() {
  return [{ title: adminPageTitle("Enhance Photos") }];
}

export default function EnhancePhotos({ loaderData }: Route.ComponentProps) {
  const closeTo = listUrlOf(new URLSearchParams(useLocation().search));
  if (!loaderData.ok) {
    return (
      <RefusedDialog
        title="Enhance Photos"
        closeTo={closeTo}
        message={loaderData.message}
        backLabel="Back to activities"
      />
    );
  }
  const { ids, activities: rows } = loaderData;
  return (
    <ConfirmDialog
      title={`Fetch Google photos for ${countOf(ids.length, "activity", "activities")}?`}
      closeTo={closeTo}
      confirmLabel="Enhance Photos"
      danger={false}
      fields={ids.map((id) => ["ids", String(id)] as const)}
    >
      <p className="font-medium">{photoCostSummary(ids.length)}</p>
      <ul className="mt-3 max-h-60 list-disc overflow-y-auto pl-5 text-sm">
        {rows.map((a) => (
          <li key={a.id}>{a.title}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-gray-700">
        It runs in the background: you can leave this page, and cancel it from the Activities tab.
      </p>
    </ConfirmDialog>
  );
}
