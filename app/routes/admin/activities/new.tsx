// /admin/activities/new — the Add Activity dialog over the list (a page of its own without JavaScript).
import type { Route } from "./+types/new";
import { requireAdmin } from "~/auth/session.server";
import { activityChoices, schemaChoices } from "~/data/activities/admin-list.server";
import { createActivity } from "~/data/activities/writes.server";
import { activityFormSchema, newActivityFormValues } from "~/domain/activities/activity-form";
import { listUrlOf, parseAdminActivityList } from "~/domain/activities/admin-activity-list";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { DEFAULT_CITY_ID } from "~/domain/constants";
import { answerWrite, invalid, readSubmission } from "../form-action.server";
import { ActivityForm } from "./ActivityForm";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const choices = await activityChoices();
  // A new activity starts in the city the list is filtered to, else the default city.
  const listCity = parseAdminActivityList(new URL(request.url).searchParams).cityId;
  const cityId = choices.cities.some((c) => c.id === listCity) ? listCity : DEFAULT_CITY_ID;
  return { choices, defaultValue: newActivityFormValues(cityId) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const submission = await readSubmission(request, activityFormSchema(schemaChoices(await activityChoices())));
  if (submission.status !== "success") return invalid(submission);
  return answerWrite(request, submission, await createActivity(submission.value, undefined, { by: admin.email }), {
    listUrl: listUrlOf(new URL(request.url).searchParams),
    thing: "Activity",
    success: (activity) => ({ title: "Activity created", description: `"${activity.title}" was saved.` }),
  });
}

export function meta() {
  return [{ title: adminPageTitle("Add Activity") }];
}

export default function NewActivity({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ActivityForm
      mode="add"
      choices={loaderData.choices}
      defaultValue={loaderData.defaultValue}
      lastResult={actionData?.result}
    />
  );
}
