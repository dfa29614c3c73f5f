// /admin/tags/:id/delete — the delete confirmation; the tag comes off its activities with it.
import type { Route } from "./+types/delete";
import { requireAdmin } from "~/auth/session.server";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { deleteTag, getTagWithActivityCount } from "~/data/tags.server";
import { ADMIN_TAGS_PATH } from "~/domain/admin/admin-urls";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { TRASH_NOTE } from "~/domain/admin/history";
import { countOf } from "~/domain/counts";
import { parseIdParam } from "~/domain/form-values";
import { backToListNotFound, done, requireRow } from "../form-action.server";

export function meta() {
  return [{ title: adminPageTitle("Delete Tag") }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const tag = await requireRow(request, params.id, getTagWithActivityCount, { listUrl: ADMIN_TAGS_PATH, thing: "Tag" });
  return { tag: { name: tag.name, activityCount: tag.activityCount } };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  const outcome = id === null ? null : await deleteTag(id);
  if (!outcome?.ok) return backToListNotFound(request, ADMIN_TAGS_PATH, "Tag");
  return done(request, ADMIN_TAGS_PATH, { title: "Success", description: `Tag “${outcome.value.name}” deleted` });
}

export default function DeleteTag({ loaderData }: Route.ComponentProps) {
  const { tag } = loaderData;
  return (
    <ConfirmDialog title="Delete Tag" closeTo={ADMIN_TAGS_PATH}>
      <p className="text-gray-800">
        Are you sure you want to delete "{tag.name}"?{" "}
        {tag.activityCount > 0 && `It will be removed from ${countOf(tag.activityCount, "activity", "activities")}. `}
        {TRASH_NOTE}
      </p>
    </ConfirmDialog>
  );
}
