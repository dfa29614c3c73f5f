// /admin/categories/:id/edit — the Edit Category dialog; a rename is written onto the category's activities. The
// form carries the version it was opened from; a save after someone else's is refused with their changes marked.
import type { Route } from "./+types/edit";
import { requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { categoryFormState, updateCategory } from "~/data/categories.server";
import { ADMIN_CATEGORIES_PATH } from "~/domain/admin/admin-urls";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { CategorySchema } from "~/domain/taxonomy/category-form";
import { countOf } from "~/domain/counts";
import { parseIdParam } from "~/domain/form-values";
import { backToListNotFound, requireRow, saveEdit } from "../form-action.server";
import { CategoryForm } from "./CategoryForm";

export function meta() {
  return [{ title: adminPageTitle("Edit Category") }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const state = await requireRow(request, params.id, categoryFormState, {
    listUrl: ADMIN_CATEGORIES_PATH,
    thing: "Category",
  });
  return { category: state.category, versioned: { version: state.version, opened: state.values } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = parseIdParam(params.id);
  if (id === null) return backToListNotFound(request, ADMIN_CATEGORIES_PATH, "Category");
  return saveEdit(request, {
    schema: CategorySchema,
    write: (input, version) => updateCategory(id, input, { by: admin.email, version }),
    current: () => categoryFormState(id),
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
      <CategoryForm
        category={loaderData.category}
        lastResult={actionData?.result}
        backTo={ADMIN_CATEGORIES_PATH}
        versioned={actionData?.versioned ?? loaderData.versioned}
      />
    </RouteDialog>
  );
}
