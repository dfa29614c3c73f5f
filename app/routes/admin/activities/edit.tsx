// The Edit Activity dialog, in two places (admin §2, §4): over the Activities list (/admin/activities/:id/edit) and
// over the data-quality review list (/admin/data-quality/:id/edit), where only title, latitude and longitude are
// required (admin §5) and saving marks the activity reviewed, so it leaves the list. A modal with JavaScript, a page
// of its own without; closing goes back to the list as it was filtered. The form carries the version it was opened
// from; a save after someone else's is refused with their changes marked.
import type { Route } from "./+types/edit";
import { requireAdmin } from "~/auth/session.server";
import { activityChoices, schemaChoices } from "~/data/activities/admin-list.server";
import { activityFormState } from "~/data/activities/rows.server";
import { updateActivity } from "~/data/activities/writes.server";
import { saveReviewedActivity } from "~/data/validations.server";
import { activityFormSchema, reviewActivityFormSchema } from "~/domain/activities/activity-form";
import { listUrlOf } from "~/domain/activities/admin-activity-list";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { DATA_QUALITY_PATH, parseReviewList, reviewListUrl } from "~/domain/data-quality/review-list";
import { requireRow, saveEdit } from "../form-action.server";
import { ActivityForm } from "./ActivityForm";

/** Which list the dialog is over: the review list's saves mark the activity reviewed. */
function listOf(request: Request) {
  const url = new URL(request.url);
  const review = url.pathname.startsWith(`${DATA_QUALITY_PATH}/`);
  return {
    review,
    listUrl: review ? reviewListUrl(parseReviewList(url.searchParams)) : listUrlOf(url.searchParams),
  };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { review, listUrl } = listOf(request);
  const [state, choices] = await Promise.all([
    requireRow(request, params.id, activityFormState, { listUrl, thing: "Activity" }),
    activityChoices(),
  ]);
  return {
    review,
    choices,
    backTo: listUrl,
    defaultValue: state.values,
    versioned: { version: state.version, opened: state.values },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const { review, listUrl } = listOf(request);
  const { id } = await requireRow(request, params.id, async (n) => ({ id: n }), { listUrl, thing: "Activity" });
  const choices = schemaChoices(await activityChoices());
  const by = { by: admin.email };
  const answer = {
    current: () => activityFormState(id),
    listUrl,
    thing: "Activity" as const,
    success: (activity: { title: string }) => ({
      title: "Activity updated",
      description: `"${activity.title}" was saved${review ? " and reviewed" : ""}.`,
    }),
  };
  return review
    ? saveEdit(request, {
        schema: reviewActivityFormSchema(choices),
        write: (input, version) => saveReviewedActivity(id, input, { ...by, version }),
        ...answer,
      })
    : saveEdit(request, {
        schema: activityFormSchema(choices),
        write: (input, version) => updateActivity(id, input, undefined, { ...by, version }),
        ...answer,
      });
}

export function meta() {
  return [{ title: adminPageTitle("Edit Activity") }];
}

export default function EditActivity({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ActivityForm
      mode={loaderData.review ? "review" : "edit"}
      choices={loaderData.choices}
      defaultValue={loaderData.defaultValue}
      lastResult={actionData?.result}
      closeTo={loaderData.backTo}
      versioned={actionData?.versioned ?? loaderData.versioned}
    />
  );
}
