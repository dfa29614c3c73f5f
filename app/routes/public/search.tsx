// Search results (public-site §2 "Search", §5 "Search"): the header search box's GET target. Cities whose
// display name or name contains the text, and activities whose title or excerpt does, 48 to a page.
import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/search";
import { ActivityCard } from "~/components/ActivityCard";
import { PageSearchBox } from "~/components/PageSearchBox";
import { useActivityCardLinks } from "~/components/new-tab";
import { Pagination } from "~/components/Pagination";
import { searchActivities } from "~/data/activities/discover.server";
import { CITY_SEARCH_FIELDS, searchCities } from "~/data/cities.server";
import { PAGE_SIZE } from "~/domain/constants";
import { clampPage, pageCount, pageOffset, showingText } from "~/domain/pages/pagination";
import { noResultsMessage, SEARCH_TEXT_MAX } from "~/domain/pages/search";
import { DEFAULT_PAGE_DESCRIPTION } from "~/domain/seo/seo";
import { brandOf, socialMeta } from "~/domain/seo/social-meta";
import { activityPath, cityThingsToDoPath, withSearchParams } from "~/domain/http/urls";
import { PUBLIC_PAGE_CACHE } from "~/domain/http/cache";
import { onlyParams, PAGE_NUMBER, trimmedText } from "~/domain/http/canonical";
import { redirectTo, searchParams } from "~/http/canonical-url";

/** Enough cities to show every plausible match; the city list is short. */
const CITY_RESULTS_LIMIT = 24;

const query = z.object({
  q: z.string().trim().max(SEARCH_TEXT_MAX).catch(""),
  page: z.coerce.number().int().min(1).catch(1),
});

export const middleware = searchParams(onlyParams({ q: trimmedText(SEARCH_TEXT_MAX), page: PAGE_NUMBER }));

function searchHref(q: string, page: number): string {
  return withSearchParams("/search", { q, page: page === 1 ? undefined : String(page) });
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { q, page } = query.parse({ q: params.get("q") ?? "", page: params.get("page") ?? 1 });
  const [cities, { activities, total }] = await Promise.all([
    searchCities(q, { fields: CITY_SEARCH_FIELDS, limit: CITY_RESULTS_LIMIT, whenEmpty: "none" }),
    searchActivities(q, { limit: PAGE_SIZE, offset: pageOffset(page) }),
  ]);
  const cityLinks = cities.map(({ id, displayName, state, stateCode, country }) => ({
    id,
    displayName,
    state,
    stateCode,
    country,
  }));
  // A page past the last one is the last page's URL: a temporary redirect, as new activities may bring it back.
  const shown = clampPage(page, total);
  if (shown !== page) throw redirectTo(searchHref(q, shown), 302);
  return { q, page, cities: cityLinks, activities, total };
}

/** The same for every visitor: browsers keep it a minute, CDNs five. */
export function headers() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const brand = brandOf(matches);
  const title = data?.q ? `Search results for "${data.q}"` : "Search";
  return [
    ...socialMeta({ title, description: DEFAULT_PAGE_DESCRIPTION, brand }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, page, cities, activities, total } = loaderData;
  const { listRef: cardLinks, linkTarget } = useActivityCardLinks();
  const pages = pageCount(total);
  const pageHref = (n: number) => searchHref(q, n);
  const nothing = q !== "" && cities.length === 0 && total === 0;

  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{q ? `Search results for “${q}”` : "Search"}</h1>
      <form method="get" action="/search" role="search" aria-label="Search again" className="mt-6 flex max-w-xl gap-2">
        <PageSearchBox id="search-page-q" label="Search cities and activities" defaultValue={q} />
      </form>

      {q === "" && <p className="mt-8 text-gray-600">Type a city or an activity to search.</p>}
      {nothing && <p className="mt-8 text-lg text-gray-700">{noResultsMessage(q)}</p>}

      {cities.length > 0 && (
        <section aria-labelledby="city-results" className="mt-10">
          <h2 id="city-results" className="text-xl font-bold">
            Cities
          </h2>
          <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {cities.map((city) => (
              <li key={city.id}>
                <Link
                  to={cityThingsToDoPath(city, city.id)}
                  className="block rounded-lg border border-gray-200 p-4 hover:border-brand focus-visible:outline-2"
                >
                  <span className="block font-semibold">{city.displayName}</span>
                  <span className="block text-sm text-gray-600">{city.state}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {total > 0 && (
        <section aria-labelledby="activity-results" className="mt-10">
          <h2 id="activity-results" className="text-xl font-bold">
            Activities
          </h2>
          <p className="mt-1 text-sm text-gray-600">{showingText(page, PAGE_SIZE, total)}</p>
          <ul ref={cardLinks} className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {activities.map((a, i) => (
              <li key={a.id}>
                <ActivityCard
                  activity={a}
                  href={activityPath(a.city, a.title)}
                  first={i === 0}
                  linkTarget={linkTarget}
                />
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={pages} href={pageHref} className="mt-8" />
        </section>
      )}
    </main>
  );
}
