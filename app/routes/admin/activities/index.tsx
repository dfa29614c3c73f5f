// /admin/activities — the Activities tab (admin §2): total, search, city filter, sort, untagged-only and
// pages in the URL; per-row and select-all checkboxes feeding one bulk form; per-card actions. The add,
// edit, delete and bulk-confirmation dialogs are child routes rendered in the <Outlet/>. The places service: each
// card's Fetch/Refresh Rating posts to ./:id/places/rating, its 'fetch photos (about $0.04)' opens the cost's
// confirmation at ./:id/places/photos; Refresh Ratings and the bulk Enhance Photos open their confirmations and run
// as jobs shown in the jobs section.
import { useEffect, useRef, useState } from "react";
import { Form, Link, Outlet, useLocation, useOutlet, useSubmit } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/auth/session.server";
import { Pagination } from "~/components/Pagination";
import { showToast } from "~/components/Toaster";
import { useHydrated } from "~/components/hydrated";
import { activityChoices, adminListActivities, countAllActivities } from "~/data/activities/admin-list.server";
import { tagNamesOf } from "~/data/activities/rows.server";
import { latestJobRuns } from "~/data/job-runs.server";
import {
  ADMIN_EXPORT_CSV_PATH,
  adminActivitiesUrl,
  adminActivityListParams,
  dialogUrl,
  parseAdminActivityList,
  type AdminActivityListState,
} from "~/domain/admin-activity-list";
import { adminPageTitle } from "~/domain/admin-user";
import { historyPath } from "~/domain/history";
import { publicOrigin } from "~/domain/canonical";
import { PAGE_SIZE } from "~/domain/constants";
import { pluralize } from "~/domain/counts";
import { pageCount } from "~/domain/pagination";
import { cardPhoto } from "~/domain/photos";
import { jobView, PLACES_JOB_KINDS } from "~/domain/jobs";
import { formatCost, PHOTO_FETCH_COST, PLACES_NOT_CONFIGURED_MESSAGE } from "~/domain/places";
import { formatRating } from "~/domain/rating";
import { ADMIN_SORT_ORDERS, SORT_LABELS } from "~/domain/sort";
import { activityPath, embedIframeCode, embedPath, openInMapsUrl, withSearchParams } from "~/domain/urls";
import { env } from "~/env.server";
import { placesConfig } from "~/services/google-places.server";
import { JobsSection } from "~/components/JobsSection";

/** A per-activity places action's address, carrying the list state so the answer returns to the same page. */
function placesActionUrl(id: number, action: "rating" | "photos", list: AdminActivityListState): string {
  return withSearchParams(`/admin/activities/${id}/places/${action}`, adminActivityListParams(list));
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const list = parseAdminActivityList(url.searchParams);
  const origin = publicOrigin(env().PUBLIC_URL, request.url);
  const [{ activities, total, page }, totalAll, choices, runs] = await Promise.all([
    adminListActivities({
      search: list.search || undefined,
      cityId: list.cityId || undefined,
      sort: list.sort,
      untaggedOnly: list.untagged,
      page: list.page,
    }),
    countAllActivities(),
    activityChoices(),
    latestJobRuns(PLACES_JOB_KINDS),
  ]);
  const now = new Date();
  return {
    list: { ...list, page },
    // Without JavaScript, 'Select all on this page' is a link that comes back with every row checked.
    selectAll: url.searchParams.get("select") === "all",
    total,
    totalAll,
    placesConfigured: placesConfig() !== null,
    jobs: runs.map((run) => jobView(run, now)),
    cities: choices.cities,
    categories: choices.categories,
    activities: activities.map((a) => {
      const livePath = activityPath(a.city, a.title);
      return {
        id: a.id,
        title: a.title,
        excerpt: a.excerpt,
        category: a.category,
        cityName: a.city.displayName,
        tags: tagNamesOf(a).sort(),
        photo: cardPhoto(a),
        livePath,
        mapsUrl: openInMapsUrl(a),
        rating: formatRating(a.googleRating),
        reviewCount: a.googleReviewCount,
        ratingUrl: placesActionUrl(a.id, "rating", { ...list, page }),
        photosUrl: placesActionUrl(a.id, "photos", { ...list, page }),
        embedCode: embedIframeCode(new URL(embedPath(livePath), origin).href, a.title),
      };
    }),
  };
}

export function meta() {
  return [{ title: adminPageTitle("Activities") }];
}

type LoaderData = Route.ComponentProps["loaderData"];

const bannerButton = "rounded-md border border-white/40 px-4 py-2 font-semibold text-white hover:bg-white/10";
type Row = LoaderData["activities"][number];

export default function AdminActivities({ loaderData }: Route.ComponentProps) {
  const { list, total, totalAll, activities, placesConfigured, jobs } = loaderData;
  const hydrated = useHydrated();
  const outlet = useOutlet();
  const location = useLocation();
  // Without JavaScript a dialog route is a page of its own; with it, the dialog opens over the list.
  const showList = !outlet || hydrated;
  // Changing the filters gives a new list; remounting the bulk form clears the selection.
  const listKey = adminActivitiesUrl({ ...list, page: list.page });
  return (
    <>
      <Outlet />
      {showList && (
        <div className="space-y-6">
          <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg bg-black px-5 py-4 text-white">
            <p>
              <span className="text-2xl font-bold text-brand">{totalAll.toLocaleString("en-US")}</span>{" "}
              {pluralize(totalAll, "activity", "activities")} in total
            </p>
            <div className="flex flex-wrap gap-2">
              {/* Nothing to refresh without activities (the server refuses it too). */}
              {totalAll > 0 ? (
                <Link
                  to={withSearchParams("/admin/activities/refresh-ratings", adminActivityListParams(list))}
                  preventScrollReset
                  className={bannerButton}
                >
                  Refresh Ratings
                </Link>
              ) : (
                <button type="button" disabled className={`${bannerButton} opacity-50`}>
                  Refresh Ratings
                </button>
              )}
              {/* Export CSV is disabled with no activities, and the route refuses then too (admin §5, §9). */}
              {totalAll > 0 ? (
                <a href={ADMIN_EXPORT_CSV_PATH} download className={bannerButton}>
                  Export CSV
                </a>
              ) : (
                <button type="button" disabled className={`${bannerButton} opacity-50`}>
                  Export CSV
                </button>
              )}
              <Link to={dialogUrl("import", list)} preventScrollReset className={bannerButton}>
                Import CSV
              </Link>
              <Link
                to={dialogUrl("new", list)}
                preventScrollReset
                className="rounded-md bg-brand px-4 py-2 font-semibold text-black hover:bg-brand-dark hover:text-white"
              >
                Add Activity
              </Link>
            </div>
          </div>
          {!placesConfigured && (
            <p role="note" className="rounded-lg border border-yellow-300 bg-yellow-50 px-4 py-3 text-sm">
              {PLACES_NOT_CONFIGURED_MESSAGE} Until then Fetch Rating, fetch photos, Refresh Ratings and Enhance Photos
              only say so.
            </p>
          )}
          <JobsSection jobs={jobs} cancelAction={(id) => `/admin/activities/jobs/${id}/cancel${location.search}`} />
          <FilterForm loaderData={loaderData} />
          <BulkForm key={listKey} loaderData={loaderData} />
          {activities.map((a) => (
            <div key={a.id} hidden>
              <Form id={`rating-${a.id}`} method="post" action={a.ratingUrl} preventScrollReset />
            </div>
          ))}
          {total === 0 ? (
            <p className="rounded-lg border border-dashed border-gray-300 p-10 text-center text-gray-600">
              {list.search || list.cityId || list.untagged
                ? "No activities found matching your search"
                : "No activities found"}
            </p>
          ) : (
            <Pagination
              page={list.page}
              pageCount={pageCount(total, PAGE_SIZE)}
              href={(page) => adminActivitiesUrl({ ...list, page })}
              summary={{ total, pageSize: PAGE_SIZE }}
            />
          )}
          {activities.length === 0 && total > 0 && <p>No activities on this page.</p>}
        </div>
      )}
    </>
  );
}

function FilterForm({ loaderData }: { loaderData: LoaderData }) {
  const { list, cities } = loaderData;
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
      <div className="flex flex-col gap-1">
        <label htmlFor="activity-city" className="text-sm font-medium">
          City
        </label>
        <select
          key={list.cityId}
          id="activity-city"
          name="cityId"
          defaultValue={list.cityId}
          onChange={autoSubmit}
          className="rounded-md border border-gray-300 px-3 py-2"
        >
          <option value="">All Cities</option>
          {cities.map((c) => (
            <option key={c.id} value={c.id}>
              {c.displayName}
              {c.state ? `, ${c.state}` : ""}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="activity-sort" className="text-sm font-medium">
          Sort by
        </label>
        <select
          key={list.sort}
          id="activity-sort"
          name="sort"
          defaultValue={list.sort}
          onChange={autoSubmit}
          className="rounded-md border border-gray-300 px-3 py-2"
        >
          {ADMIN_SORT_ORDERS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
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

function BulkForm({ loaderData }: { loaderData: LoaderData }) {
  const { list, activities, categories, selectAll } = loaderData;
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

function AdminActivityCard({
  activity: a,
  list,
  selected,
  onToggle,
  hydrated,
}: {
  activity: Row;
  list: AdminActivityListState;
  selected: boolean;
  onToggle: (on: boolean) => void;
  hydrated: boolean;
}) {
  const headingId = `activity-${a.id}-title`;
  const action = "rounded-md border border-gray-300 px-2 py-1 text-xs font-medium hover:bg-gray-50";
  return (
    <article
      aria-labelledby={headingId}
      className={`flex h-full flex-col overflow-hidden rounded-xl border bg-white ${selected ? "border-brand ring-2 ring-brand" : "border-gray-200"}`}
    >
      <div className="relative aspect-[16/9] bg-gray-100">
        <img src={a.photo} alt="" loading="lazy" width={400} height={225} className="h-full w-full object-cover" />
        <label className="absolute top-2 left-2 flex items-center gap-2 rounded bg-white/90 px-2 py-1 text-xs font-medium">
          <input
            type="checkbox"
            name="ids"
            value={a.id}
            checked={selected}
            onChange={(e) => onToggle(e.currentTarget.checked)}
          />
          <span className="sr-only">Select {a.title}</span>
          <span aria-hidden="true">Select</span>
        </label>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 id={headingId} className="font-semibold leading-snug">
          {a.title}
        </h3>
        <p className="text-sm text-gray-600">
          {a.category} · {a.cityName}
        </p>
        <p className="text-sm" data-rating>
          {a.rating ? (
            <>
              <span aria-hidden="true">★</span> {a.rating}
              {a.reviewCount !== null ? ` (${a.reviewCount.toLocaleString("en-US")} reviews)` : ""}
            </>
          ) : (
            <span className="text-gray-500">No Google rating yet</span>
          )}
        </p>
        <p className="line-clamp-2 text-sm text-gray-700">{a.excerpt}</p>
        {a.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1 pt-1" aria-label="Tags">
            {a.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-gray-100 px-2 py-0.5 text-xs">
                {tag}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-xs text-gray-500">No tags</p>
        )}
        <div className="mt-auto flex flex-wrap gap-1 pt-3">
          <a href={a.livePath} target="_blank" rel="noopener noreferrer" className={action}>
            View live page
          </a>
          <a href={a.mapsUrl} target="_blank" rel="noopener noreferrer" className={action}>
            Open in maps
          </a>
          <Link to={dialogUrl({ edit: a.id }, list)} preventScrollReset className={action}>
            Edit
          </Link>
          <Link to={historyPath("activity", a.id)} className={action}>
            History
          </Link>
          {hydrated && (
            <button
              type="button"
              className={action}
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(a.embedCode);
                  showToast({
                    title: "Embed code copied",
                    description: `The embed code for "${a.title}" is on your clipboard.`,
                  });
                } catch {
                  showToast({ title: "Error", description: "Failed to copy embed code", variant: "destructive" });
                }
              }}
            >
              Copy embed code
            </button>
          )}
          {/* Forms cannot nest: this button belongs to the card's own form, drawn after the bulk form. */}
          <button type="submit" form={`rating-${a.id}`} className={action}>
            {a.rating ? "Refresh Rating" : "Fetch Rating"}
            <span className="sr-only"> for {a.title}</span>
          </button>
          {/* Its cost is confirmed first (admin §9), in a dialog over the list. */}
          <Link to={a.photosUrl} preventScrollReset className={action}>
            fetch photos (about {formatCost(PHOTO_FETCH_COST)})<span className="sr-only"> for {a.title}</span>
          </Link>
          <Link
            to={dialogUrl({ delete: a.id }, list)}
            preventScrollReset
            className="rounded-md border border-red-300 px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50"
          >
            Delete
          </Link>
        </div>
        <details className="pt-2 text-xs">
          <summary className="cursor-pointer text-gray-600">Embed code</summary>
          <label htmlFor={`embed-${a.id}`} className="sr-only">
            Embed code for {a.title}
          </label>
          <textarea
            id={`embed-${a.id}`}
            readOnly
            rows={4}
            value={a.embedCode}
            className="mt-1 w-full rounded border border-gray-300 p-1 font-mono text-[11px]"
            onFocus={(e) => e.currentTarget.select()}
          />
        </details>
      </div>
    </article>
  );
}
