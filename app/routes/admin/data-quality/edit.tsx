// /admin/data-quality/:id/edit — the review list's Edit dialog (admin §2, §4): the activity form, with only title,
// latitude and longitude required (admin §5); saving marks the activity reviewed, so it leaves the list. Closing goes
// back to the list as it was filtered.
import type { Route } from "./+types/edit";
import { requireAdmin } from "~/auth/session.server";
import { activityChoices, activityFormState, schemaChoices } from "~/data/activities.server";
import { saveReviewedActivity } from "~/data/validations.server";
import { reviewActivityFormSchema } from "~/domain/activity-form";
import { adminPageTitle } from "~/domain/admin-user";
import { parseReviewList, reviewListUrl } from "~/domain/review-list";
import { requireRow, saveEdit } from "../form-action.server";
import { ActivityForm } from "../activities/ActivityForm";

function listUrl(request: Request) {
  return reviewListUrl(parseReviewList(new URL(request.url).searchParams));
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const backTo = listUrl(request);
  const [state, choices] = await Promise.all([
    requireRow(request, params.id, activityFormState, { listUrl: backTo, thing: "Activity" }),
    activityChoices(),
  ]);
  return { choices, backTo, defaultValue: state.values, versioned: { version: state.version, opened: state.values } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const backTo = listUrl(request);
  const { id } = await requireRow(request, params.id, async (n) => ({ id: n }), { listUrl: backTo, thing: "Activity" });
  return saveEdit(request, {
    schema: reviewActivityFormSchema(schemaChoices(await activityChoices())),
    write: (input, version) => saveReviewedActivity(id, input, { by: admin.email, version }),
    current: () => activityFormState(id),
    listUrl: backTo,
    thing: "Activity",
    success: (activity) => ({ title: "Activity updated", description: `"${activity.title}" was saved and reviewed.` }),
  });
}

export function meta() {
  return [{ title: adminPageTitle("Edit Activity") }];
}

export default function EditReviewedActivity({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ActivityForm
      mode="review"
      choices={loaderData.choices}
      defaultValue={loaderData.defaultValue}
      lastResult={actionData?.result}
      closeTo={loaderData.backTo}
      versioned={actionData?.versioned ?? loaderData.versioned}
    />
  );
}
