// /admin/activities/:id/edit — the Edit Activity dialog over the list (a page of its own without JavaScript).
import type { Route } from "./+types/activities.edit";
import { redirectWithToast, requireAdmin } from "~/auth/session.server";
import { getActivityRow } from "~/data/activities.server";
import { activityFormValues } from "~/domain/activity-form";
import { listUrlOf } from "~/domain/admin-activity-list";
import { parseIdParam } from "~/domain/form-values";
import { ActivityEditor } from "./activity-editor";
import { editorChoices, saveActivitySubmission } from "./activity-editor.server";

function notFound(request: Request) {
  const listUrl = listUrlOf(new URL(request.url).searchParams);
  return redirectWithToast(request, listUrl, {
    title: "Error",
    description: "Activity not found.",
    variant: "destructive",
  });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  const [row, choices] = await Promise.all([id ? getActivityRow(id) : null, editorChoices()]);
  if (!row) throw await notFound(request);
  return { choices, defaultValue: activityFormValues({ ...row, tags: row.tags.map((t) => t.tag.name) }) };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  if (!id) return notFound(request);
  return saveActivitySubmission(request, id);
}

export function meta() {
  return [{ title: "Edit Activity | Admin Dashboard" }];
}

export default function EditActivity({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ActivityEditor
      mode="edit"
      choices={loaderData.choices}
      defaultValue={loaderData.defaultValue}
      lastResult={actionData}
    />
  );
}
