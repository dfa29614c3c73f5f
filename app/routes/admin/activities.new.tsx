// /admin/activities/new — the Add Activity dialog over the list (a page of its own without JavaScript).
import type { Route } from "./+types/activities.new";
import { requireAdmin } from "~/auth/session.server";
import { newActivityFormValues } from "~/domain/activity-form";
import { parseAdminActivityList } from "~/domain/admin-activity-list";
import { DEFAULT_CITY_ID } from "~/domain/constants";
import { ActivityEditor } from "./activity-editor";
import { editorChoices, saveActivitySubmission } from "./activity-editor.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const choices = await editorChoices();
  // A new activity starts in the city the list is filtered to, else the default city.
  const listCity = parseAdminActivityList(new URL(request.url).searchParams).cityId;
  const cityId = choices.cities.some((c) => c.id === listCity) ? listCity : DEFAULT_CITY_ID;
  return { choices, defaultValue: newActivityFormValues(cityId) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return saveActivitySubmission(request);
}

export function meta() {
  return [{ title: "Add Activity | Admin Dashboard" }];
}

export default function NewActivity({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ActivityEditor
      mode="add"
      choices={loaderData.choices}
      defaultValue={loaderData.defaultValue}
      lastResult={actionData}
    />
  );
}
