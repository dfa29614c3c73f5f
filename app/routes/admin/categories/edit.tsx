// /admin/categories/:id/edit — the Edit Category dialog; a rename is written onto the category's activities.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/edit";
import { redirectWithToast, requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { getCategoryWithActivityCount, updateCategory } from "~/data/categories.server";
import { ADMIN_CATEGORIES_PATH } from "~/domain/admin-urls";
import { CategorySchema } from "~/domain/category-form";
import { parseIdParam } from "~/domain/form-values";
import { CategoryForm } from "./CategoryForm";

export function meta() {
  return [{ title: "Edit Category · Admin Dashboard" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  const category = id === null ? null : await getCategoryWithActivityCount(id);
  if (!category) throw data(null, { status: 404 });
  return { category };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  if (id === null) throw data(null, { status: 404 });
  const submission = parseWithZod(await request.formData(), { schema: CategorySchema, disableAutoCoercion: true });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await updateCategory(id, submission.value);
  if (!outcome.ok) {
    if (outcome.reason === "not-found") throw data(null, { status: 404 });
    return data({ result: submission.reply({ fieldErrors: { name: [outcome.message] } }) }, { status: 409 });
  }
  const { name, renamedActivities } = outcome.value;
  const moved =
    renamedActivities > 0
      ? ` (${renamedActivities} ${renamedActivities === 1 ? "activity" : "activities"} renamed with it)`
      : "";
  return redirectWithToast(request, ADMIN_CATEGORIES_PATH, {
    title: "Success",
    description: `Category “${name}” updated${moved}`,
  });
}

export default function EditCategory({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Edit Category" closeTo={ADMIN_CATEGORIES_PATH}>
      <CategoryForm category={loaderData.category} lastResult={actionData?.result} backTo={ADMIN_CATEGORIES_PATH} />
    </RouteDialog>
  );
}
