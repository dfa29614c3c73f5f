// Explore Cities (public-site §2 "Explore Cities", §5 "Search"): every city grouped by state, searchable by
// city or state with a GET form; with JavaScript the list follows the text as you type.
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/cities";
import { useTextTypedBeforeHydration } from "~/components/hydrated";
import { ActivityCard } from "~/components/ActivityCard";
import { PageSearchBox } from "~/components/PageSearchBox";
import { useActivityCardLinks } from "~/components/new-tab";
import { suggestActivities } from "~/data/activities/discover.server";
import { exploreCities } from "~/data/cities.server";
import { countLabel, pluralize } from "~/domain/counts";
import { groupCitiesByState } from "~/domain/pages/explore";
import { SEARCH_LIMITS, SEARCH_TEXT_MAX } from "~/domain/pages/search";
import { DEFAULT_PAGE_DESCRIPTION } from "~/domain/seo/seo";
import { brandOf, socialMeta } from "~/domain/seo/social-meta";
import { activityPath, cityThingsToDoPath } from "~/domain/http/urls";
import { PUBLIC_PAGE_CACHE } from "~/domain/http/cache";
import { onlyParams, trimmedText } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

const query = z.object({ q: z.string().trim().max(SEARCH_TEXT_MAX).catch("") });

export const middleware = searchParams(onlyParams({ q: trimmedText(SEARCH_TEXT_MAX) }));

export async function loader({ request }: Route.LoaderArgs) {
  const { q } = query.parse({ q: new URL(request.url).searchParams.get("q") ?? "" });
  const [cities, activities] = await Promise.all([
    exploreCities(q),
    suggestActivities(q, { limit: SEARCH_LIMITS.exploreActivities, titleOnly: true }),
  ]);
  return { q, groups: groupCitiesByState(cities), activities };
}

/** The same for every visitor: browsers keep it a minute, CDNs five. */
export function headers() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE };
}

export function meta({ matches }: Route.MetaArgs) {
  const brand = brandOf(matches);
  return socialMeta({ title: "Explore Cities", description: DEFAULT_PAGE_DESCRIPTION, brand });
}

const LIVE_SEARCH_DELAY_MS = 250;

export default function ExploreCities({ loaderData }: Route.ComponentProps) {
  const { q, groups, activities } = loaderData;
  const { listRef: cardLinks, linkTarget } = useActivityCardLinks();
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(q);
  const boxRef = useRef<HTMLInputElement>(null);
  // Back and forward change q under the box; while the visitor types, the box is theirs.
  useEffect(() => {
    if (document.activeElement?.id !== "city-search") setText(q);
  }, [q]);
  // (After the effect above, which would put the address's q back.)
  useTextTypedBeforeHydration(boxRef, text, setText);

  // Typing submits the form (debounced, replacing the history entry) so the server filters in SQL.
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => {
      if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
    }, LIVE_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q, submit]);

  const searching = navigation.state === "loading" && navigation.location.pathname === "/cities";

  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-4xl font-extrabold tracking-tight">Explore Cities</h1>
      <Form ref={formRef} method="get" role="search" aria-label="Search cities" className="mt-6 flex max-w-xl gap-2">
        <PageSearchBox
          id="city-search"
          label="Search by city or state"
          inputRef={boxRef}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Form>

      <div aria-busy={searching} aria-live="polite" className={searching ? "opacity-60" : undefined}>
        {groups.length === 0 ? (
          <div className="mt-12 text-center">
            <h2 className="text-2xl font-bold">No cities found</h2>
            <p className="mt-2 text-gray-600">Try adjusting your search</p>
          </div>
        ) : (
          <div className="mt-10 grid grid-cols-1 gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
            {groups.map((group) => (
              <section key={group.state} aria-labelledby={`state-${group.state}`}>
                <h2 id={`state-${group.state}`} className="text-xl font-bold">
                  {group.state || "Other"}
                </h2>
                <ul className="mt-3 space-y-2">
                  {group.cities.map((city) => (
                    <li key={city.id}>
                      <Link
                        to={cityThingsToDoPath(city, city.id)}
                        className="flex items-baseline justify-between gap-3 rounded-lg border border-gray-200 px-4 py-3 hover:border-brand focus-visible:outline-2"
                      >
                        <span className="font-semibold">{city.displayName}</span>
                        <span className="shrink-0 text-sm text-gray-600">
                          {countLabel(city.activityCount)} {pluralize(city.activityCount, "activity", "activities")}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}

        {activities.length > 0 && (
          <section aria-labelledby="matching-activities" className="mt-12">
            <h2 id="matching-activities" className="text-xl font-bold">
              Activities matching “{q}”
            </h2>
            <ul ref={cardLinks} className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
              {activities.map((a) => (
                <li key={a.id}>
                  <ActivityCard activity={a} href={activityPath(a.city, a.title)} linkTarget={linkTarget} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </main>
  );
}
