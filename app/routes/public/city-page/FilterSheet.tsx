import { memo, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { useChoicesMadeBeforeHydration, useHydrated } from "~/components/hydrated";
import { fromSheet, toSheet, type MobileView, type SheetState } from "~/domain/pages/city-page";
import { COSTS, DURATIONS, TOURISTY_LEVELS } from "~/domain/constants";
import type { Filters } from "~/domain/pages/filters";
import type { CityPageData } from "./loader.server";
import { RatingSlider } from "./RatingSlider";
import { allOr, CONTROL, LABEL, SelectFilter, SORT_OPTIONS } from "./SelectFilter";
import { TagPicker } from "./TagPicker";
import { categorySlug } from "~/domain/taxonomy/slug";

/**
 * The filter sheet under 768px (the 'See {n} activities' button opens it): a dialog with every filter as lists,
 * applied together. Without JavaScript it is the #filters target of a plain GET form. Memoized: the page draws it
 * again only when its own props change (new loaded filters, the clear link), not at every tick on the page.
 */
export const FilterSheet = memo(function FilterSheet({
  data,
  view,
  dialogRef,
  clearLink,
  onClose,
  onApply,
}: {
  data: CityPageData;
  view: MobileView;
  dialogRef: React.RefObject<HTMLDialogElement | null>;
  clearLink: string;
  onClose: () => void;
  onApply: (next: Filters) => void;
}) {
  const { filters, fixed } = data;
  const hydrated = useHydrated();
  const [sheet, setSheet] = useState<SheetState>(() => toSheet(filters));
  // Opening the sheet starts from the page's current state: new filters reset it while rendering (an effect would
  // draw the whole sheet a second time as the page hydrates).
  const [sheetOf, setSheetOf] = useState(filters);
  if (sheetOf !== filters) {
    setSheetOf(filters);
    setSheet(toSheet(filters));
  }
  // Choices made in the sheet before the scripts ran (it opens as the page's #filters target without them) are
  // kept: replayed through the handlers below once React has drawn it.
  const formRef = useRef<HTMLFormElement>(null);
  useChoicesMadeBeforeHydration(formRef);
  const set = (c: Partial<SheetState>) => setSheet((s) => ({ ...s, ...c }));
  // From the latest state, not this render's: several choices replayed at once must all count.
  const toggle = (key: "categories" | "tags" | "costs" | "durations", v: string) =>
    setSheet((s) => ({ ...s, [key]: s[key].includes(v) ? s[key].filter((x) => x !== v) : [...s[key], v] }));

  const checkboxes = (
    legend: string,
    name: string,
    options: readonly string[],
    values: string[],
    onToggle: (v: string) => void,
    disabledValue?: string,
    /** What the form sends for an option (a category's slug); the option itself by default. */
    valueOf: (option: string) => string = (option) => option,
  ) => (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-1">
        {options.map((o) => {
          const id = `sheet-${name}-${o.replace(/\W+/g, "-").toLowerCase()}`;
          return (
            <li key={o}>
              <label htmlFor={id} className="flex items-center gap-2 text-sm">
                <input
                  id={id}
                  type="checkbox"
                  name={name}
                  value={valueOf(o)}
                  checked={values.includes(o)}
                  disabled={o === disabledValue}
                  onChange={() => onToggle(o)}
                  className="accent-black"
                />
                {o}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );

  return (
    <dialog
      id="filters"
      ref={dialogRef}
      aria-labelledby="filters-title"
      onClose={onClose}
      className="fixed inset-0 z-50 m-0 h-full max-h-none w-full max-w-none overflow-y-auto border-0 bg-white p-0 target:block backdrop:bg-black/40"
    >
      <Form
        ref={formRef}
        method="get"
        action={data.basePath}
        className="flex min-h-full flex-col"
        onSubmit={(e) => {
          if (!hydrated) return;
          e.preventDefault();
          onApply(fromSheet(filters, sheet));
        }}
      >
        {view === "map" && <input type="hidden" name="view" value="map" />}
        <div className="sticky top-0 z-10 flex items-center justify-between border-b border-gray-200 bg-white px-4 py-3">
          <h2 id="filters-title" className="text-lg font-bold">
            Filters
          </h2>
          {hydrated ? (
            <button
              type="button"
              onClick={() => dialogRef.current?.close()}
              className="rounded-md px-3 py-1.5 text-sm font-semibold underline focus-visible:outline-2"
              aria-label="Close filters"
            >
              Close
            </button>
          ) : (
            <a
              href="#results-heading"
              className="rounded-md px-3 py-1.5 text-sm font-semibold underline"
              aria-label="Close filters"
            >
              Close
            </a>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-5 px-4 py-4">
          <label htmlFor="sheet-q" className={LABEL}>
            Search
            <input
              id="sheet-q"
              type="search"
              name="q"
              value={sheet.q}
              onChange={(e) => set({ q: e.target.value })}
              className={CONTROL}
            />
          </label>
          {checkboxes(
            "Categories (none ticked shows all)",
            "category",
            data.categories.map((c) => c.name),
            sheet.categories,
            (v) => toggle("categories", v),
            fixed.category,
            categorySlug,
          )}
          <TagPicker
            idPrefix="sheet"
            open
            tags={data.tags}
            draft={sheet}
            fixedTag={fixed.tag}
            onToggle={(t) => t !== fixed.tag && toggle("tags", t)}
            onMode={(tagMode) => set({ tagMode })}
          />
          <fieldset>
            <legend className="mb-2 text-sm font-semibold">Touristy level</legend>
            <ul className="grid grid-cols-2 gap-x-4 gap-y-1">
              {allOr(TOURISTY_LEVELS).map((o) => {
                const id = `sheet-level-${o.label.replace(/\W+/g, "-").toLowerCase()}`;
                return (
                  <li key={o.label}>
                    <label htmlFor={id} className="flex items-center gap-2 text-sm">
                      <input
                        id={id}
                        type="radio"
                        name="level"
                        value={o.value}
                        checked={(sheet.touristyLevel ?? "") === o.value}
                        onChange={() => set({ touristyLevel: o.value || null })}
                        className="accent-black"
                      />
                      {o.label}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          {checkboxes("Cost (more than one shows all)", "cost", COSTS, sheet.costs, (v) => toggle("costs", v))}
          {checkboxes("Duration (more than one shows all)", "duration", DURATIONS, sheet.durations, (v) =>
            toggle("durations", v),
          )}
          <RatingSlider id="sheet-rating" value={sheet.minRating} onInput={(minRating) => set({ minRating })} />
          <SelectFilter
            id="sheet-sort"
            label="Sort"
            name="sort"
            value={sheet.sort}
            options={SORT_OPTIONS}
            onChange={(v) => set({ sort: v as Filters["sort"] })}
          />
        </div>
        <div className="sticky bottom-0 flex items-center gap-3 border-t border-gray-200 bg-white px-4 py-3">
          <Link
            to={clearLink}
            className="px-2 py-2 text-sm font-semibold underline"
            onClick={() => dialogRef.current?.close()}
          >
            Clear
          </Link>
          <button
            type="submit"
            className="flex-1 rounded-md bg-black px-4 py-2.5 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            Apply
          </button>
        </div>
      </Form>
    </dialog>
  );
});
