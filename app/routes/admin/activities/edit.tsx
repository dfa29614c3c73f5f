// /admin/activities/:id/edit — the Edit Activity dialog over the list (a page of its own without JavaScript).
import type { Route } from "./+types/edit";
import { requireAdmin } from "~/auth/session.server";
import { activityChoices, getActivityRow, schemaChoices, tagNamesOf, updateActivity } from "~/data/activities.server";
import { activityFormSchema, activityFormValues } from "~/domain/activity-form";
import { listUrlOf } from "~/domain/admin-activity-list";
import { adminPageTitle } from "~/domain/admin-user";
import { parseIdParam } from "~/domain/form-values";
import { answerWrite, invalid, notFound, readSubmission } from "../form-action.server";
import { ActivityForm } from "./ActivityForm";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseIdParam(params.id);
  const [row, choices] = await Promise.all([id ? getActivityRow(id) : null, activityChoices()]);
  if (!row) throw await notFound(request, listUrlOf(new URL(request.url).searchParams), "Activity");
  return { choices, defaultValue: activityFormValues({ ...row, tags: tagNamesOf(row) }) };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const listUrl = listUrlOf(new URL(request.url).searchParams);
  const id = parseIdParam(params.id);
  if (!id) return notFound(request, listUrl, "Activity");
  const submission = await readSubmission(request, activityFormSchema(schemaChoices(await activityChoices())));
  if (submission.status !== "success") return invalid(submission);
  return answerWrite(request, submission, await updateActivity(id, submission.value), {
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
    />
  );
}
