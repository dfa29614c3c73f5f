// /admin/activities/:id/delete — the delete confirmation (admin §2): a dialog over the list with JavaScript,
// a page of its own without it.
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/activities.delete";
import { redirectWithToast, requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { deleteActivity, getActivityRow } from "~/data/activities.server";
import { listUrlOf } from "~/domain/admin-activity-list";
import { parseIdParam } from "~/domain/form-values";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  const row = id ? await getActivityRow(id) : null;
  if (!row) {
    throw await redirectWithToast(request, listUrlOf(new URL(request.url).searchParams), {
      title: "Error",
      description: "Activity not found.",
      variant: "destructive",
    });
  }
  return { id: row.id, title: row.title };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const listUrl = listUrlOf(new URL(request.url).searchParams);
  const id = parseIdParam(params.id);
  const row = id ? await getActivityRow(id) : null;
  if (!row)
    return redirectWithToast(request, listUrl, {
      title: "Error",
      description: "Activity not found.",
      variant: "destructive",
    });
  try {
    await deleteActivity(row.id);
  } catch (error) {
    console.error(error);
    return redirectWithToast(request, listUrl, {
      title: "Error",
      description: "Failed to delete activity",
      variant: "destructive",
    });
  }
  return redirectWithToast(request, listUrl, { title: "Activity deleted", description: `"${row.title}" was deleted.` });
}

export function meta() {
  return [{ title: "Delete Activity | Admin Dashboard" }];
}

export default function DeleteActivity({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const closeTo = listUrlOf(new URLSearchParams(location.search));
  return (
    <RouteDialog title="Delete Activity" closeTo={closeTo}>
      <p>Are you sure you want to delete "{loaderData.title}"? This action cannot be undone.</p>
      <Form method="post" action={`${location.pathname}${location.search}`} className="mt-6 flex justify-end gap-2">
        <Link to={closeTo} preventScrollReset className="rounded-md border border-gray-300 px-4 py-2 font-semibold">
          Cancel
        </Link>
        <button
          type="submit"
          disabled={busy}
          autoFocus
          className="rounded-md bg-red-600 px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          Delete
        </button>
      </Form>
    </RouteDialog>
  );
}
