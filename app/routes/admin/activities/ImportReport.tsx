import { Link } from "react-router";
import type { SkippedRow } from "~/domain/activities/activity-csv";
import { dialogUrl } from "~/domain/activities/admin-activity-list";
import { changeTime } from "~/domain/admin/row-version";
import type { ChangedSincePreview } from "~/workflows/csv-import.server";
import { ColumnHeadings, ScrollRegion } from "./ScrollRegion";

/** Every skipped row of the file, with its reason. */
export function SkippedRowsTable({ rows }: { rows: SkippedRow[] }) {
  return (
    <div className="mt-4">
      <h3 className="font-semibold">Skipped rows</h3>
      <ScrollRegion label="Skipped rows" className="mt-1 border-gray-200">
        <table className="min-w-full text-left text-sm">
          <ColumnHeadings names={["Line", "Reason"]} className="bg-gray-50" />
          <tbody>
            {rows.map((s) => (
              <tr key={s.line} className="border-t border-gray-100">
                <td className="px-2 py-1 align-top">{s.line}</td>
                <td className="px-2 py-1">{s.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

/**
 * The rows that updated an activity someone changed between the preview and the import (each row was written
 * whole, with the file's values): who and when, to review them.
 */
export function ChangedSincePreviewTable({ rows }: { rows: ChangedSincePreview[] }) {
  return (
    <div className="mt-4">
      <h3 className="font-semibold">Changed by someone else since the preview</h3>
      <p className="text-sm text-gray-700">
        These activities were edited after the preview was shown; the file&apos;s values replaced that edit. Review
        them.
      </p>
      <ScrollRegion label="Changed since the preview" className="mt-1 border-amber-300">
        <table className="min-w-full text-left text-sm">
          <ColumnHeadings names={["Line", "Activity", "Changed"]} className="bg-amber-50" />
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
      </ScrollRegion>
    </div>
  );
}
