// /admin/categories/:id/delete — the delete confirmation: the category's activities move to "Other".
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/delete";
import { redirectWithToast, requireAdmin } from "~/auth/session.server";
import { buttonClass } from "~/components/FormFields";
import { RouteDialog } from "~/components/RouteDialog";
import { deleteCategory, getCategoryWithActivityCount } from "~/data/categories.server";
import { ADMIN_CATEGORIES_PATH } from "~/domain/admin-urls";
import { categoryDeleteConfirmation, FALLBACK_CATEGORY } from "~/domain/category-form";
import { parseIdParam } from "~/domain/form-values";

export function meta() {
  return [{ title: "Delete Category · Admin Dashboard" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  const category = id === null ? null : await getCategoryWithActivityCount(id);
  if (!category) throw data(null, { status: 404 });
  return { confirmation: categoryDeleteConfirmation(category.name, category.activityCount) };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  const outcome = id === null ? null : await deleteCategory(id);
  if (!outcome?.ok) {
    const description = !outcome || outcome.reason === "not-found" ? "Category not found." : outcome.message;
    return redirectWithToast(request, ADMIN_CATEGORIES_PATH, { title: "Error", description, variant: "destructive" });
  }
  const { name, movedActivities } = outcome.value;
  const moved =
    movedActivities > 0
      ? `; ${movedActivities} ${movedActivities === 1 ? "activity" : "activities"} moved to “${FALLBACK_CATEGORY}”`
      : "";
  return redirectWithToast(request, ADMIN_CATEGORIES_PATH, {
    title: "Success",
    description: `Category “${name}” deleted${moved}`,
  });
}

export default function DeleteCategory({ loaderData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Delete Category" closeTo={ADMIN_CATEGORIES_PATH}>
      <Form method="post">
        <p className="text-gray-800">{loaderData.confirmation}</p>
        <div className="mt-6 flex justify-end gap-2">
          <Link to={ADMIN_CATEGORIES_PATH} preventScrollReset className={buttonClass.secondary}>
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
