// /admin/activities/:id/delete — the delete confirmation (admin §2): a dialog over the list with JavaScript,
// a page of its own without it.
import { useLocation } from "react-router";
import type { Route } from "./+types/delete";
import { requireAdmin } from "~/auth/session.server";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { getActivityRow } from "~/data/activities/rows.server";
import { deleteActivity } from "~/data/activities/writes.server";
import { listUrlOf } from "~/domain/activities/admin-activity-list";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { TRASH_NOTE } from "~/domain/admin/history";
import { parseIdParam } from "~/domain/form-values";
import { backToListNotFound, done, failed } from "../form-action.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  const row = id ? await getActivityRow(id) : null;
  if (!row) throw await backToListNotFound(request, listUrlOf(new URL(request.url).searchParams), "Activity");
  return { id: row.id, title: row.title };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const listUrl = listUrlOf(new URL(request.url).searchParams);
  const id = parseIdParam(params.id);
  if (!id) return backToListNotFound(request, listUrl, "Activity");
  try {
    const outcome = await deleteActivity(id);
    if (!outcome.ok) return backToListNotFound(request, listUrl, "Activity");
    return done(request, listUrl, { title: "Activity deleted", description: `"${outcome.value.title}" was deleted.` });
  } catch (error) {
    console.error(error);
    return failed(request, listUrl, "Failed to delete activity");
  }
}

export function meta() {
  return [{ title: adminPageTitle("Delete Activity") }];
}

export default function DeleteActivity({ loaderData }: Route.ComponentProps) {
  const closeTo = listUrlOf(new URLSearchParams(useLocation().search));
  return (
    <ConfirmDialog title="Delete Activity" closeTo={closeTo}>
      <p>
        Are you sure you want to delete "{loaderData.title}"? {TRASH_NOTE}
      </p>
    </ConfirmDialog>
  );
}
