// The city activities page (public-site §2 "City activities page", §4 "Filter state" and "Map"), shared by the
// things-to-do route and the category and tag routes. The URL is the state: a GET form carries every filter,
// and with JavaScript the results follow each change without a full page load.
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { socialMeta } from "~/domain/social-meta";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useNavigate,
  useNavigation,
  useSearchParams,
  type MetaDescriptor,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { ActivityCard } from "~/components/ActivityCard";
import { Header } from "~/components/Header";
import { RefreshPageLink } from "~/components/RefreshPageLink";
import { MapView, type MapMarker } from "~/components/MapView";
import { Tooltip } from "~/components/Tooltip";
import {
  clearHref,
  filtersHref,
  fromSheet,
  parseView,
  toSheet,
  type MobileView,
  type SheetState,
} from "~/domain/city-page";
import { COSTS, DURATIONS, TOURISTY_LEVELS } from "~/domain/constants";
import { ALL_CATEGORIES, toggleCategory, toggleTag, withChange, type Filters } from "~/domain/filters";
import { LOADING_ACTIVITIES } from "~/domain/page-loading";
import { pageWindow, showingText } from "~/domain/pagination";
import { clampToStep, RATING_STEPS, ratingStepLabel, stepRating } from "~/domain/rating";
import { DEFAULT_PAGE_DESCRIPTION, DEFAULT_PAGE_TITLE } from "~/domain/seo";
import { SORT_LABELS, SORT_ORDERS } from "~/domain/sort";
import { PAGE_SIZE } from "~/domain/constants";
import type { CityPageData, CityPageNotFound } from "./city-page.server";

type Item = CityPageData["list"]["items"][number];

// ---- route module helpers (meta, revalidation, error states) ----

function brandOf(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.data as { brand?: string } | undefined;
  return root?.brand ?? "Things To Do";
}

export function cityPageMeta({
  data,
  error,
  matches,
}: {
  data: CityPageData | undefined;
  error?: unknown;
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}): MetaDescriptor[] {
  const brand = brandOf(matches);
  if (!data) {
    const missing = isRouteErrorResponse(error) ? (error.data as CityPageNotFound | undefined) : undefined;
    const title =
      missing?.notFound === "city"
        ? "City Not Found"
        : missing?.notFound === "category"
          ? "Category Not Found"
          : DEFAULT_PAGE_TITLE;
    return socialMeta({ title, description: DEFAULT_PAGE_DESCRIPTION, brand });
  }
  return socialMeta({ title: data.seo.title, description: data.seo.description, brand });
}

/** Switching between the list and the map under 768px changes the URL but not the data. */
export function cityPageShouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const withoutView = (u: URL) => {
    const params = new URLSearchParams(u.search);
    params.delete("view");
    return `${u.pathname}?${params}`;
  };
  if (currentUrl.pathname === nextUrl.pathname && withoutView(currentUrl) === withoutView(nextUrl)) return false;
  return defaultShouldRevalidate;
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <>
      <Header searchContext="city" />
      <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
        {children}
      </main>
    </>
  );
}

const BUTTON =
  "mt-8 inline-block rounded-md bg-black px-5 py-2.5 font-semibold text-white hover:bg-gray-800 focus-visible:outline-2 focus-visible:outline-offset-2";

/** 'City Not Found' and 'Category Not Found' (both 404), else the site's generic error page. */
export function CityPageErrorBoundary({ error }: { error: unknown }) {
  const missing = isRouteErrorResponse(error) && error.status === 404 ? (error.data as CityPageNotFound | null) : null;
  if (missing?.notFound === "city") {
    return (
      <Centered>
        <h1 className="text-3xl font-bold">City Not Found</h1>
        <p className="mt-4 text-gray-600">The city "{missing.cityId}" is not available.</p>
        <Link to="/" className={BUTTON}>
          Return Home
        </Link>
      </Centered>
    );
  }
  if (missing?.notFound === "category") {
    return (
      <Centered>
        <h1 className="text-3xl font-bold">Category Not Found</h1>
        <p className="mt-4 text-gray-600">
          There is no category "{missing.segment}" in {missing.cityName}.
        </p>
        <Link to={missing.allActivitiesPath} className={BUTTON}>
          View All Activities
        </Link>
      </Centered>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Centered>
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-gray-600">Please refresh the page to try again.</p>
      <RefreshPageLink className={BUTTON} />
    </Centered>
  );
}

// ---- small hooks ----

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Controls follow the URL: after every navigation (including Back) the draft is the loaded state again. Not
 * while another navigation is on its way: quick changes (arrow keys on the rating slider) would otherwise be
 * pulled back to the page that finished loading just before the latest change.
 */
function useDraft(filters: Filters, idle: boolean) {
  const [draft, setDraft] = useState(filters);
  const searchFocused = useRef(false);
  useEffect(() => {
    if (!idle) return;
    // Keep what is being typed in the search box; the rest comes from the URL.
    setDraft((current) => (searchFocused.current ? { ...filters, q: current.q } : filters));
  }, [filters, idle]);
  return { draft, setDraft, searchFocused };
}

// ---- the page ----

export function CityPage({ data }: { data: CityPageData }) {
  const { city, basePath, fixed, filters, list, seo } = data;
  const [searchParams] = useSearchParams();
  const view = parseView(searchParams);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const { draft, setDraft, searchFocused } = useDraft(filters, navigation.state === "idle");
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const resultsRef = useRef<HTMLElement>(null);
  const sheetRef = useRef<HTMLDialogElement>(null);
  const sheetOpener = useRef<HTMLElement | null>(null);

  const loading = navigation.state === "loading" && navigation.location.pathname === basePath;

  /** Every change goes back to page 1 (withChange / toggle*); only the search box replaces history. */
  const go = (next: Filters, { replace = false } = {}) => {
    setDraft(next);
    navigate(filtersHref(basePath, next, fixed, view), { replace, preventScrollReset: true });
  };
  const change = (c: Partial<Omit<Filters, "page">>) => go(withChange(draft, c));
  const changeSearch = (q: string) => {
    setDraft((d) => ({ ...d, q }));
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => go(withChange({ ...draft, q }, {}), { replace: true }), 350);
  };
  useEffect(() => () => clearTimeout(searchTimer.current), []);

  // Page buttons bring the top of the list into view once the new page is there.
  const shownPage = useRef(list.page);
  useEffect(() => {
    if (shownPage.current !== list.page) resultsRef.current?.scrollIntoView({ block: "start" });
    shownPage.current = list.page;
  }, [list.page]);

  // A marker click marks its card and brings it into view.
  const selectFromMap = (id: number) => {
    setSelectedId(id);
    resultsRef.current
      ?.querySelector(`[data-activity-id="${id}"]`)
      ?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  };

  const openSheet = (event: MouseEvent<HTMLElement>) => {
    const dialog = sheetRef.current;
    if (!dialog || typeof dialog.showModal !== "function") return; // the #filters link still works
    event.preventDefault();
    sheetOpener.current = event.currentTarget;
    dialog.showModal();
  };
  const closeSheet = () => sheetRef.current?.close();

  const markers: MapMarker[] = list.items.map((a) => ({
    id: a.id,
    title: a.title,
    latitude: a.latitude,
    longitude: a.longitude,
    pinUrl: a.pinUrl,
    href: a.href,
    subtitle: a.category,
  }));

  const otherView: MobileView = view === "map" ? "list" : "map";
  const clearLink = clearHref(basePath, draft, fixed, view);

  return (
    <>
      <Header searchContext="city" />
      <main id="main" className="mx-auto max-w-[1600px] px-4 pb-28 md:pb-10">
        <div className="pt-6 pb-3">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{seo.heading}</h1>
          {seo.intro && <p className="mt-1 max-w-3xl text-gray-700">{seo.intro}</p>}
          {data.subject.kind !== "city" && (
            <p className="mt-1 text-sm">
              <Link to={data.allActivitiesPath} className="font-medium underline hover:text-brand-dark">
                All things to do in {city.displayName}
              </Link>
            </p>
          )}
        </div>

        {!data.cityHasActivities ? (
          <section className="py-16 text-center" aria-labelledby="no-activities">
            <h2 id="no-activities" className="text-2xl font-bold">
              No Activities Available
            </h2>
            <p className="mt-3 text-gray-600">We don't have any activities listed for {city.displayName} yet.</p>
            <Link to="/" className={BUTTON}>
              Explore Other Cities
            </Link>
          </section>
        ) : (
          <>
            <FilterBar
              data={data}
              draft={draft}
              view={view}
              hydrated={hydrated}
              clearLink={clearLink}
              onChange={change}
              onToggleCategory={(name) => go(toggleCategory(draft, name, fixed))}
              onToggleTag={(name) => go(toggleTag(draft, name, fixed))}
              onSearch={changeSearch}
              onSearchFocus={(focused) => (searchFocused.current = focused)}
              onSubmit={() => {
                clearTimeout(searchTimer.current);
                go(withChange(draft, {}));
              }}
            />

            <div className="mt-4 flex flex-col gap-6 md:flex-row">
              <section
                ref={resultsRef}
                aria-labelledby="results-heading"
                className={`min-w-0 flex-1 scroll-mt-20 ${view === "map" ? "max-md:hidden" : ""}`}
                onFocusCapture={(e) => {
                  const id = (e.target as Element).closest<HTMLElement>("[data-activity-id]")?.dataset.activityId;
                  if (id) setSelectedId(Number(id));
                }}
              >
                <h2 id="results-heading" className="sr-only">
                  Activities
                </h2>
                <p className="text-sm text-gray-700" aria-live="polite">
                  {loading ? LOADING_ACTIVITIES : showingText(list.page, PAGE_SIZE, list.total)}
                </p>
                {list.items.length === 0 ? (
                  <p className="py-12 text-center text-lg text-gray-700">
                    {filters.q.trim()
                      ? `No activities found matching "${filters.q.trim()}"`
                      : "No activities found matching your criteria."}
                  </p>
                ) : (
                  <ul className={`mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 ${loading ? "opacity-60" : ""}`}>
                    {list.items.map((a: Item) => (
                      <li key={a.id} data-activity-id={a.id}>
                        <ActivityCard
                          activity={a}
                          href={a.href}
                          maxTags={2}
                          showPhoto={city.showPhotos}
                          selected={a.id === selectedId}
                          onSelect={setSelectedId}
                        />
                      </li>
                    ))}
                  </ul>
                )}
                <Pagination
                  basePath={basePath}
                  filters={filters}
                  fixed={fixed}
                  view={view}
                  page={list.page}
                  pageCount={list.pageCount}
                />
              </section>

              <div
                className={`md:sticky md:top-20 md:h-[calc(100vh-6rem)] md:w-1/2 ${view === "map" ? "h-[70vh]" : "max-md:hidden"}`}
              >
                {hydrated && (
                  <MapView
                    setup={data.map}
                    markers={markers}
                    selectedId={selectedId}
                    onSelect={selectFromMap}
                    center={city.center}
                    className="h-full min-h-80 w-full rounded-xl"
                    label={`Map of activities in ${city.displayName}`}
                  />
                )}
                <noscript>
                  <p className="p-4 text-gray-700 md:hidden">
                    The map needs JavaScript; the list shows every activity.
                  </p>
                </noscript>
              </div>
            </div>

            <div className="fixed inset-x-0 bottom-4 z-30 flex justify-center gap-2 px-3 md:hidden">
              <a
                href="#filters"
                onClick={openSheet}
                className="rounded-full bg-black px-4 py-3 text-sm font-semibold text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 xs:text-base"
              >
                See {list.total} activities
              </a>
              <Link
                to={filtersHref(basePath, filters, fixed, otherView)}
                preventScrollReset
                replace
                className="shrink-0 rounded-full border border-gray-300 bg-white px-4 py-3 text-sm font-semibold shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 xs:text-base"
              >
                {view === "map" ? "Show List" : "Show Map"}
              </Link>
            </div>

            <FilterSheet
              data={data}
              view={view}
              dialogRef={sheetRef}
              clearLink={clearLink}
              hydrated={hydrated}
              onClose={() => {
                sheetOpener.current?.focus();
                sheetOpener.current = null;
              }}
              onApply={(next) => {
                closeSheet();
                go(next);
              }}
            />
          </>
        )}
      </main>
    </>
  );
}

// ---- filters ----

const CONTROL =
  "rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand-dark";
const LABEL = "flex flex-col gap-1 text-xs font-semibold text-gray-700";

function SelectFilter({
  id,
  label,
  name,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <div className={LABEL}>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)} className={CONTROL}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const allOr = (values: readonly string[]) => [
  { value: "", label: "All" },
  ...values.map((v) => ({ value: v, label: v })),
];

const RATING_KEYS: Readonly<Record<string, (v: number) => number>> = {
  ArrowRight: (v) => stepRating(v, 1),
  ArrowUp: (v) => stepRating(v, 1),
  ArrowLeft: (v) => stepRating(v, -1),
  ArrowDown: (v) => stepRating(v, -1),
  Home: () => RATING_STEPS[0],
  End: () => RATING_STEPS[RATING_STEPS.length - 1],
};

/**
 * 'Minimum rating' over the spec's uneven steps (0, halves to 4.5, tenths to 5.0), its value shown beside it.
 * A native range 0–5 in tenths named `rating`, not a range over step indexes: a range of indexes needs a hidden
 * input that only a script can keep in step, so a plain GET form would send an index or a stale value. This
 * one submits a real rating with JavaScript off, and the server snaps a value between steps down onto the list
 * (clampToStep). With JavaScript the value snaps while it moves, the arrow keys walk the list one step at a
 * time (the native keys would move a tenth and land between half steps), and `onCommit` runs when it is
 * released (the native change event; React's onChange is the input event).
 */
function RatingSlider({
  id,
  value,
  hydrated,
  onInput,
  onCommit,
}: {
  id: string;
  value: number;
  hydrated: boolean;
  onInput?: (value: number) => void;
  onCommit?: (value: number) => void;
}) {
  const [shown, setShown] = useState(value);
  useEffect(() => setShown(value), [value]);
  const input = useRef<HTMLInputElement>(null);
  const commit = useRef(onCommit);
  commit.current = onCommit;
  const committed = useRef(value);
  committed.current = value;
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    // A drag that snaps back to where it started changes nothing (and must not reset the page).
    const onChange = () => {
      const next = clampToStep(Number(el.value));
      if (next !== committed.current) commit.current?.(next);
    };
    el.addEventListener("change", onChange);
    return () => el.removeEventListener("change", onChange);
  }, []);
  const move = (next: number) => {
    setShown(next);
    onInput?.(next);
  };
  return (
    <div className={LABEL}>
      <label htmlFor={id}>Minimum rating</label>
      <div className="flex items-center gap-2">
        <input
          ref={input}
          id={id}
          type="range"
          name="rating"
          min={0}
          max={5}
          step={0.1}
          list={`${id}-steps`}
          value={shown}
          // Before hydration the value can move without the text following, so only then is it announced as text.
          aria-valuetext={hydrated ? ratingStepLabel(shown) : undefined}
          onChange={(e) => move(clampToStep(Number(e.target.value)))}
          onKeyDown={(e) => {
            const key = RATING_KEYS[e.key];
            if (!key) return;
            e.preventDefault();
            const next = key(shown);
            if (next === shown) return;
            move(next);
            commit.current?.(next);
          }}
          className="w-36 accent-black"
        />
        <output htmlFor={id} className="w-8 text-sm font-semibold text-gray-900 tabular-nums">
          {ratingStepLabel(shown)}
        </output>
      </div>
      <datalist id={`${id}-steps`}>
        {RATING_STEPS.map((v) => (
          <option key={v} value={v} label={ratingStepLabel(v)} />
        ))}
      </datalist>
    </div>
  );
}
const SORT_OPTIONS = SORT_ORDERS.map((s) => ({ value: s, label: SORT_LABELS[s] }));

function FilterBar({
  data,
  draft,
  view,
  hydrated,
  clearLink,
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
  hydrated: boolean;
  clearLink: string;
  onChange: (c: Partial<Omit<Filters, "page">>) => void;
  onToggleCategory: (name: string) => void;
  onToggleTag: (name: string) => void;
  onSearch: (q: string) => void;
  onSearchFocus: (focused: boolean) => void;
  onSubmit: () => void;
}) {
  const { fixed } = data;
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
        hydrated={hydrated}
        onToggle={onToggleCategory}
      />

      <div className="mt-3 hidden flex-wrap items-end gap-3 md:flex">
        <label htmlFor="bar-q" className={LABEL}>
          Search
          <input
            id="bar-q"
            type="search"
            name="q"
            value={draft.q}
            placeholder={`Search ${data.city.displayName}`}
            onChange={(e) => onSearch(e.target.value)}
            onFocus={() => onSearchFocus(true)}
            onBlur={() => onSearchFocus(false)}
            className={`${CONTROL} w-56`}
          />
        </label>
        <TagPicker
          idPrefix="bar"
          tags={data.tags}
          draft={draft}
          fixedTag={fixed.tag}
          onToggle={onToggleTag}
          onMode={(tagMode) => onChange({ tagMode })}
        />
        <SelectFilter
          id="bar-level"
          label="Touristy level"
          name="level"
          value={draft.touristyLevel ?? ""}
          options={allOr(TOURISTY_LEVELS)}
          onChange={(v) => onChange({ touristyLevel: v || null })}
        />
        <SelectFilter
          id="bar-cost"
          label="Cost"
          name="cost"
          value={draft.cost ?? ""}
          options={allOr(COSTS)}
          onChange={(v) => onChange({ cost: v || null })}
        />
        <SelectFilter
          id="bar-duration"
          label="Duration"
          name="duration"
          value={draft.duration ?? ""}
          options={allOr(DURATIONS)}
          onChange={(v) => onChange({ duration: v || null })}
        />
        <RatingSlider
          id="bar-rating"
          value={draft.minRating}
          hydrated={hydrated}
          onCommit={(minRating) => onChange({ minRating })}
        />
        <SelectFilter
          id="bar-sort"
          label="Sort"
          name="sort"
          value={draft.sort}
          options={SORT_OPTIONS}
          onChange={(v) => onChange({ sort: v as Filters["sort"] })}
        />
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
    </Form>
  );
}

// The arrows show from 768px, like the buttons inside.
const ARROW_TIP = "relative hidden shrink-0 md:flex";

function CategoryStrip({
  categories,
  selected,
  fixedCategory,
  hydrated,
  onToggle,
}: {
  categories: CityPageData["categories"];
  selected: string[];
  fixedCategory: string | undefined;
  hydrated: boolean;
  onToggle: (name: string) => void;
}) {
  const strip = useRef<HTMLDivElement>(null);
  const scroll = (by: number) => strip.current?.scrollBy({ left: by, behavior: "smooth" });
  const allSelected = selected.length === 0 || (fixedCategory !== undefined && selected.length === 1);
  // Chips are styled by .category-chip in app.css: from :checked and aria-pressed, so they look right before
  // (or without) JavaScript too.
  const arrow =
    "hidden size-9 shrink-0 items-center justify-center rounded-full border border-gray-300 bg-white text-xl leading-none hover:border-gray-500 focus-visible:outline-2 md:flex";
  return (
    <fieldset className="flex min-w-0 items-center gap-2">
      <legend className="sr-only">Categories</legend>
      {hydrated && (
        <Tooltip label="Scroll categories left" align="start" className={ARROW_TIP}>
          <button type="button" className={arrow} onClick={() => scroll(-200)} aria-label="Scroll categories left">
            <span aria-hidden="true">‹</span>
          </button>
        </Tooltip>
      )}
      <div ref={strip} className="flex min-w-0 flex-1 gap-2 overflow-x-auto py-1 [scrollbar-width:thin]">
        {/* 'All' is exclusive: as a submit button it sends category=All, which clears the others. */}
        <button
          type="submit"
          name="category"
          value={ALL_CATEGORIES}
          aria-pressed={allSelected}
          onClick={(e) => {
            if (!hydrated) return;
            e.preventDefault();
            onToggle(ALL_CATEGORIES);
          }}
          className="category-chip"
        >
          {ALL_CATEGORIES}
        </button>
        {categories.map((c) => {
          const isFixed = c.name === fixedCategory;
          const on = selected.includes(c.name);
          const id = `category-${c.name.replace(/\W+/g, "-").toLowerCase()}`;
          return (
            <label key={c.name} htmlFor={id} className="category-chip">
              <input
                id={id}
                type="checkbox"
                name="category"
                value={c.name}
                checked={on}
                disabled={isFixed}
                onChange={() => onToggle(c.name)}
                className="sr-only"
              />
              {c.filterIcon && <img src={c.filterIcon} alt="" width={18} height={18} />}
              {c.name}
            </label>
          );
        })}
      </div>
      {hydrated && (
        <Tooltip label="Scroll categories right" align="end" className={ARROW_TIP}>
          <button type="button" className={arrow} onClick={() => scroll(200)} aria-label="Scroll categories right">
            <span aria-hidden="true">›</span>
          </button>
        </Tooltip>
      )}
    </fieldset>
  );
}

function TagPicker({
  idPrefix,
  tags,
  draft,
  fixedTag,
  onToggle,
  onMode,
  open = false,
}: {
  idPrefix: string;
  tags: string[];
  draft: Pick<Filters, "tags" | "tagMode">;
  fixedTag: string | undefined;
  onToggle: (name: string) => void;
  onMode: (mode: Filters["tagMode"]) => void;
  open?: boolean;
}) {
  const list = (
    <>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-1">
        {tags.map((t) => {
          const id = `${idPrefix}-tag-${t.replace(/\W+/g, "-").toLowerCase()}`;
          return (
            <li key={t}>
              <label htmlFor={id} className="flex items-center gap-2 text-sm">
                <input
                  id={id}
                  type="checkbox"
                  name="tag"
                  value={t}
                  checked={draft.tags.includes(t)}
                  disabled={t === fixedTag}
                  onChange={() => onToggle(t)}
                  className="accent-black"
                />
                {t}
              </label>
            </li>
          );
        })}
      </ul>
      {draft.tags.length > 1 && (
        <fieldset className="mt-3 flex items-center gap-3 text-sm">
          <legend className="mb-1 text-xs font-semibold text-gray-700">Match</legend>
          {(["or", "and"] as const).map((mode) => (
            <label key={mode} htmlFor={`${idPrefix}-tagmode-${mode}`} className="flex items-center gap-1">
              <input
                id={`${idPrefix}-tagmode-${mode}`}
                type="radio"
                name="tagMode"
                value={mode}
                checked={draft.tagMode === mode}
                onChange={() => onMode(mode)}
                className="accent-black"
              />
              {mode === "or" ? "Any tag (OR)" : "All tags (AND)"}
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
  if (open) {
    return (
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Tags</legend>
        {list}
      </fieldset>
    );
  }
  return (
    <details className="relative">
      <summary className={`${CONTROL} cursor-pointer list-none`}>
        Tags{draft.tags.length > 0 ? ` (${draft.tags.length})` : ""}
      </summary>
      <div className="absolute z-20 mt-1 w-72 rounded-md border border-gray-200 bg-white p-3 shadow-lg">{list}</div>
    </details>
  );
}

function FilterSheet({
  data,
  view,
  dialogRef,
  clearLink,
  hydrated,
  onClose,
  onApply,
}: {
  data: CityPageData;
  view: MobileView;
  dialogRef: React.RefObject<HTMLDialogElement | null>;
  clearLink: string;
  hydrated: boolean;
  onClose: () => void;
  onApply: (next: Filters) => void;
}) {
  const { filters, fixed } = data;
  const [sheet, setSheet] = useState<SheetState>(() => toSheet(filters));
  // Opening the sheet starts from the page's current state.
  useEffect(() => setSheet(toSheet(filters)), [filters]);
  const set = (c: Partial<SheetState>) => setSheet((s) => ({ ...s, ...c }));
  const toggleIn = (values: string[], v: string) =>
    values.includes(v) ? values.filter((x) => x !== v) : [...values, v];

  const checkboxes = (
    legend: string,
    name: string,
    options: readonly string[],
    values: string[],
    onToggle: (v: string) => void,
    disabledValue?: string,
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
                  value={o}
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
            (v) => set({ categories: toggleIn(sheet.categories, v) }),
            fixed.category,
          )}
          <TagPicker
            idPrefix="sheet"
            open
            tags={data.tags}
            draft={sheet}
            fixedTag={fixed.tag}
            onToggle={(t) => t !== fixed.tag && set({ tags: toggleIn(sheet.tags, t) })}
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
          {checkboxes("Cost (more than one shows all)", "cost", COSTS, sheet.costs, (v) =>
            set({ costs: toggleIn(sheet.costs, v) }),
          )}
          {checkboxes("Duration (more than one shows all)", "duration", DURATIONS, sheet.durations, (v) =>
            set({ durations: toggleIn(sheet.durations, v) }),
          )}
          <RatingSlider
            id="sheet-rating"
            value={sheet.minRating}
            hydrated={hydrated}
            onInput={(minRating) => set({ minRating })}
          />
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
}

// ---- pagination ----

function Pagination({
  basePath,
  filters,
  fixed,
  view,
  page,
  pageCount,
}: {
  basePath: string;
  filters: Filters;
  fixed: CityPageData["fixed"];
  view: MobileView;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  const href = (n: number) => filtersHref(basePath, { ...filters, page: n }, fixed, view);
  const base =
    "min-w-10 rounded-md border px-3 py-2 text-center text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2";
  return (
    <nav aria-label="Pagination" className="mt-6 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link
          to={href(page - 1)}
          preventScrollReset
          className={`${base} border-gray-300 hover:border-gray-500`}
          rel="prev"
        >
          Previous
        </Link>
      ) : (
        <span className={`${base} border-gray-200 text-gray-500`} aria-disabled="true">
          Previous
        </span>
      )}
      {pageWindow(page, pageCount).map((n) => (
        <Link
          key={n}
          to={href(n)}
          preventScrollReset
          aria-current={n === page ? "page" : undefined}
          aria-label={`Page ${n}`}
          className={`${base} ${n === page ? "border-black bg-black text-white" : "border-gray-300 hover:border-gray-500"}`}
        >
          {n}
        </Link>
      ))}
      {page < pageCount ? (
        <Link
          to={href(page + 1)}
          preventScrollReset
          className={`${base} border-gray-300 hover:border-gray-500`}
          rel="next"
        >
          Next
        </Link>
      ) : (
        <span className={`${base} border-gray-200 text-gray-500`} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
