// The city activities page and its category and tag variants (public-site §2 "City activities page", §4 "Filter
// state" and "Map"): '{prefix}/{cityId}/things-to-do' and '{prefix}/{cityId}/{segment}', where the segment is a
// tag landing page (the nine tag slugs) or a category's slug; an activity's slug redirects to its detail page and
// anything else is 'Category Not Found'. The URL is the state: a GET form carries every filter, and with
// JavaScript the results follow each change without a full page load.
import {
  memo,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  type MouseEvent,
  type RefObject,
} from "react";
import {
  isRouteErrorResponse,
  Link,
  useNavigate,
  useNavigation,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/route";
import { ActivityCard } from "~/components/ActivityCard";
import { GeneralErrorBoundary, StatusPage, StatusPageLink } from "~/components/GeneralErrorBoundary";
import { useMediaQuery } from "~/components/media-query";
import { useActivityCardLinks } from "~/components/new-tab";
import { afterNextPaint } from "~/components/after-paint";
import { useStableHandler } from "~/components/stable-handler";
import { MapView, type MapMarker } from "~/components/MapView";
import { Pagination } from "~/components/Pagination";
import { CITY_PAGE_CACHE } from "~/domain/http/cache";
import { clearHref, filtersHref, parseView, type MobileView } from "~/domain/pages/city-page";
import { MOBILE_BREAKPOINT, PAGE_SIZE } from "~/domain/constants";
import { pluralize } from "~/domain/counts";
import { toggleCategory, toggleTag, withChange, type Filters } from "~/domain/pages/filters";
import { LOADING_ACTIVITIES } from "~/domain/pages/page-loading";
import { showingText } from "~/domain/pages/pagination";
import { DEFAULT_PAGE_DESCRIPTION, DEFAULT_PAGE_TITLE } from "~/domain/seo/seo";
import { brandOf, socialMeta } from "~/domain/seo/social-meta";
import type { PublicHandle } from "../layout";
import { FilterBar } from "./FilterBar";
import { FilterSheet } from "./FilterSheet";
import { loadCityPage, type CityPageNotFound } from "./loader.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadCityPage(request, params);
}

export function headers(): HeadersInit {
  return { "Cache-Control": CITY_PAGE_CACHE };
}

export const handle: PublicHandle = { header: { searchContext: "city" }, floatingButtons: true };

export function meta({ data, error, matches }: Route.MetaArgs) {
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
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const withoutView = (u: URL) => {
    const params = new URLSearchParams(u.search);
    params.delete("view");
    return `${u.pathname}?${params}`;
  };
  if (currentUrl.pathname === nextUrl.pathname && withoutView(currentUrl) === withoutView(nextUrl)) return false;
  return defaultShouldRevalidate;
}

/** 'City Not Found' and 'Category Not Found' (both 404), else the site's generic error page. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: ({ error }) => {
          const missing = error.data as CityPageNotFound;
          return missing.notFound === "category" ? (
            <StatusPage
              heading="Category Not Found"
              message={`There is no category "${missing.segment}" in ${missing.cityName}.`}
              action={<StatusPageLink to={missing.allActivitiesPath}>View All Activities</StatusPageLink>}
            />
          ) : (
            <StatusPage
              heading="City Not Found"
              message={`The city "${missing.cityId}" is not available.`}
              action={<StatusPageLink to="/">Return Home</StatusPageLink>}
            />
          );
        },
      }}
    />
  );
}

const BUTTON =
  "mt-8 inline-block rounded-md bg-black px-5 py-2.5 font-semibold text-white hover:bg-gray-800 focus-visible:outline-2 focus-visible:outline-offset-2";

/**
 * Controls follow the URL: after every navigation (including Back) the draft is the loaded state again. Not
 * while another navigation is on its way, nor while a change's page has not arrived (`waiting`: a change's navigation
 * starts after its paint): quick changes (arrow keys on the rating slider) would otherwise be pulled back to the page
 * that finished loading just before the latest change.
 */
function useDraft(filters: Filters, idle: boolean, waiting: RefObject<ReadonlySet<unknown>>) {
  const [draft, setDraft] = useState(filters);
  const searchFocused = useRef(false);
  // Not when the page first hydrates: the draft is the loaded state already, and a second render of the page would
  // be a long task on a slow phone.
  const last = useRef({ filters, idle });
  useEffect(() => {
    const before = last.current;
    last.current = { filters, idle };
    if (!idle || waiting.current.size > 0 || (before.idle && before.filters === filters)) return;
    // Keep what is being typed in the search box; the rest comes from the URL.
    setDraft((current) => (searchFocused.current ? { ...filters, q: current.q } : filters));
  }, [filters, idle, waiting]);
  return { draft, setDraft, searchFocused };
}

type Item = Route.ComponentProps["loaderData"]["list"]["items"][number];

/**
 * The cards. Memoized: what else changes on the page (the filter draft, the sheet) does not draw 20 cards again. In a
 * Suspense boundary of its own, like the filter bar, the pagination, the buttons and the sheet, so React
 * hydrates the page region by region, yielding between them, and first the one a visitor touches.
 */
const ActivityList = memo(function ActivityList({
  items,
  loading,
  showPhoto,
  selectedId,
  onSelect,
}: {
  items: readonly Item[];
  loading: boolean;
  showPhoto: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { listRef: cardLinks, linkTarget } = useActivityCardLinks();
  return (
    <ul ref={cardLinks} className={`mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 ${loading ? "opacity-60" : ""}`}>
      {items.map((a, i) => (
        <li key={a.id} data-activity-id={a.id}>
          <ActivityCard
            first={i === 0}
            activity={a}
            href={a.href}
            maxTags={2}
            showPhoto={showPhoto}
            selected={a.id === selectedId}
            onSelect={onSelect}
            linkTarget={linkTarget}
          />
        </li>
      ))}
    </ul>
  );
});

export default function CityPage({ loaderData: data }: Route.ComponentProps) {
  const { city, basePath, fixed, filters, list, seo } = data;
  const [searchParams] = useSearchParams();
  const view = parseView(searchParams);
  const navigate = useNavigate();
  const navigation = useNavigation();
  // The map and its library load only where the map is shown: beside the list from 768px, or once a phone opens the
  // map view (then it stays, hidden with the list, so going back and forth does not draw it again). Only after
  // hydration: the effect below runs in the browser alone.
  const mapWanted = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT}px)`) || view === "map";
  const [mapShown, setMapShown] = useState(false);
  useEffect(() => {
    if (mapWanted) setMapShown(true);
  }, [mapWanted]);
  // The filter changes whose page has not arrived yet (go, below).
  const pendingNavigations = useRef(new Set<() => void>());
  const { draft, setDraft, searchFocused } = useDraft(filters, navigation.state === "idle", pendingNavigations);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const resultsRef = useRef<HTMLElement>(null);
  const sheetRef = useRef<HTMLDialogElement>(null);
  const sheetOpener = useRef<HTMLElement | null>(null);

  const loading = navigation.state === "loading" && navigation.location.pathname === basePath;

  /**
   * Every change goes back to page 1 (withChange / toggle*); only the search box replaces history. The control shows
   * its new state in the next paint, and the navigation's work (matching, the data request, the list's loading
   * state) runs in a task after that paint, not before it (on a low-tier phone, half the work of a chip's tick).
   */
  const go = (next: Filters, { replace = false } = {}) => {
    setDraft(next);
    // Pending until its page has arrived or another navigation took over (navigate's promise settles then): the draft
    // follows the URL only when none is, not at a page that arrived between this change and its paint.
    const cancel = afterNextPaint(() => {
      void Promise.resolve(
        navigate(filtersHref(basePath, next, fixed, view), { replace, preventScrollReset: true }),
      ).finally(() => pendingNavigations.current.delete(cancel));
    });
    pendingNavigations.current.add(cancel);
  };
  // A page left within a frame of a change does not come back to it.
  useEffect(() => {
    const pending = pendingNavigations.current;
    return () => pending.forEach((cancel) => cancel());
  }, []);
  // The regions' handlers keep their identity from render to render, so that the memoized ones (the bar's controls
  // beyond the chips, the filter sheet) do not draw again at a chip's tick, while the tick waits for its paint.
  const change = useStableHandler((c: Partial<Omit<Filters, "page">>) => go(withChange(draft, c)));
  const changeSearch = useStableHandler((q: string) => {
    setDraft((d) => ({ ...d, q }));
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => go(withChange({ ...draft, q }, {}), { replace: true }), 350);
  });
  const toggleCategoryOf = useStableHandler((name: string) => go(toggleCategory(draft, name, fixed)));
  const toggleTagOf = useStableHandler((name: string) => go(toggleTag(draft, name, fixed)));
  const submitBar = useStableHandler(() => {
    clearTimeout(searchTimer.current);
    go(withChange(draft, {}));
  });
  const focusSearch = useCallback((focused: boolean) => (searchFocused.current = focused), [searchFocused]);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const searchBox = useRef<HTMLInputElement>(null);

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
  const onSheetClose = useCallback(() => {
    sheetOpener.current?.focus();
    sheetOpener.current = null;
  }, []);
  const applySheet = useStableHandler((next: Filters) => {
    closeSheet();
    go(next);
  });
  const pageHref = useCallback(
    (page: number) => filtersHref(basePath, { ...filters, page }, fixed, view),
    [basePath, filters, fixed, view],
  );

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
  // Behind a chip's tick by one render: the bar's controls and the sheet draw the new link after the tick's paint.
  const clearLink = useDeferredValue(clearHref(basePath, draft, fixed, view));

  return (
    <main id="main" className="mx-auto max-w-[1600px] px-4 pb-10">
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
          <Suspense>
            <FilterBar
              data={data}
              draft={draft}
              view={view}
              clearLink={clearLink}
              onChange={change}
              onToggleCategory={toggleCategoryOf}
              onToggleTag={toggleTagOf}
              searchBox={searchBox}
              onSearch={changeSearch}
              onSearchFocus={focusSearch}
              onSubmit={submitBar}
            />
          </Suspense>

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
                <Suspense>
                  <ActivityList
                    items={list.items}
                    loading={loading}
                    showPhoto={city.showPhotos}
                    selectedId={selectedId}
                    onSelect={setSelectedId}
                  />
                </Suspense>
              )}
              <Suspense>
                <Pagination
                  page={list.page}
                  pageCount={list.pageCount}
                  href={pageHref}
                  preventScrollReset
                  className="mt-6"
                />
              </Suspense>
            </section>

            <div
              className={`md:sticky md:top-20 md:h-[calc(100vh-6rem)] md:w-1/2 ${view === "map" ? "h-[70vh]" : "max-md:hidden"}`}
            >
              {mapShown && (
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
                <p className="p-4 text-gray-700 md:hidden">The map needs JavaScript; the list shows every activity.</p>
              </noscript>
            </div>
          </div>

          <Suspense>
            <div className="fixed inset-x-0 bottom-4 z-30 flex justify-center gap-2 px-3 md:hidden">
              <a
                href="#filters"
                onClick={openSheet}
                className="rounded-full bg-black px-4 py-3 text-sm font-semibold text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 xs:text-base"
              >
                See {list.total} {pluralize(list.total, "activity", "activities")}
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
          </Suspense>

          <Suspense>
            <FilterSheet
              data={data}
              view={view}
              dialogRef={sheetRef}
              clearLink={clearLink}
              onClose={onSheetClose}
              onApply={applySheet}
            />
          </Suspense>
        </>
      )}
    </main>
  );
}
