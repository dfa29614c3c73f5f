// /admin/activities/:id/edit — the Edit Activity dialog over the list (a page of its own without JavaScript). The form
// carries the version it was opened from; a save after someone else's is refused with their changes marked.
import type { Route } from "./+types/edit";
import { requireAdmin } from "~/auth/session.server";
import { activityChoices, activityFormState, schemaChoices, updateActivity } from "~/data/activities.server";
import { activityFormSchema } from "~/domain/activity-form";
import { listUrlOf } from "~/domain/admin-activity-list";
import { adminPageTitle } from "~/domain/admin-user";
import { parseIdParam } from "~/domain/form-values";
import { backToListNotFound, saveEdit } from "../form-action.server";
import { ActivityForm } from "./ActivityForm";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  const [state, choices] = await Promise.all([id ? activityFormState(id) : null, activityChoices()]);
  if (!state) throw await backToListNotFound(request, listUrlOf(new URL(request.url).searchParams), "Activity");
  return { choices, defaultValue: state.values, versioned: { version: state.version, opened: state.values } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const listUrl = listUrlOf(new URL(request.url).searchParams);
  const id = parseIdParam(params.id);
  if (!id) return backToListNotFound(request, listUrl, "Activity");
  return saveEdit(request, {
    schema: activityFormSchema(schemaChoices(await activityChoices())),
    write: (input, version) => updateActivity(id, input, undefined, { by: admin.email, version }),
    current: () => activityFormState(id),
    listUrl,
    thing: "Activity",
    success: (activity) => ({ title: "Activity updated", description: `"${activity.title}" was saved.` }),
  });
}

export function meta() {
  return [{ title: adminPageTitle("Edit Activity") }];
}

export default function EditActivity({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ActivityForm
      mode="edit"
      choices={loaderData.choices}
      defaultValue={loaderData.defaultValue}
      lastResult={actionData?.result}
      versioned={actionData?.versioned ?? loaderData.versioned}
    />
  );
}
