// /admin/activities/import/:draftId — Import CSV, step 2 (admin §2, §4, §5): the file's preview (its header, the
// first rows, how many rows would create, update or be skipped) and the columns to import, the six required ones
// ticked and not untickable; Back returns to the file choice, Cancel drops the draft. Importing writes the whole
// file in one transaction and answers with the result: created, updated and every skipped row with its reason.
import { useEffect, useMemo } from "react";
import { Form, Link, data, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/import-columns";
import { requireAdmin } from "~/auth/session.server";
import { buttonClass } from "~/components/FormFields";
import { RouteDialog } from "~/components/RouteDialog";
import { showToast } from "~/components/Toaster";
import { csvImportContext } from "~/data/activities/csv.server";
import { deleteCsvDraft, getCsvDraft, savePreviewVersions } from "~/data/csv-import-drafts.server";
import {
  chosenColumns,
  CSV_LIMITS,
  CSV_MESSAGES,
  CSV_TOASTS,
  CSV_COLUMNS,
  fileColumns,
  planImport,
  previewCounts,
  type SkippedRow,
} from "~/domain/activity-csv";
import { ADMIN_ACTIVITIES_PATH, dialogUrl, listUrlOf } from "~/domain/admin-activity-list";
import { adminPageTitle } from "~/domain/admin-user";
import { pluralize } from "~/domain/counts";
import { changeTime } from "~/domain/row-version";
import { withSearchParams } from "~/domain/urls";
import { importActivities, previewVersionsOf, type ChangedSincePreview } from "~/workflows/csv-import.server";
import { done, readForm } from "../form-action.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const draft = await getCsvDraft(admin.email, params.draftId);
  // Gone (expired, cancelled, or imported by the post this page answers): said on the page, not a redirect, so the
  // result of an import is shown although its draft no longer exists.
  if (!draft) return { draft: null };
  const columns = fileColumns(draft.headers);
  const context = await csvImportContext(draft);
  const plan = planImport(draft, [...columns.required, ...columns.optional], context);
  // What this preview was planned against: the report of the import lists rows whose activity changed since.
  await savePreviewVersions(admin.email, draft.id, previewVersionsOf(context));
  return {
    draft: {
      fileName: draft.fileName,
      headers: draft.headers,
      rowCount: draft.rows.length,
      preview: draft.rows.slice(0, CSV_LIMITS.previewRows),
      columns,
      counts: previewCounts(plan),
    },
  };
}

type ActionResult =
  | { error: { title: string; description: string }; skipped?: SkippedRow[] }
  | {
      result: { created: number; updated: number; skipped: SkippedRow[]; changedSincePreview: ChangedSincePreview[] };
    };

const importError = (description: string, skipped?: SkippedRow[]) =>
  data<ActionResult>({ error: { title: CSV_TOASTS.importError, description }, skipped }, { status: 400 });

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const listUrl = listUrlOf(new URL(request.url).searchParams);
  if (form.get("intent") === "cancel") {
    await deleteCsvDraft(admin.email, params.draftId);
    return done(request, listUrl, { title: "Import cancelled", description: "Nothing was imported." });
  }
  const draft = await getCsvDraft(admin.email, params.draftId);
  if (!draft) return importError(CSV_MESSAGES.draftGone);
  const ticked = form.getAll("columns").filter((v): v is string => typeof v === "string");
  const chosen = chosenColumns(draft.headers, ticked);
  if (!chosen.ok) return importError(chosen.message);
  const context = await csvImportContext(draft);
  try {
    const { created, updated, skipped, changedSincePreview } = await importActivities(draft, chosen.columns, context, {
      by: admin.email,
      previewVersions: draft.previewVersions,
    });
    if (created + updated === 0) return importError(CSV_MESSAGES.noValidRows, skipped);
    await deleteCsvDraft(admin.email, draft.id);
    return data<ActionResult>({ result: { created, updated, skipped, changedSincePreview } });
  } catch (error) {
    // The message only: the driver's error carries the statement's parameters, megabytes of the file.
    console.error(`CSV import failed: ${error instanceof Error ? error.message : String(error)}`);
    return data<ActionResult>(
      { error: { title: CSV_TOASTS.importFailed, description: CSV_MESSAGES.failed } },
      { status: 500 },
    );
  }
}

export function meta() {
  return [{ title: adminPageTitle("Import CSV: Choose Columns") }];
}

export default function ImportColumns({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const closeTo = listUrlOf(search);
  const backTo = withSearchParams(`${ADMIN_ACTIVITIES_PATH}/import`, Object.fromEntries(search));
  const busy = useNavigation().state === "submitting";
  const error = useMemo(
    () =>
      actionData && "error" in actionData
        ? actionData.error
        : !loaderData.draft && !actionData
          ? { title: CSV_TOASTS.importError, description: CSV_MESSAGES.draftGone }
          : null,
    [actionData, loaderData.draft],
  );
  const result = actionData && "result" in actionData ? actionData.result : null;
  const skipped = result?.skipped ?? (actionData && "skipped" in actionData ? actionData.skipped : undefined);
  useEffect(() => {
    if (error) showToast({ ...error, variant: "destructive" });
    else if (result) {
      showToast({
        title: "Import complete",
        description: `${result.created} created, ${result.updated} updated, ${result.skipped.length} skipped`,
      });
    }
  }, [actionData, error, result]);

  const draft = loaderData.draft;
  return (
    <RouteDialog title={result ? "Import CSV: Result" : "Import CSV: Choose Columns"} closeTo={closeTo} wide>
      {error && (
        <div role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
          <p className="font-semibold">{error.title}</p>
          <p>{error.description}</p>
        </div>
      )}
      {result ? (
        <div className="space-y-2">
          <p role="status" className="text-lg font-semibold">
            Created: {result.created}. Updated: {result.updated}. Skipped: {result.skipped.length}.
          </p>
          {result.changedSincePreview.length > 0 && <ChangedSincePreviewTable rows={result.changedSincePreview} />}
        </div>
      ) : draft ? (
        <>
          <p className="text-sm text-gray-600">
            Step 2 of 2: <span className="font-medium text-gray-900">{draft.fileName}</span>,{" "}
            {draft.rowCount.toLocaleString("en-US")} {pluralize(draft.rowCount, "row", "rows")}.
          </p>
          <h3 className="mt-4 font-semibold">Preview</h3>
          <ul className="mt-1 flex flex-wrap gap-4 text-sm" aria-label="What importing every column would do">
            <li>
              <strong>{draft.counts.create}</strong> to create
            </li>
            <li>
              <strong>{draft.counts.update}</strong> to update
            </li>
            <li>
              <strong>{draft.counts.skip}</strong> to skip
            </li>
          </ul>
          {/* Focusable so that a keyboard can scroll it (axe 'scrollable-region-focusable'). */}
          <div
            className="mt-2 max-h-64 overflow-auto rounded border border-gray-200"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a keyboard must reach it to scroll
            tabIndex={0}
            role="region"
            aria-label="First rows of the file"
          >
            <table className="min-w-full text-left text-xs">
              <caption className="sr-only">First {draft.preview.length} rows of the file</caption>
              <thead className="bg-gray-50">
                <tr>
                  <th scope="col" className="px-2 py-1">
                    Line
                  </th>
                  {draft.headers.map((h, i) => (
                    <th key={i} scope="col" className="px-2 py-1 whitespace-nowrap">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {draft.preview.map((row) => (
                  <tr key={row.line} className="border-t border-gray-100">
                    <td className="px-2 py-1">{row.line}</td>
                    {row.cells.map((cell, i) => (
                      <td key={i} className="max-w-48 truncate px-2 py-1" title={cell}>
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Form method="post" action={`${location.pathname}${location.search}`} className="mt-4 space-y-4">
            <fieldset>
              <legend className="font-semibold">Columns to import</legend>
              <p className="text-xs text-gray-600">
                The required columns are always imported. Rows with an id change only the columns ticked here.
              </p>
              <ul className="mt-2 grid grid-cols-2 gap-1 sm:grid-cols-3">
                {CSV_COLUMNS.filter(
                  (c) => draft.columns.required.includes(c) || draft.columns.optional.includes(c),
                ).map((column) => {
                  const required = draft.columns.required.includes(column);
                  return (
                    <li key={column}>
                      <label className="flex items-center gap-2 text-sm">
                        {/* A disabled box is not posted: the hidden field posts the required column. */}
                        {required && <input type="hidden" name="columns" value={column} />}
                        <input
                          type="checkbox"
                          name={required ? undefined : "columns"}
                          value={column}
                          defaultChecked
                          disabled={required}
                        />
                        {column}
                        {required && <span className="text-xs text-gray-500">(required)</span>}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
            <div className="flex flex-wrap justify-end gap-2">
              <Link to={backTo} className={buttonClass.secondary}>
                Back
              </Link>
              <button type="submit" name="intent" value="cancel" className={buttonClass.secondary}>
                Cancel
              </button>
              <button type="submit" name="intent" value="import" disabled={busy} className={buttonClass.primary}>
                Import
              </button>
            </div>
          </Form>
        </>
      ) : (
        <p>
          <Link to={backTo} className="underline">
            Choose a file again
          </Link>
        </p>
      )}
      {skipped && skipped.length > 0 && (
        <div className="mt-4">
          <h3 className="font-semibold">Skipped rows</h3>
          <div
            className="mt-1 max-h-64 overflow-auto rounded border border-gray-200"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a keyboard must reach it to scroll
            tabIndex={0}
            role="region"
            aria-label="Skipped rows"
          >
            <table className="min-w-full text-left text-sm">
              <thead className="bg-gray-50">
                <tr>
                  <th scope="col" className="px-2 py-1">
                    Line
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody>
                {skipped.map((s) => (
                  <tr key={s.line} className="border-t border-gray-100">
                    <td className="px-2 py-1 align-top">{s.line}</td>
                    <td className="px-2 py-1">{s.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {(result || (!draft && !busy)) && (
        <p className="mt-4 flex justify-end">
          <Link to={closeTo} className={buttonClass.primary}>
            Back to activities
          </Link>
        </p>
      )}
    </RouteDialog>
  );
}

/**
 * The rows that updated an activity someone changed between the preview and the import (each row was written
 * whole, with the file's values): who and when, to review them.
 */
function ChangedSincePreviewTable({ rows }: { rows: ChangedSincePreview[] }) {
  return (
    <div className="mt-4">
      <h3 className="font-semibold">Changed by someone else since the preview</h3>
      <p className="text-sm text-gray-700">
        These activities were edited after the preview was shown; the file&apos;s values replaced that edit. Review
        them.
      </p>
      <div
        className="mt-1 max-h-64 overflow-auto rounded border border-amber-300"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a keyboard must reach it to scroll
        tabIndex={0}
        role="region"
        aria-label="Changed since the preview"
      >
        <table className="min-w-full text-left text-sm">
          <thead className="bg-amber-50">
            <tr>
              <th scope="col" className="px-2 py-1">
                Line
              </th>
              <th scope="col" className="px-2 py-1">
                Activity
              </th>
              <th scope="col" className="px-2 py-1">
                Changed
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.line} className="border-t border-gray-100">
                <td className="px-2 py-1">{r.line}</td>
                <td className="px-2 py-1">
                  <Link to={dialogUrl({ edit: r.id })} className="underline">
                    #{r.id}
                  </Link>
                </td>
                <td className="px-2 py-1">
                  {changeTime(r.updatedAt)}
                  {r.updatedBy ? ` by ${r.updatedBy}` : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
