// The server half of the Add/Edit Activity dialog: its choices, and saving a submission.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { redirectWithToast } from "~/auth/session.server";
import { activityFormChoices, createActivity, DuplicateActivityError, updateActivity } from "~/data/activities.server";
import { activityData, categoryChoices } from "~/domain/activity-form";
import { listUrlOf } from "~/domain/admin-activity-list";
import { schemaFor, type EditorChoices } from "./activity-editor";

export async function editorChoices(): Promise<EditorChoices> {
  const choices = await activityFormChoices();
  return { ...choices, categories: categoryChoices(choices.categories) };
}

/**
 * Validates with the form's own schema; field errors go back as the submission's reply (rendered with or
 * without JavaScript), success redirects to the list the dialog was opened from, with a toast.
 */
export async function saveActivitySubmission(request: Request, id?: number) {
  const formData = await request.formData();
  const listUrl = listUrlOf(new URL(request.url).searchParams);
  const schema = schemaFor(await editorChoices());
  const submission = parseWithZod(formData, { schema, disableAutoCoercion: true });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const input = submission.value;
  try {
    const saved =
      id === undefined
        ? await createActivity(activityData(input), input.tags)
        : await updateActivity(id, activityData(input), input.tags);
    if (!saved) {
      return redirectWithToast(request, listUrl, {
        title: "Error",
        description: "Activity not found.",
        variant: "destructive",
      });
    }
    return redirectWithToast(request, listUrl, {
      title: id === undefined ? "Activity created" : "Activity updated",
      description: `"${saved.title}" was saved.`,
    });
  } catch (error) {
    if (error instanceof DuplicateActivityError) {
      return data(submission.reply({ fieldErrors: { title: [error.message] } }), { status: 409 });
    }
    throw error;
  }
}
