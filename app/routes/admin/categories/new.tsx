// /admin/categories/new — the Add Category dialog (a modal with JavaScript, a page without).
import type { Route } from "./+types/new";
import { requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { createCategory } from "~/data/categories.server";
import { ADMIN_CATEGORIES_PATH } from "~/domain/admin/admin-urls";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { CategorySchema } from "~/domain/taxonomy/category-form";
import { createFromForm } from "../form-action.server";
import { CategoryForm } from "./CategoryForm";

export function meta() {
  return [{ title: adminPageTitle("Add Category") }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return createFromForm(request, CategorySchema, createCategory, {
    listUrl: ADMIN_CATEGORIES_PATH,
    thing: "Category",
    name: (category) => category.name,
  });
}

export default function NewCategory({ actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Add Category" closeTo={ADMIN_CATEGORIES_PATH}>
      <CategoryForm lastResult={actionData?.result} backTo={ADMIN_CATEGORIES_PATH} />
    </RouteDialog>
  );
}
