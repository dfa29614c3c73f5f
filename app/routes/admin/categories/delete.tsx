// /admin/categories/:id/delete — the delete confirmation: the category's activities move to "Other".
import type { Route } from "./+types/delete";
import { requireAdmin } from "~/auth/session.server";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { deleteCategory, getCategoryWithActivityCount } from "~/data/categories.server";
import { ADMIN_CATEGORIES_PATH } from "~/domain/admin/admin-urls";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { categoryDeleteConfirmation } from "~/domain/taxonomy/category-form";
import { countOf } from "~/domain/counts";
import { parseIdParam } from "~/domain/form-values";
import { backToListNotFound, done, failed, requireRow } from "../form-action.server";
import { FALLBACK_CATEGORY } from "~/domain/taxonomy/taxonomy";

export function meta() {
  return [{ title: adminPageTitle("Delete Category") }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const category = await requireRow(request, params.id, getCategoryWithActivityCount, {
    listUrl: ADMIN_CATEGORIES_PATH,
    thing: "Category",
  });
  return { confirmation: categoryDeleteConfirmation(category.name, category.activityCount) };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  const outcome = id === null ? null : await deleteCategory(id);
  if (!outcome || (!outcome.ok && outcome.reason === "not-found")) {
    return backToListNotFound(request, ADMIN_CATEGORIES_PATH, "Category");
  }
  if (!outcome.ok) return failed(request, ADMIN_CATEGORIES_PATH, outcome.message);
  const { name, movedActivities } = outcome.value;
  const moved =
    movedActivities > 0
      ? `; ${countOf(movedActivities, "activity", "activities")} moved to “${FALLBACK_CATEGORY}”`
      : "";
  return done(request, ADMIN_CATEGORIES_PATH, { title: "Success", description: `Category “${name}” deleted${moved}` });
}

export default function DeleteCategory({ loaderData }: Route.ComponentProps) {
  return (
    <ConfirmDialog title="Delete Category" closeTo={ADMIN_CATEGORIES_PATH}>
      <p className="text-gray-800">{loaderData.confirmation}</p>
    </ConfirmDialog>
  );
}
