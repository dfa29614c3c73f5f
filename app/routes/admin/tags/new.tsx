// /admin/tags/new — the Add Tag dialog (a modal with JavaScript, a page without).
import type { Route } from "./+types/new";
import { requireAdmin } from "~/auth/session.server";
import { RouteDialog } from "~/components/RouteDialog";
import { createTag } from "~/data/tags.server";
import { ADMIN_TAGS_PATH } from "~/domain/admin/admin-urls";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { TagSchema } from "~/domain/taxonomy/tag-form";
import { createFromForm } from "../form-action.server";
import { TagForm } from "./TagForm";

export function meta() {
  return [{ title: adminPageTitle("Add Tag") }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return createFromForm(request, TagSchema, createTag, {
    listUrl: ADMIN_TAGS_PATH,
    thing: "Tag",
    name: (tag) => tag.name,
  });
}

export default function NewTag({ actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title="Add Tag" closeTo={ADMIN_TAGS_PATH}>
      <TagForm lastResult={actionData?.result} backTo={ADMIN_TAGS_PATH} />
    </RouteDialog>
  );
}
