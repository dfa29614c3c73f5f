// /admin/tags/new — the Add Tag dialog (a modal with JavaScript, a page without).
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/new";
import { redirectWithToast, requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { createTag } from "~/data/tags.server";
import { ADMIN_TAGS_PATH } from "~/domain/admin-urls";
import { TagSchema } from "~/domain/tag-form";
import { TagForm } from "./TagForm";

export function meta() {
  return [{ title: "Add Tag · Admin Dashboard" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: TagSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await createTag(submission.value);
  if (!outcome.ok) {
    const message = outcome.reason === "conflict" ? outcome.message : "The tag could not be created";
    return data({ result: submission.reply({ fieldErrors: { name: [message] } }) }, { status: 409 });
  }
  return redirectWithToast(request, ADMIN_TAGS_PATH, {
    title: "Success",
    description: `Tag “${outcome.value.name}” created`,
  });
}

export default function NewTag({ actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Add Tag" closeTo={ADMIN_TAGS_PATH}>
      <TagForm lastResult={actionData?.result} backTo={ADMIN_TAGS_PATH} />
    </RouteDialog>
  );
}
