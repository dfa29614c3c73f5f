// How every admin page action answers (ARCHITECTURE "Forms are plain forms"): the posted form is parsed with the
// form's own zod schema; a failed parse or a refused write re-renders the form with the submission's reply (field
// errors show with or without JavaScript); success and a vanished row redirect to the tab's list with a toast.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { z } from "zod";
import { requireAdmin } from "~/auth/session.server";
import { redirectWithToast } from "~/auth/toast.server";
import type { Toast } from "~/domain/admin/toast";
import type { Outcome, Refusal, Writer } from "~/data/outcome.server";
import { parseIdParam } from "~/domain/form-values";
import {
  changedFields,
  onlyOtherFieldsChanged,
  postedOpenedValues,
  postedVersion,
  type FormValues,
  type VersionState,
} from "~/domain/admin/row-version";
import { BadInput, readFormInput } from "~/http/input.server";

/**
 * What an admin form's action returns when the form is shown again; an edit form's also its version state (the
 * version and opening values it was posted with, or after a refused save the newer ones and the fields to review).
 */
export type FormReply = { result: SubmissionResult<string[]>; versioned?: VersionState };

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

/**
 * An edit form's submission and the version state it posted (its hidden `version` and `opened` fields,
 * components/FormFields.tsx VersionFields).
 */
export async function readVersionedSubmission<S extends z.ZodType>(request: Request, schema: S) {
  const form = await readForm(request);
  const versioned: VersionState = {
    version: postedVersion(form.get("version")),
    opened: postedOpenedValues(form.get("opened")),
  };
  return { submission: parseWithZod(form, { schema, disableAutoCoercion: true }), versioned };
}

/** The form again with every field's message (400); an edit form keeps the version it was opened from. */
export function invalid(submission: Submission, versioned?: VersionState) {
  return data<FormReply>({ result: submission.reply(), versioned }, { status: 400 });
}

/** A versioned write's answer: the write's outcome, or the state of a refused save to show the form again with. */
export type VersionedWrite<T> = { outcome: Outcome<T> } | { conflict: { message: string; versioned: VersionState } };

/**
 * A form's save at the version it was opened from (docs/decisions/015-row-versions.md). When the row has moved on:
 * if none of the form's own fields changed since it was opened (a Google rating refreshed meanwhile), the save goes
 * ahead at the newer version; else nothing is written and the answer is the conflict: the message, the newer version
 * and values, and the fields someone else changed with their values. `current` reads the stored row as form values
 * (its keys are the form's fields).
 */
export async function versionedWrite<T>({
  versioned,
  mine,
  write,
  current,
}: {
  versioned: VersionState;
  mine: FormValues;
  write: (version: number | null) => Promise<Outcome<T>>;
  current: () => Promise<{ version: number; values: FormValues } | null>;
}): Promise<VersionedWrite<T>> {
  let outcome = await write(versioned.version);
  if (outcome.ok || outcome.reason !== "stale") return { outcome };
  let theirs = await current();
  if (
    theirs &&
    onlyOtherFieldsChanged(Object.keys(theirs.values), { theirs: theirs.values, opened: versioned.opened })
  ) {
    outcome = await write(theirs.version);
    if (outcome.ok || outcome.reason !== "stale") return { outcome };
    theirs = await current();
  }
  if (!theirs) return { outcome: { ok: false, reason: "not-found" } };
  const changes = changedFields(Object.keys(theirs.values), { mine, theirs: theirs.values, opened: versioned.opened });
  return {
    conflict: { message: outcome.message, versioned: { version: theirs.version, opened: theirs.values, changes } },
  };
}

/**
 * An edit dialog's save, answered: the posted form parsed with `schema` (its fields' messages on a 400), written at
 * the version it was opened from (versionedWrite), then answerWrite's answer: the list with the success toast, the
 * form again with a refusal or a conflict, or the list saying the row is gone.
 */
export async function saveEdit<S extends z.ZodType, T>(
  request: Request,
  {
    schema,
    write,
    current,
    ...answer
  }: {
    schema: S;
    write: (input: z.output<S>, version: number | null) => Promise<Outcome<T>>;
    current: () => Promise<{ version: number; values: FormValues } | null>;
    listUrl: string;
    thing: Thing;
    success: (value: T) => Toast;
  },
) {
  const { submission, versioned } = await readVersionedSubmission(request, schema);
  if (submission.status !== "success") return invalid(submission, versioned);
  const input = submission.value as z.output<S>;
  const written = await versionedWrite({
    versioned,
    mine: submission.payload as FormValues,
    write: (version) => write(input, version),
    current,
  });
  return answerWrite(request, submission, written, { ...answer, versioned });
}

/** The form again after a refused save (409): the admin's own values, the message above, the newer version. */
export function conflicted(submission: Submission, conflict: { message: string; versioned: VersionState }) {
  return data<FormReply>(
    { result: submission.reply({ formErrors: [conflict.message] }), versioned: conflict.versioned },
    { status: 409 },
  );
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
 * A dialog's write, answered: back to `listUrl` with the success toast, the form again with a refusal's message
 * (an edit form's with its version state, or the conflict's), or — the row vanished meanwhile — back to the list
 * saying it is not found.
 */
export function answerWrite<T>(
  request: Request,
  submission: Submission,
  written: Outcome<T> | VersionedWrite<T>,
  {
    listUrl,
    thing,
    success,
    versioned,
  }: { listUrl: string; thing: Thing; success: (value: T) => Toast; versioned?: VersionState },
) {
  if ("conflict" in written) return conflicted(submission, written.conflict);
  const outcome = "outcome" in written ? written.outcome : written;
  if (outcome.ok) return done(request, listUrl, success(outcome.value));
  if (outcome.reason === "not-found") return backToListNotFound(request, listUrl, thing);
  const reply = refused(submission, outcome);
  return versioned ? data<FormReply>({ ...reply.data, versioned }, { status: reply.init?.status ?? 409 }) : reply;
}

/**
 * An Add dialog's action (cities, tags, categories): the form read with `schema`, the row created by the signed-in
 * administrator, answered as answerWrite does, with '{thing} “{name}” created'.
 */
export async function createFromForm<S extends z.ZodType, T>(
  request: Request,
  schema: S,
  create: (input: z.output<S>, writer: Writer) => Promise<Outcome<T>>,
  { listUrl, thing, name }: { listUrl: string; thing: Thing; name: (row: T) => string },
) {
  const admin = await requireAdmin(request);
  const submission = await readSubmission(request, schema);
  if (submission.status !== "success") return invalid(submission);
  return answerWrite(request, submission, await create(submission.value, { by: admin.email }), {
    listUrl,
    thing,
    success: (row) => ({ title: "Success", description: `${thing} “${name(row)}” created` }),
  });
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
  if (!row) throw await backToListNotFound(request, listUrl, thing);
  return row;
}

/** The row is gone (deleted meanwhile, or a made-up id): back to the list, saying so (admin §8 'Activity not found.'). */
export function backToListNotFound(request: Request, listUrl: string, thing: Thing) {
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
