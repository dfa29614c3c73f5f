// /admin/categories/new — the Add Category dialog (a modal with JavaScript, a page without).
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/new";
import { redirectWithToast, requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { createCategory } from "~/data/categories.server";
import { ADMIN_CATEGORIES_PATH } from "~/domain/admin-urls";
import { CategorySchema } from "~/domain/category-form";
import { CategoryForm } from "./CategoryForm";

export function meta() {
  return [{ title: "Add Category · Admin Dashboard" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: CategorySchema, disableAutoCoercion: true });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await createCategory(submission.value);
  if (!outcome.ok) {
    const message = outcome.reason === "not-found" ? "The category could not be created" : outcome.message;
    return data({ result: submission.reply({ fieldErrors: { name: [message] } }) }, { status: 409 });
  }
  return redirectWithToast(request, ADMIN_CATEGORIES_PATH, {
    title: "Success",
    description: `Category “${outcome.value.name}” created`,
  });
}

export default function NewCategory({ actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Add Category" closeTo={ADMIN_CATEGORIES_PATH}>
      <CategoryForm lastResult={actionData?.result} backTo={ADMIN_CATEGORIES_PATH} />
    </RouteDialog>
  );
}
