// /admin/activities/import/:draftId — Import CSV, step 2 (admin §2, §4, §5): the file's preview (its header, the
// first rows, how many rows would create, update or be skipped) and the columns to import, the six required ones
// ticked and not untickable; Back returns to the file choice, Cancel drops the draft. Importing writes the whole
// file in one transaction and answers with the result: created, updated and every skipped row with its reason.
import { useEffect, useMemo } from "react";
import { Link, data, useLocation, useNavigation } from "react-router";
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
  fileColumns,
  planImport,
  previewCounts,
  type SkippedRow,
} from "~/domain/activities/activity-csv";
import { ADMIN_ACTIVITIES_PATH, listUrlOf } from "~/domain/activities/admin-activity-list";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { withSearchParams } from "~/domain/http/urls";
import { importActivities, previewVersionsOf, type ChangedSincePreview } from "~/workflows/csv-import.server";
import { ImportColumnsForm } from "./ImportColumnsForm";
import { ImportPreview } from "./ImportPreview";
import { ChangedSincePreviewTable, SkippedRowsTable } from "./ImportReport";
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
          <ImportPreview draft={draft} />
          <ImportColumnsForm
            draft={draft}
            action={`${location.pathname}${location.search}`}
            backTo={backTo}
            busy={busy}
          />
        </>
      ) : (
        <p>
          <Link to={backTo} className="underline">
            Choose a file again
          </Link>
        </p>
      )}
      {skipped && skipped.length > 0 && <SkippedRowsTable rows={skipped} />}
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
