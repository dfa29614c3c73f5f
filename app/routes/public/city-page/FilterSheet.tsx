import { Fragment, memo, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { useChoicesMadeBeforeHydration, useHydrated } from "~/components/hydrated";
import { fromSheet, toSheet, type MobileView, type SheetState } from "~/domain/pages/city-page";
import type { Filters } from "~/domain/pages/filters";
import { choiceValue, FILTER_CONTROLS, type FilterControlEntry } from "~/domain/pages/public-filters";
import type { CityPageData } from "./loader.server";
import { RatingSlider } from "./RatingSlider";
import { OptionFieldset, OptionList } from "./OptionList";
import { allOr, SearchField, SortSelect } from "./SelectFilter";
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
  const flip = (values: readonly string[], v: string) =>
    values.includes(v) ? values.filter((x) => x !== v) : [...values, v];
  const toggle = (key: "categories" | "tags", v: string) => setSheet((s) => ({ ...s, [key]: flip(s[key], v) }));
  const toggleListed = (field: keyof Filters, v: string) =>
    setSheet((s) => ({ ...s, lists: { ...s.lists, [field]: flip(s.lists[field] ?? [], v) } }));

  const control = ({ field, param, control }: FilterControlEntry) => {
    switch (control.kind) {
      case "search":
        return <SearchField id="sheet-q" value={sheet.q} onChange={(q) => set({ q })} />;
      case "categories":
        return (
          <OptionFieldset legend="Categories (none ticked shows all)">
            <OptionList
              idPrefix="sheet"
              name={param}
              options={data.categories.map(({ name }) => ({
                label: name,
                value: categorySlug(name),
                checked: sheet.categories.includes(name),
                disabled: name === fixed.category,
              }))}
              onPick={(o) => toggle("categories", o.label)}
            />
          </OptionFieldset>
        );
      case "tags":
        return (
          <TagPicker
            idPrefix="sheet"
            open
            tags={data.tags}
            draft={sheet}
            fixedTag={fixed.tag}
            onToggle={(t) => t !== fixed.tag && toggle("tags", t)}
            onMode={(tagMode) => set({ tagMode })}
          />
        );
      case "choice": {
        const radios = control.sheet === "radios";
        const value = choiceValue(sheet, field) ?? "";
        const ticked = sheet.lists[field] ?? [];
        const options = radios
          ? allOr(control.options).map((o) => ({ ...o, checked: value === o.value }))
          : control.options.map((o) => ({ label: o, value: o, checked: ticked.includes(o) }));
        return (
          <OptionFieldset legend={control.legend}>
            <OptionList
              idPrefix="sheet"
              name={param}
              single={radios}
              options={options}
              onPick={(o) => (radios ? set({ [field]: o.value || null }) : toggleListed(field, o.value))}
            />
          </OptionFieldset>
        );
      }
      case "rating":
        return <RatingSlider id="sheet-rating" value={sheet.minRating} onInput={(minRating) => set({ minRating })} />;
      case "sort":
        return <SortSelect id="sheet-sort" value={sheet.sort} onChange={(sort) => set({ sort })} />;
    }
  };

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
          {FILTER_CONTROLS.map((c) => (
            <Fragment key={c.field}>{control(c)}</Fragment>
          ))}
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
