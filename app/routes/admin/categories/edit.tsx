// /admin/categories/:id/edit — the Edit Category dialog; a rename is written onto the category's activities.
import type { Route } from "./+types/edit";
import { requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { getCategoryWithActivityCount, updateCategory } from "~/data/categories.server";
import { ADMIN_CATEGORIES_PATH } from "~/domain/admin-urls";
import { adminPageTitle } from "~/domain/admin-user";
import { CategorySchema } from "~/domain/category-form";
import { countOf } from "~/domain/counts";
import { parseIdParam } from "~/domain/form-values";
import { answerWrite, invalid, notFound, readSubmission, requireRow } from "../form-action.server";
import { CategoryForm } from "./CategoryForm";

export function meta() {
  return [{ title: adminPageTitle("Edit Category") }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const category = await requireRow(request, params.id, getCategoryWithActivityCount, {
    listUrl: ADMIN_CATEGORIES_PATH,
    thing: "Category",
  });
  return { category };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  if (id === null) return notFound(request, ADMIN_CATEGORIES_PATH, "Category");
  const submission = await readSubmission(request, CategorySchema);
  if (submission.status !== "success") return invalid(submission);
  return answerWrite(request, submission, await updateCategory(id, submission.value), {
    listUrl: ADMIN_CATEGORIES_PATH,
    thing: "Category",
    success: ({ name, renamedActivities }) => {
      const renamed =
        renamedActivities > 0 ? ` (${countOf(renamedActivities, "activity", "activities")} renamed with it)` : "";
      return { title: "Success", description: `Category “${name}” updated${renamed}` };
    },
  });
}

export default function EditCategory({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Edit Category" closeTo={ADMIN_CATEGORIES_PATH}>
      <CategoryForm category={loaderData.category} lastResult={actionData?.result} backTo={ADMIN_CATEGORIES_PATH} />
    </RouteDialog>
  );
}
