import { useEffect, useRef, type ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { useHydrated } from "~/components/hydrated";
import type { AdminActivityListState } from "~/domain/activities/admin-activity-list";
import { ADMIN_SORT_ORDERS, SORT_LABELS } from "~/domain/pages/sort";

/** The list's search, city, sort and untagged-only choices: a GET form, submitted at once on a change with scripts. */
export function ActivityFilterForm({
  list,
  cities,
}: {
  list: AdminActivityListState;
  cities: ReadonlyArray<{ id: string; displayName: string; state: string }>;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const autoSubmit = (event: React.ChangeEvent<HTMLSelectElement | HTMLInputElement>) =>
    submit(event.currentTarget.form);
  // Each select and the checkbox is keyed by its own value in the address, so it shows the address's value after back
  // and forward, and one the last navigation did not change keeps what was chosen meanwhile. The search box is not
  // remounted: the text typed while a list loads is the admin's (useSearchText).
  const searchBox = useSearchText(list.search);
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter activities"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-4"
    >
      <div className="flex min-w-56 flex-1 flex-col gap-1">
        <label htmlFor="activity-search" className="text-sm font-medium">
          Search activities
        </label>
        <input
          ref={searchBox}
          id="activity-search"
          type="search"
          name="search"
          defaultValue={list.search}
          placeholder="Search by title or description"
          className="rounded-md border border-gray-300 px-3 py-2"
        />
      </div>
      <ListSelect id="activity-city" label="City" name="cityId" value={list.cityId} onChange={autoSubmit}>
        <option value="">All Cities</option>
        {cities.map((c) => (
          <option key={c.id} value={c.id}>
            {c.displayName}
            {c.state ? `, ${c.state}` : ""}
          </option>
        ))}
      </ListSelect>
      <ListSelect id="activity-sort" label="Sort by" name="sort" value={list.sort} onChange={autoSubmit}>
        {ADMIN_SORT_ORDERS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </ListSelect>
      <label className="flex items-center gap-2 py-2 text-sm">
        <input
          key={String(list.untagged)}
          type="checkbox"
          name="untagged"
          value="1"
          defaultChecked={list.untagged}
          onChange={autoSubmit}
        />
        Show only untagged
      </label>
      {/* The page is left out on purpose: a new search, city, sort or untagged choice starts at page 1. */}
      <button type="submit" className="rounded-md bg-black px-4 py-2 font-semibold text-white">
        {hydrated ? "Search" : "Apply"}
      </button>
    </Form>
  );
}

/** A labelled select of the list's state, keyed by its value in the address (see ActivityFilterForm). */
function ListSelect({
  id,
  label,
  name,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (event: React.ChangeEvent<HTMLSelectElement>) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        key={value}
        id={id}
        name={name}
        defaultValue={value}
        onChange={onChange}
        className="rounded-md border border-gray-300 px-3 py-2"
      >
        {children}
      </select>
    </div>
  );
}

/**
 * The search box's text across the lists it asks for. A city, sort or untagged change submits the form with the text
 * typed so far, and the admin may type on while that list loads: when it arrives, text typed since the box last
 * showed the address's search is kept. A box holding only what the address said follows the address (back and
 * forward).
 */
function useSearchText(search: string) {
  const box = useRef<HTMLInputElement>(null);
  const shown = useRef(search);
  useEffect(() => {
    const input = box.current;
    if (input && input.value === shown.current) input.value = search;
    shown.current = search;
  }, [search]);
  return box;
}
