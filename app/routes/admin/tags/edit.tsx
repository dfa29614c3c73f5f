// /admin/tags/:id/edit — the Edit Tag dialog.
import type { Route } from "./+types/edit";
import { requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { getTagWithActivityCount, updateTag } from "~/data/tags.server";
import { ADMIN_TAGS_PATH } from "~/domain/admin-urls";
import { adminPageTitle } from "~/domain/admin-user";
import { parseIdParam } from "~/domain/form-values";
import { TagSchema } from "~/domain/tag-form";
import { done, invalid, notFound, readSubmission, refused } from "../form-action.server";
import { TagForm } from "./TagForm";

export function meta() {
  return [{ title: adminPageTitle("Edit Tag") }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  const tag = id === null ? null : await getTagWithActivityCount(id);
  if (!tag) throw await notFound(request, ADMIN_TAGS_PATH, "Tag");
  return { tag };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  if (id === null) return notFound(request, ADMIN_TAGS_PATH, "Tag");
  const submission = await readSubmission(request, TagSchema);
  if (submission.status !== "success") return invalid(submission);
  const outcome = await updateTag(id, submission.value);
  if (!outcome.ok) {
    return outcome.reason === "not-found" ? notFound(request, ADMIN_TAGS_PATH, "Tag") : refused(submission, outcome);
  }
  return done(request, ADMIN_TAGS_PATH, { title: "Success", description: `Tag “${outcome.value.name}” updated` });
}

export default function EditTag({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Edit Tag" closeTo={ADMIN_TAGS_PATH}>
      <TagForm tag={loaderData.tag} lastResult={actionData?.result} backTo={ADMIN_TAGS_PATH} />
    </RouteDialog>
  );
}
