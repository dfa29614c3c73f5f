// /admin/activities — the Activities tab (admin §2): total, search, city filter, sort, untagged-only and
// pages in the URL; per-row and select-all checkboxes feeding one bulk form; per-card actions. The add,
// edit, delete and bulk-confirmation dialogs are child routes rendered in the <Outlet/>. The places service: each
// card's Fetch/Refresh Rating posts to ./:id/places/rating, its 'fetch photos (about $0.04)' opens the cost's
// confirmation at ./:id/places/photos; Refresh Ratings and the bulk Enhance Photos open their confirmations and run
// as jobs shown in the jobs section.
import { Form, Link, Outlet, useLocation, useOutlet } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/auth/session.server";
import { Pagination } from "~/components/Pagination";
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
} from "~/domain/activities/admin-activity-list";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { publicOrigin } from "~/domain/http/canonical";
import { PAGE_SIZE } from "~/domain/constants";
import { pluralize } from "~/domain/counts";
import { pageCount } from "~/domain/pages/pagination";
import { cardPhoto } from "~/domain/activities/photos";
import { jobView, PLACES_JOB_KINDS } from "~/domain/places/jobs";
import { PLACES_NOT_CONFIGURED_MESSAGE } from "~/domain/places/places";
import { formatRating } from "~/domain/activities/rating";
import { activityPath, embedIframeCode, embedPath, openInMapsUrl, withSearchParams } from "~/domain/http/urls";
import { env } from "~/env.server";
import { placesConfig } from "~/services/google-places.server";
import { JobsSection } from "~/components/JobsSection";
import { ActivityFilterForm } from "./ActivityFilterForm";
import { BulkForm } from "./BulkForm";

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

const bannerButton = "rounded-md border border-white/40 px-4 py-2 font-semibold text-white hover:bg-white/10";

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
          <ActivityFilterForm list={list} cities={loaderData.cities} />
          <BulkForm
            key={listKey}
            list={list}
            activities={activities}
            categories={loaderData.categories}
            selectAll={loaderData.selectAll}
          />
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
