// /admin/tags/:id/delete — the delete confirmation; the tag comes off its activities with it.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/delete";
import { redirectWithToast, requireAdmin } from "~/auth/session.server";
import { buttonClass } from "~/components/FormFields";
import { RouteDialog } from "~/components/RouteDialog";
import { deleteTag, getTagWithActivityCount } from "~/data/tags.server";
import { parseIdParam } from "~/domain/form-values";
import { ADMIN_TAGS_PATH } from "~/domain/admin-urls";

export function meta() {
  return [{ title: "Delete Tag · Admin Dashboard" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  const tag = id === null ? null : await getTagWithActivityCount(id);
  if (!tag) throw data(null, { status: 404 });
  return { tag: { name: tag.name, activityCount: tag.activityCount } };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  const outcome = id === null ? null : await deleteTag(id);
  if (!outcome?.ok) {
    return redirectWithToast(request, ADMIN_TAGS_PATH, {
      title: "Error",
      description: "Tag not found.",
      variant: "destructive",
    });
  }
  return redirectWithToast(request, ADMIN_TAGS_PATH, {
    title: "Success",
    description: `Tag “${outcome.value.name}” deleted`,
  });
}

export default function DeleteTag({ loaderData }: Route.ComponentProps) {
  const { tag } = loaderData;
  return (
    <RouteDialog title="Delete Tag" closeTo={ADMIN_TAGS_PATH}>
      <Form method="post">
        <p className="text-gray-800">
          Are you sure you want to delete "{tag.name}"?{" "}
          {tag.activityCount > 0 &&
            `It will be removed from ${tag.activityCount} ${tag.activityCount === 1 ? "activity" : "activities"}. `}
          This action cannot be undone.
        </p>
        <div className="mt-6 flex justify-end gap-2">
          <Link to={ADMIN_TAGS_PATH} preventScrollReset className={buttonClass.secondary}>
            Cancel
          </Link>
          <button type="submit" className={buttonClass.danger}>
            Delete
          </button>
        </div>
      </Form>
    </RouteDialog>
  );
}
