// /admin/tags/:id/edit — the Edit Tag dialog. The form carries the version it was opened from; a save after
// someone else's is refused with their changes marked.
import type { Route } from "./+types/edit";
import { requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { tagFormState, updateTag } from "~/data/tags.server";
import { ADMIN_TAGS_PATH } from "~/domain/admin/admin-urls";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { parseIdParam } from "~/domain/form-values";
import { TagSchema } from "~/domain/taxonomy/tag-form";
import { backToListNotFound, requireRow, saveEdit } from "../form-action.server";
import { TagForm } from "./TagForm";

export function meta() {
  return [{ title: adminPageTitle("Edit Tag") }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const state = await requireRow(request, params.id, tagFormState, { listUrl: ADMIN_TAGS_PATH, thing: "Tag" });
  return { tag: state.tag, versioned: { version: state.version, opened: state.values } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = parseIdParam(params.id);
  if (id === null) return backToListNotFound(request, ADMIN_TAGS_PATH, "Tag");
  return saveEdit(request, {
    schema: TagSchema,
    write: (input, version) => updateTag(id, input, { by: admin.email, version }),
    current: () => tagFormState(id),
    listUrl: ADMIN_TAGS_PATH,
    thing: "Tag",
    success: (tag) => ({ title: "Success", description: `Tag “${tag.name}” updated` }),
  });
}

export default function EditTag({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Edit Tag" closeTo={ADMIN_TAGS_PATH}>
      <TagForm
        tag={loaderData.tag}
        lastResult={actionData?.result}
        backTo={ADMIN_TAGS_PATH}
        versioned={actionData?.versioned ?? loaderData.versioned}
      />
    </RouteDialog>
  );
}
