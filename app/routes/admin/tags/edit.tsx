// /admin/tags/:id/edit — the Edit Tag dialog.
import type { Route } from "./+types/edit";
import { requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { getTagWithActivityCount, updateTag } from "~/data/tags.server";
import { ADMIN_TAGS_PATH } from "~/domain/admin-urls";
import { adminPageTitle } from "~/domain/admin-user";
import { parseIdParam } from "~/domain/form-values";
import { TagSchema } from "~/domain/tag-form";
import { answerWrite, invalid, notFound, readSubmission, requireRow } from "../form-action.server";
import { TagForm } from "./TagForm";

export function meta() {
  return [{ title: adminPageTitle("Edit Tag") }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const tag = await requireRow(request, params.id, getTagWithActivityCount, { listUrl: ADMIN_TAGS_PATH, thing: "Tag" });
  return { tag };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  if (id === null) return notFound(request, ADMIN_TAGS_PATH, "Tag");
  const submission = await readSubmission(request, TagSchema);
  if (submission.status !== "success") return invalid(submission);
  return answerWrite(request, submission, await updateTag(id, submission.value), {
    listUrl: ADMIN_TAGS_PATH,
    thing: "Tag",
    success: (tag) => ({ title: "Success", description: `Tag “${tag.name}” updated` }),
  });
}

export default function EditTag({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Edit Tag" closeTo={ADMIN_TAGS_PATH}>
      <TagForm tag={loaderData.tag} lastResult={actionData?.result} backTo={ADMIN_TAGS_PATH} />
    </RouteDialog>
  );
}
