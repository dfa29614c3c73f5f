// Home (public-site §2 "Home", §4 "Home location flow", §5 "Section lists on Home"). The server renders the
// sections for `?lat=&lng=`, else the remembered location, else san-antonio. In the browser, a page rendered
// without a location asks GPS, then the IP geolocation service, and re-renders for what it finds.
import { useEffect, useState } from "react";
import { data, Link, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/home";
import { ActivityCard } from "~/components/ActivityCard";
import { useActivityCardLinks } from "~/components/new-tab";
import { homeSection } from "~/data/activities/discover.server";
import { getHomeCity, nearestEligibleCity, topDestinations } from "~/data/cities.server";
import { env } from "~/env.server";
import { HOME_FALLBACK_CITY_ID } from "~/domain/constants";
import { countLabel } from "~/domain/counts";
import { filtersHref } from "~/domain/pages/city-page";
import { DEFAULT_FILTERS } from "~/domain/pages/filters";
import { HERO_ROTATE_MS, HERO_WORDS, TOP_DESTINATIONS } from "~/domain/pages/home";
import {
  GPS_TIMEOUT_MS,
  HOME_SEARCH,
  homeLocationPath,
  LOCATION_COOKIE,
  locationCookie,
  locationFromCookieValue,
  locationFromSearchParams,
  readCookie,
} from "~/domain/location/location";
import { homePageCache } from "~/domain/http/cache";
import { DEFAULT_PAGE_DESCRIPTION, DEFAULT_PAGE_TITLE } from "~/domain/seo/seo";
import { brandOf, socialMeta } from "~/domain/seo/social-meta";
import { activityPath, cityThingsToDoPath, type CityRef } from "~/domain/http/urls";
import type { LatLng } from "~/domain/location/geo";
import { locateByIp } from "~/services/ip-geolocation";
import { searchParams } from "~/http/canonical-url";

const DINING = "Bars & Restaurants";
const ATTRACTION = "Points of Interest";

/** Where the sections came from: the browser looks for the visitor only when the server had nothing to go on. */
type LocationSource = "query" | "remembered" | "fallback";

export const middleware = searchParams(HOME_SEARCH);

export async function loader({ request }: Route.LoaderArgs) {
  const fromQuery = locationFromSearchParams(new URL(request.url).searchParams);
  const remembered = fromQuery
    ? null
    : locationFromCookieValue(readCookie(request.headers.get("Cookie"), LOCATION_COOKIE));
  const point = fromQuery ?? remembered;
  const source: LocationSource = fromQuery ? "query" : remembered ? "remembered" : "fallback";

  const city = (point && (await nearestEligibleCity(point))) || (await getHomeCity(HOME_FALLBACK_CITY_ID));
  const [favorites, dining, attractions, destinations] = await Promise.all([
    city ? homeSection(city.id) : [],
    city ? homeSection(city.id, DINING) : [],
    city ? homeSection(city.id, ATTRACTION) : [],
    topDestinations(TOP_DESTINATIONS),
  ]);
  return data(
    {
      city,
      source,
      sections: { favorites, dining, attractions },
      destinations,
      ipGeolocationUrl: env().IP_GEOLOCATION_URL,
    },
    { headers: { "Cache-Control": homePageCache(source === "remembered") } },
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const brand = brandOf(matches);
  return socialMeta({ title: DEFAULT_PAGE_TITLE, description: DEFAULT_PAGE_DESCRIPTION, brand });
}

/** A home page that follows the remembered location is the visitor's own (the loader says); any varies with Cookie. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? homePageCache(true), Vary: "Cookie" };
}

function categoryLink(city: CityRef, category: string): string {
  return filtersHref(cityThingsToDoPath(city, city.id), { ...DEFAULT_FILTERS, categories: [category] });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { city, sections, destinations, source, ipGeolocationUrl } = loaderData;
  const navigation = useNavigation();
  const switching = navigation.state === "loading" && navigation.location.pathname === "/";
  useVisitorLocation(source === "fallback", ipGeolocationUrl);

  return (
    <main>
      <section className="bg-black px-4 py-16 text-center text-white md:py-24">
        <h1 className="text-4xl font-extrabold tracking-tight md:text-6xl">
          Find something to do <RotatingWord />
        </h1>
      </section>
      <div className="mx-auto max-w-7xl px-4 py-10" aria-busy={switching}>
        {switching ? (
          <SectionsSkeleton />
        ) : (
          city && (
            <>
              <ActivitySection
                title={`Local favorites near ${city.displayName}`}
                badge="NEARBY"
                activities={sections.favorites}
                city={city}
                seeAll={cityThingsToDoPath(city, city.id)}
                first
              />
              <ActivitySection
                title={`Bars & Restaurants near ${city.displayName}`}
                badge="DINING"
                activities={sections.dining}
                city={city}
                seeAll={categoryLink(city, DINING)}
              />
              <ActivitySection
                title={`Points of Interest near ${city.displayName}`}
                badge="ATTRACTION"
                activities={sections.attractions}
                city={city}
                seeAll={categoryLink(city, ATTRACTION)}
              />
            </>
          )
        )}
        <section aria-labelledby="top-destinations" className="mt-14">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id="top-destinations" className="text-2xl font-bold">
              Top Destinations
            </h2>
            <Link to="/cities" className="text-sm font-semibold underline hover:text-brand-dark">
              See all cities
            </Link>
          </div>
          <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
            {destinations.map((d) => (
              <li key={d.id}>
                <Link
                  to={cityThingsToDoPath(d, d.id)}
                  className="block h-full rounded-lg border border-gray-200 p-4 hover:border-brand focus-visible:outline-2"
                >
                  <span className="block font-semibold">{d.displayName}</span>
                  <span className="block text-sm text-gray-600">
                    {d.state} · {countLabel(d.activityCount)} activities
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}

function ActivitySection({
  title,
  badge,
  activities,
  city,
  seeAll,
  first = false,
}: {
  title: string;
  badge: string;
  activities: Route.ComponentProps["loaderData"]["sections"]["favorites"];
  city: CityRef;
  seeAll: string;
  /** The page's first section: its first card's photo is likely the page's largest paint. */
  first?: boolean;
}) {
  const { listRef: cardLinks, linkTarget } = useActivityCardLinks();
  if (activities.length === 0) return null;
  const headingId = `section-${badge.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="mt-10 first:mt-0">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="text-2xl font-bold">
          {title}
        </h2>
        <Link to={seeAll} className="shrink-0 text-sm font-semibold underline hover:text-brand-dark">
          See all<span className="sr-only"> {title}</span>
        </Link>
      </div>
      <ul ref={cardLinks} className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {activities.map((a, i) => (
          <li key={a.id}>
            <ActivityCard
              activity={a}
              href={activityPath(city, a.title)}
              badge={badge}
              maxTags={3}
              first={first && i === 0}
              linkTarget={linkTarget}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SectionsSkeleton() {
  return (
    <div role="status" aria-label="Loading activities near you">
      {[0, 1, 2].map((s) => (
        <div key={s} className="mt-10 first:mt-0">
          <div className="h-7 w-72 animate-pulse rounded bg-gray-200" />
          <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {[0, 1, 2, 3].map((c) => (
              <div key={c} className="h-64 animate-pulse rounded-xl bg-gray-100" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** 'today' in the server's HTML; every 5 s the next word, unless the visitor asked for reduced motion. */
function RotatingWord() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % HERO_WORDS.length), HERO_ROTATE_MS);
    return () => clearInterval(timer);
  }, []);
  return <span className="text-brand">{HERO_WORDS[index]}</span>;
}

function gpsPosition(): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) return reject(new Error("Geolocation is not supported"));
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      (error) => reject(new Error(`Geolocation failed: ${error.message || error.code}`)),
      { timeout: GPS_TIMEOUT_MS, enableHighAccuracy: false },
    );
  });
}

/**
 * GPS, then IP geolocation; a position found is remembered (cookie) and the page re-rendered for it.
 * Nothing found leaves the san-antonio sections the server already rendered.
 */
function useVisitorLocation(enabled: boolean, ipGeolocationUrl: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    (async () => {
      let found: LatLng | null = null;
      try {
        found = await gpsPosition();
      } catch (error) {
        console.warn(error instanceof Error ? error.message : error);
        try {
          found = await locateByIp(ipGeolocationUrl);
        } catch (ipError) {
          console.error(ipError instanceof Error ? ipError.message : ipError);
        }
      }
      if (cancelled || !found) return;
      document.cookie = locationCookie(found);
      navigate(homeLocationPath(found), { replace: true, preventScrollReset: true });
    })();
    return () => {
      cancelled = true;
    };
  }, [enabled, ipGeolocationUrl, navigate]);
}
