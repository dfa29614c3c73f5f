// How every admin page action answers (ARCHITECTURE "Forms are plain forms"): the posted form is parsed with the
// form's own zod schema; a failed parse or a refused write re-renders the form with the submission's reply (field
// errors show with or without JavaScript); success and a vanished row redirect to the tab's list with a toast.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { z } from "zod";
import { redirectWithToast, type Toast } from "~/auth/session.server";
import type { Outcome, Refusal } from "~/data/outcome.server";
import { parseIdParam } from "~/domain/form-values";
import { BadInput, readFormInput } from "~/http/input.server";

/** What an admin form's action returns when the form is shown again. */
export type FormReply = { result: SubmissionResult<string[]> };

/** The posted form (app/http/input.server.ts reads it); a body that is not a form, or too large, is a 4xx page. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await readFormInput(request);
  } catch (error) {
    if (error instanceof BadInput) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export async function readSubmission<S extends z.ZodType>(request: Request, schema: S) {
  return parseWithZod(await readForm(request), { schema, disableAutoCoercion: true });
}

type Submission = Awaited<ReturnType<typeof readSubmission>>;

/** The form again with every field's message (400). */
export function invalid(submission: Submission) {
  return data<FormReply>({ result: submission.reply() }, { status: 400 });
}

/** The form again with the refusal's message under its field, or above the form (409). */
export function refused(submission: Submission, refusal: Exclude<Refusal, { reason: "not-found" }>) {
  const field = "field" in refusal ? refusal.field : undefined;
  const reply = field
    ? submission.reply({ fieldErrors: { [field]: [refusal.message] } })
    : submission.reply({ formErrors: [refusal.message] });
  return data<FormReply>({ result: reply }, { status: 409 });
}

/** Back to the list with a success toast (post/redirect/get). */
export function done(request: Request, listUrl: string, toast: Toast) {
  return redirectWithToast(request, listUrl, toast);
}

type Thing = "Activity" | "City" | "Tag" | "Category";

/**
 * A dialog's write, answered: back to `listUrl` with the success toast, the form again with a refusal's message,
 * or — the row vanished meanwhile — back to the list saying it is not found.
 */
export function answerWrite<T>(
  request: Request,
  submission: Submission,
  outcome: Outcome<T>,
  { listUrl, thing, success }: { listUrl: string; thing: Thing; success: (value: T) => Toast },
) {
  if (outcome.ok) return done(request, listUrl, success(outcome.value));
  return outcome.reason === "not-found" ? notFound(request, listUrl, thing) : refused(submission, outcome);
}

/** The row a dialog's address names by its numeric id; when there is none, (thrown) back to the list saying so. */
export async function requireRow<T>(
  request: Request,
  rawId: string | undefined,
  find: (id: number) => Promise<T | null>,
  { listUrl, thing }: { listUrl: string; thing: Thing },
): Promise<T> {
  const id = parseIdParam(rawId);
  const row = id === null ? null : await find(id);
  if (!row) throw await notFound(request, listUrl, thing);
  return row;
}

/** The row is gone (deleted meanwhile, or a made-up id): back to the list, saying so (admin §8 'Activity not found.'). */
export function notFound(request: Request, listUrl: string, thing: Thing) {
  return redirectWithToast(request, listUrl, {
    title: "Error",
    description: `${thing} not found.`,
    variant: "destructive",
  });
}

/** A write failed unexpectedly: back to the list with the spec's failure message (admin §8). */
export function failed(request: Request, listUrl: string, description: string) {
  return redirectWithToast(request, listUrl, { title: "Error", description, variant: "destructive" });
}
