import { Form, Link } from "react-router";
import { buttonClass } from "~/components/FormFields";
import { CSV_COLUMNS } from "~/domain/activities/activity-csv";
import type { ImportDraft } from "./ImportPreview";

/** The columns to import (the required ones ticked for good), with Back, Cancel and Import. */
export function ImportColumnsForm({
  draft,
  action,
  backTo,
  busy,
}: {
  draft: ImportDraft;
  action: string;
  backTo: string;
  busy: boolean;
}) {
  return (
    <Form method="post" action={action} className="mt-4 space-y-4">
      <fieldset>
        <legend className="font-semibold">Columns to import</legend>
        <p className="text-xs text-gray-600">
          The required columns are always imported. Rows with an id change only the columns ticked here.
        </p>
        <ul className="mt-2 grid grid-cols-2 gap-1 sm:grid-cols-3">
          {CSV_COLUMNS.filter((c) => draft.columns.required.includes(c) || draft.columns.optional.includes(c)).map(
            (column) => {
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
            },
          )}
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
  );
}
