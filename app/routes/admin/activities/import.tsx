// /admin/activities/import — Import CSV, step 1 (admin §2, §4): choose a file. The upload is a multipart form post
// (it works without JavaScript); the file is read, checked by the rules of domain/activities/activity-csv.ts and kept as a
// draft row, then the column step shows its preview. A bad file is answered here, 4xx, as 'CSV Preview Error'.
import { useEffect } from "react";
import { Form, Link, data, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/import";
import { requireAdmin } from "~/auth/session.server";
import { buttonClass } from "~/components/FormFields";
import { RouteDialog } from "~/components/RouteDialog";
import { showToast } from "~/components/Toaster";
import { saveCsvDraft } from "~/data/csv-import-drafts.server";
import {
  CSV_LIMITS,
  CSV_MESSAGES,
  CSV_TOASTS,
  decodeCsv,
  parseCsv,
  REQUIRED_CSV_COLUMNS,
  TAG_SEPARATOR,
} from "~/domain/activities/activity-csv";
import { ADMIN_ACTIVITIES_PATH, listUrlOf } from "~/domain/activities/admin-activity-list";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { withSearchParams } from "~/domain/http/urls";
import { BadInput, readFormInput } from "~/http/input.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

/** Room for the multipart framing around a file of the largest size. */
const FORM_OVERHEAD_BYTES = 64_000;

function previewError(message: string, status: 400 | 413 | 415 = 400) {
  return data({ error: message }, { status });
}

/** The name shown on the column step: control characters (a NUL cannot be stored) dropped, at most 200 characters. */
function fileNameOf(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return name.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 200) || "import.csv";
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  let form: FormData;
  try {
    form = await readFormInput(request, CSV_LIMITS.uploadBytes + FORM_OVERHEAD_BYTES);
  } catch (error) {
    if (!(error instanceof BadInput)) throw error;
    return previewError(error.status === 413 ? CSV_MESSAGES.tooLarge : error.message, error.status);
  }
  const file = form.get("file");
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) return previewError(CSV_MESSAGES.fileRequired);
  if (file.size > CSV_LIMITS.uploadBytes) return previewError(CSV_MESSAGES.tooLarge, 413);
  const text = decodeCsv(new Uint8Array(await file.arrayBuffer()));
  if (!text.ok) return previewError(text.message);
  const parsed = parseCsv(text.text);
  if (!parsed.ok) return previewError(parsed.message);
  const id = await saveCsvDraft(admin.email, fileNameOf(file.name), parsed.file);
  const url = new URL(request.url);
  return redirect(withSearchParams(`${ADMIN_ACTIVITIES_PATH}/import/${id}`, Object.fromEntries(url.searchParams)));
}

export function meta() {
  return [{ title: adminPageTitle("Import CSV") }];
}

export default function ImportCsv({ actionData }: Route.ComponentProps) {
  const location = useLocation();
  const closeTo = listUrlOf(new URLSearchParams(location.search));
  const busy = useNavigation().state === "submitting";
  const error = actionData?.error;
  useEffect(() => {
    if (error) showToast({ title: CSV_TOASTS.previewError, description: error, variant: "destructive" });
  }, [actionData, error]);
  return (
    <RouteDialog title="Import CSV" closeTo={closeTo} wide>
      <p className="text-sm text-gray-600">
        Step 1 of 2: choose the file. Step 2 shows a preview and the columns to import.
      </p>
      {error && (
        <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
          <p className="font-semibold">{CSV_TOASTS.previewError}</p>
          <p>{error}</p>
        </div>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        action={`${location.pathname}${location.search}`}
        className="mt-4 space-y-4"
      >
        <div>
          <label htmlFor="csv-file" className="text-sm font-medium text-gray-800">
            CSV file
          </label>
          <input
            id="csv-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-describedby="csv-file-hint"
            data-autofocus
            className="mt-1 block w-full text-sm"
          />
          <div id="csv-file-hint" className="mt-2 space-y-1 text-xs text-gray-600">
            <p>
              A header row and at least one data row; comma or semicolon separated, UTF-8. At most{" "}
              {CSV_LIMITS.uploadBytes / 1_000_000} MB and {CSV_LIMITS.rows.toLocaleString("en-US")} rows.
            </p>
            <p>Required columns: {REQUIRED_CSV_COLUMNS.join(", ")}.</p>
            <p>
              Rows with an id update that activity (only the columns you choose); rows without one create an activity.
              Tags are separated by '{TAG_SEPARATOR}'.
            </p>
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <Link to={closeTo} preventScrollReset className={buttonClass.secondary}>
            Cancel
          </Link>
          <button type="submit" disabled={busy} className={buttonClass.primary}>
            Preview
          </button>
        </div>
      </Form>
    </RouteDialog>
  );
}
