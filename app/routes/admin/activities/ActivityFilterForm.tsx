import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { AddressSelect } from "~/components/AddressFields";
import { useHydrated } from "~/components/hydrated";
import type { AdminActivityListState } from "~/domain/activities/admin-activity-list";
import { ADMIN_SORT_ORDERS, SORT_LABELS } from "~/domain/pages/sort";

const LIST_SELECT_WRAPPER = "flex flex-col gap-1";
const LIST_SELECT = "rounded-md border border-gray-300 px-3 py-2";

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
      <AddressSelect
        id="activity-city"
        label="City"
        name="cityId"
        value={list.cityId}
        onChange={autoSubmit}
        options={cities.map((c) => ({ value: c.id, label: `${c.displayName}${c.state ? `, ${c.state}` : ""}` }))}
        className={LIST_SELECT_WRAPPER}
        selectClassName={LIST_SELECT}
      >
        <option value="">All Cities</option>
      </AddressSelect>
      <AddressSelect
        id="activity-sort"
        label="Sort by"
        name="sort"
        value={list.sort}
        onChange={autoSubmit}
        options={ADMIN_SORT_ORDERS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
        className={LIST_SELECT_WRAPPER}
        selectClassName={LIST_SELECT}
      />
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
