import { useState } from "react";
import { Form, Link } from "react-router";
import { useHydrated } from "~/components/hydrated";
import {
  adminActivitiesUrl,
  adminActivityListParams,
  dialogUrl,
  type AdminActivityListState,
} from "~/domain/activities/admin-activity-list";
import { withSearchParams } from "~/domain/http/urls";
import { AdminActivityCard, type AdminActivityCardData } from "./AdminActivityCard";

/**
 * The page's activity cards inside one bulk form: per-card and select-all checkboxes, a new category, and Enhance
 * Photos, Change Category and Delete Selected, each of which opens its confirmation step.
 */
export function BulkForm({
  list,
  activities,
  categories,
  selectAll,
}: {
  list: AdminActivityListState;
  activities: readonly AdminActivityCardData[];
  categories: readonly string[];
  selectAll: boolean;
}) {
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<Set<number>>(() => new Set(selectAll ? activities.map((a) => a.id) : []));
  const allSelected = activities.length > 0 && activities.every((a) => selected.has(a.id));
  const none = selected.size === 0;
  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const hidden = Object.entries(adminActivityListParams(list)).filter(([, v]) => v !== undefined);
  return (
    // A GET form: submitting only opens the confirmation step; the list state rides along in hidden fields.
    <Form method="get" action={dialogUrl("bulk")} preventScrollReset>
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {activities.length > 0 && (
        <fieldset className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-4">
          <legend className="sr-only">Bulk actions</legend>
          {hydrated ? (
            <label className="flex items-center gap-2 py-2 text-sm font-medium">
              <input
                type="checkbox"
                checked={allSelected}
                onChange={(e) => setSelected(new Set(e.currentTarget.checked ? activities.map((a) => a.id) : []))}
              />
              Select all
            </label>
          ) : (
            <Link
              to={withSearchParams(adminActivitiesUrl(list), { select: "all" })}
              className="py-2 text-sm font-medium underline"
            >
              Select all on this page
            </Link>
          )}
          <span className="py-2 text-sm text-gray-600" aria-live="polite">
            {hydrated ? `${selected.size} selected` : ""}
          </span>
          <div className="ml-auto flex flex-wrap items-end gap-2">
            <div className="flex flex-col gap-1">
              <label htmlFor="bulk-category" className="text-sm font-medium">
                New category
              </label>
              <select id="bulk-category" name="categoryName" className="rounded-md border border-gray-300 px-3 py-2">
                {categories.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
            {/* Disabled only once scripts run: without them the confirmation page says when nothing is selected. */}
            <button
              type="submit"
              formAction="/admin/activities/enhance-photos"
              disabled={hydrated && none}
              className="rounded-md border border-gray-300 bg-white px-4 py-2 font-semibold disabled:opacity-50"
            >
              Enhance Photos
            </button>
            <button
              type="submit"
              name="intent"
              value="change-category"
              disabled={hydrated && none}
              className="rounded-md border border-gray-300 bg-white px-4 py-2 font-semibold disabled:opacity-50"
            >
              Change Category
            </button>
            <button
              type="submit"
              name="intent"
              value="delete"
              disabled={hydrated && none}
              className="rounded-md bg-red-600 px-4 py-2 font-semibold text-white disabled:opacity-50"
            >
              Delete Selected
            </button>
          </div>
        </fieldset>
      )}
      <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {activities.map((a) => (
          <li key={a.id}>
            <AdminActivityCard
              activity={a}
              list={list}
              selected={selected.has(a.id)}
              onToggle={(on) => toggle(a.id, on)}
              hydrated={hydrated}
            />
          </li>
        ))}
      </ul>
    </Form>
  );
}
