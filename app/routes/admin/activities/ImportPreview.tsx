import type { Route } from "./+types/import-columns";
import { pluralize } from "~/domain/counts";
import { ColumnHeadings, ScrollRegion } from "./ScrollRegion";

/** The previewed file, as the column step's loader gives it. */
export type ImportDraft = NonNullable<Route.ComponentProps["loaderData"]["draft"]>;

/** What importing every column would do (to create, update, skip) and the file's first rows. */
export function ImportPreview({ draft }: { draft: ImportDraft }) {
  return (
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
      <ScrollRegion label="First rows of the file" className="mt-2 border-gray-200">
        <table className="min-w-full text-left text-xs">
          <caption className="sr-only">First {draft.preview.length} rows of the file</caption>
          <ColumnHeadings names={["Line", ...draft.headers]} className="bg-gray-50" />
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
      </ScrollRegion>
    </>
  );
}
