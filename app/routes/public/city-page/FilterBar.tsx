import { Fragment, memo } from "react";
import { Form, Link } from "react-router";
import { useTextTypedBeforeHydration } from "~/components/hydrated";
import type { MobileView } from "~/domain/pages/city-page";
import type { Filters } from "~/domain/pages/filters";
import { choiceValue, FILTER_CONTROLS, type FilterControlEntry } from "~/domain/pages/public-filters";
import { CategoryStrip } from "./CategoryStrip";
import type { CityPageData } from "./loader.server";
import { RatingSlider } from "./RatingSlider";
import { allOr, CONTROL, SearchField, SelectFilter, SortSelect } from "./SelectFilter";
import { TagPicker } from "./TagPicker";

/**
 * The filters above the list: the category strip, and from 768px the other controls of the filter table (search,
 * tags, level, cost, duration, rating, sort). One GET form, so it works without JavaScript; with it each change navigates at once (`onChange`).
 */
export function FilterBar({
  data,
  draft,
  view,
  clearLink,
  searchBox,
  onChange,
  onToggleCategory,
  onToggleTag,
  onSearch,
  onSearchFocus,
  onSubmit,
}: {
  data: CityPageData;
  draft: Filters;
  view: MobileView;
  clearLink: string;
  /** The search box, for text typed before the page's scripts ran. */
  searchBox: React.RefObject<HTMLInputElement | null>;
  onChange: (c: Partial<Omit<Filters, "page">>) => void;
  onToggleCategory: (name: string) => void;
  onToggleTag: (name: string) => void;
  onSearch: (q: string) => void;
  onSearchFocus: (focused: boolean) => void;
  onSubmit: () => void;
}) {
  const { fixed } = data;
  // Each of the draft's fields but the strip's categories (and the page), so the memo compares them one by one.
  const { categories: _categories, page: _page, ...barDraft } = draft;
  // Here, with the box: the filter bar may hydrate after the page around it (its own Suspense boundary).
  useTextTypedBeforeHydration(searchBox, draft.q, onSearch);
  return (
    <Form
      method="get"
      action={data.basePath}
      role="search"
      aria-label="Filter activities"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {view === "map" && <input type="hidden" name="view" value="map" />}
      <CategoryStrip
        categories={data.categories}
        selected={draft.categories}
        fixedCategory={fixed.category}
        onToggle={onToggleCategory}
      />

      <BarControls
        {...barDraft}
        data={data}
        clearLink={clearLink}
        searchBox={searchBox}
        onChange={onChange}
        onToggleTag={onToggleTag}
        onSearch={onSearch}
        onSearchFocus={onSearchFocus}
      />
    </Form>
  );
}

type BarDraft = Omit<Filters, "categories" | "page">;

/**
 * The bar's controls beyond the chips, from 768px: memoized on the draft's other fields, so a chip's tick does not
 * draw them again (on a phone they are hidden, but React would still draw them before the tick could paint).
 */
const BarControls = memo(function BarControls({
  data,
  clearLink,
  searchBox,
  onChange,
  onToggleTag,
  onSearch,
  onSearchFocus,
  ...draft
}: BarDraft & {
  data: CityPageData;
  clearLink: string;
  searchBox: React.RefObject<HTMLInputElement | null>;
  onChange: (c: Partial<Omit<Filters, "page">>) => void;
  onToggleTag: (name: string) => void;
  onSearch: (q: string) => void;
  onSearchFocus: (focused: boolean) => void;
}) {
  const { fixed } = data;
  const control = ({ field, param, control }: FilterControlEntry) => {
    switch (control.kind) {
      case "search":
        return (
          <SearchField
            id="bar-q"
            inputRef={searchBox}
            value={draft.q}
            placeholder={`Search ${data.city.displayName}`}
            onChange={onSearch}
            onFocus={() => onSearchFocus(true)}
            onBlur={() => onSearchFocus(false)}
            className={`${CONTROL} w-56`}
          />
        );
      case "categories":
        // Drawn as the category strip above, at every width.
        return null;
      case "tags":
        return (
          <TagPicker
            idPrefix="bar"
            tags={data.tags}
            draft={draft}
            fixedTag={fixed.tag}
            onToggle={onToggleTag}
            onMode={(tagMode) => onChange({ tagMode })}
          />
        );
      case "choice":
        return (
          <SelectFilter
            id={`bar-${param}`}
            label={control.label}
            name={param}
            value={choiceValue(draft, field) ?? ""}
            options={allOr(control.options)}
            onChange={(v) => onChange({ [field]: v || null })}
          />
        );
      case "rating":
        return (
          <RatingSlider id="bar-rating" value={draft.minRating} onCommit={(minRating) => onChange({ minRating })} />
        );
      case "sort":
        return <SortSelect id="bar-sort" value={draft.sort} onChange={(sort) => onChange({ sort })} />;
    }
  };
  return (
    <div className="mt-3 hidden flex-wrap items-end gap-3 md:flex">
      {FILTER_CONTROLS.map((c) => (
        <Fragment key={c.field}>{control(c)}</Fragment>
      ))}
      <button
        type="submit"
        className="rounded-md bg-black px-4 py-1.5 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        Apply
      </button>
      <Link
        to={clearLink}
        preventScrollReset
        className="px-2 py-1.5 text-sm font-semibold underline hover:text-brand-dark"
      >
        Clear
      </Link>
    </div>
  );
});
