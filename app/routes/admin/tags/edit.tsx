// /admin/tags/:id/edit — the Edit Tag dialog.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/edit";
import { redirectWithToast, requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { getTagWithActivityCount, updateTag } from "~/data/tags.server";
import { parseIdParam } from "~/domain/form-values";
import { ADMIN_TAGS_PATH } from "~/domain/admin-urls";
import { TagSchema } from "~/domain/tag-form";
import { TagForm } from "./TagForm";

export function meta() {
  return [{ title: "Edit Tag · Admin Dashboard" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  const tag = id === null ? null : await getTagWithActivityCount(id);
  if (!tag) throw data(null, { status: 404 });
  return { tag };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  if (id === null) throw data(null, { status: 404 });
  const submission = parseWithZod(await request.formData(), { schema: TagSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await updateTag(id, submission.value);
  if (!outcome.ok) {
    if (outcome.reason === "not-found") throw data(null, { status: 404 });
    return data({ result: submission.reply({ fieldErrors: { name: [outcome.message] } }) }, { status: 409 });
  }
  return redirectWithToast(request, ADMIN_TAGS_PATH, {
    title: "Success",
    description: `Tag “${outcome.value.name}” updated`,
  });
}

export default function EditTag({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Edit Tag" closeTo={ADMIN_TAGS_PATH}>
      <TagForm tag={loaderData.tag} lastResult={actionData?.result} backTo={ADMIN_TAGS_PATH} />
    </RouteDialog>
  );
}
