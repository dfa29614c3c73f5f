// The activity detail page (public-site §2 "Activity detail page", §4 share) at every address that shows an
// activity: '{prefix}/{cityId}/things-to-do/{activitySlug}' (prefix-less for a city without a prefix mapping) and
// '/activity/{id}'; '/activity/{title}' redirects to the canonical page.
import { useEffect } from "react";
import type { MetaDescriptor } from "react-router";
import type { Route } from "./+types/route";
import { ActivityCard } from "~/components/ActivityCard";
import { useActivityCardLinks } from "~/components/new-tab";
import { ActivityPhoto } from "~/components/ActivityPhoto";
import { GeneralErrorBoundary, StatusPage, StatusPageLink } from "~/components/GeneralErrorBoundary";
import { MapView } from "~/components/MapView";
import { GoogleMapsAttribution } from "~/components/GoogleMapsAttribution";
import { GooglePhotoCredits } from "~/components/PhotoCredit";
import { tagColorClass } from "~/components/tag-colors";
import { detailValue, googleRatingText } from "~/domain/pages/activity-detail";
import { NOT_AVAILABLE } from "~/domain/constants";
import { MAP_DEFAULTS } from "~/domain/pages/map";
import { DETAIL_PHOTO_SIZES } from "~/domain/activities/photos";
import { DEFAULT_PAGE_DESCRIPTION } from "~/domain/seo/seo";
import { brandOf, socialMeta } from "~/domain/seo/social-meta";
import { googleMapsDirectionsUrl } from "~/domain/http/urls";
import { loaderCacheControl } from "~/http/route-headers";
import { searchParamsInLoader } from "~/http/canonical-url";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import type { PublicHandle } from "../layout";
import {
  loadActivityDetailByIdParam,
  loadActivityDetailBySlug,
  type ActivityDetailData,
  type ActivityNotFound,
} from "./loader.server";
import { ShareLink } from "./ShareLink";

/** The page takes no search parameters; its loader redirects any, with the path, to the canonical URL. */
export const middleware = searchParamsInLoader(NO_SEARCH_PARAMS);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { id, cityId, activitySlug } = params;
  if (id !== undefined) return loadActivityDetailByIdParam(request, id);
  // Every other shape in the route table names the city and the activity.
  return loadActivityDetailBySlug(request, cityId!, activitySlug!);
}

export const headers = loaderCacheControl;

export const handle: PublicHandle = {
  header: (data) => {
    const page = data as ActivityDetailData | undefined;
    return page ? { back: { to: page.cityPagePath, label: `Back to ${page.city.displayName}` } } : {};
  },
};

/** Title ' | {brand}', description, og/twitter text and the JSON-LD of a found activity. */
export function meta({ data, matches }: Route.MetaArgs): MetaDescriptor[] {
  const brand = brandOf(matches);
  if (!data) {
    return socialMeta({ title: "Activity Not Found", description: DEFAULT_PAGE_DESCRIPTION, brand });
  }
  return [
    ...socialMeta({ title: data.meta.title, description: data.meta.description, brand }),
    ...data.jsonLd.map((ld) => ({ "script:ld+json": ld })),
  ];
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: ({ error }) => (
          <StatusPage
            heading="Activity Not Found"
            message="The activity you're looking for doesn't exist."
            action={
              <StatusPageLink to={(error.data as ActivityNotFound).returnTo}>Return to Activities</StatusPageLink>
            }
          />
        ),
      }}
    />
  );
}

// The spec reapplies the scroll at these moments so late layout shifts (images, map) cannot leave the page
// scrolled down after a client-side navigation. A visitor who scrolls, taps or presses a key meanwhile (on a slow
// phone the page may hydrate after they began reading) is not thrown back to the top.
const SCROLL_TO_TOP_DELAYS_MS = [0, 50, 100, 200, 500];
const VISITOR_INPUT = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

function useScrollToTopOnLoad(key: number) {
  useEffect(() => {
    const timers = SCROLL_TO_TOP_DELAYS_MS.map((ms) => window.setTimeout(() => window.scrollTo(0, 0), ms));
    const stop = () => {
      timers.forEach((t) => window.clearTimeout(t));
      VISITOR_INPUT.forEach((type) => window.removeEventListener(type, stop));
    };
    VISITOR_INPUT.forEach((type) => window.addEventListener(type, stop, { passive: true }));
    return stop;
  }, [key]);
}

export default function ActivityDetail({ loaderData: data }: Route.ComponentProps) {
  const { activity } = data;
  const { listRef: cardLinks, linkTarget } = useActivityCardLinks();
  useScrollToTopOnLoad(activity.id);
  const rating = googleRatingText(activity.googleRating, activity.googleReviewCount);
  const cards = [
    { label: "Duration", value: detailValue(activity.duration) },
    { label: "Cost", value: detailValue(activity.cost) },
    { label: "Touristy Level", value: detailValue(activity.touristyLevel) },
    // Google's rating and review count (Places API) carry Google Maps attribution; 'Not available' is not Google's.
    { label: "Google Rating", value: rating, google: rating !== NOT_AVAILABLE },
  ];
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <article>
        <p className="text-sm font-medium text-gray-600">{activity.category}</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{activity.title}</h1>
        {data.photo && (
          <ActivityPhoto
            src={data.photo.src}
            srcSet={data.photo.srcSet}
            sizes={data.photo.srcSet ? DETAIL_PHOTO_SIZES : undefined}
            fallbacks={data.photo.fallbacks}
            alt=""
            fetchPriority="high"
            width={1200}
            height={675}
            className="mt-6 aspect-video w-full rounded-xl bg-gray-100 object-cover"
            data-detail-photo
          />
        )}
        <GooglePhotoCredits credits={data.photo?.credits} className="mt-1 text-xs text-gray-600" />

        <dl className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4">
          {cards.map((card) => (
            <div key={card.label} className="rounded-xl border border-gray-200 p-4" data-card={card.label}>
              <dt className="text-xs font-semibold tracking-wide text-gray-500 uppercase">{card.label}</dt>
              <dd className="mt-1 font-semibold">{card.value}</dd>
              {card.google && (
                <dd>
                  <GoogleMapsAttribution />
                </dd>
              )}
            </div>
          ))}
        </dl>

        <p className="mt-6 text-lg leading-relaxed text-gray-800">{activity.excerpt}</p>
        {activity.address && <p className="mt-2 text-sm text-gray-600">{activity.address}</p>}

        <div className="mt-6 flex flex-wrap gap-3">
          <a
            href={googleMapsDirectionsUrl(activity.latitude, activity.longitude)}
            target="_blank"
            rel="noopener"
            className="rounded-md bg-black px-4 py-2 font-semibold text-white hover:bg-gray-800"
          >
            Get Directions
          </a>
          <ShareLink title={activity.title} url={data.pageUrl} mailto={data.shareMailto} />
          <a
            href={data.placeUrl}
            target="_blank"
            rel="noopener"
            className="rounded-md border border-gray-300 px-4 py-2 font-semibold hover:border-gray-500"
          >
            View on Maps
          </a>
        </div>

        {data.tags.length > 0 && (
          <ul className="mt-6 flex flex-wrap gap-2" aria-label="Tags" data-detail-tags>
            {data.tags.map((tag) => (
              <li
                key={tag.name}
                className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium ${tagColorClass(tag.color)}`}
                data-tag-color={tag.color}
              >
                {tag.icon && <img src={tag.icon} alt="" width={16} height={16} className="h-4 w-4" />}
                {tag.name}
              </li>
            ))}
          </ul>
        )}
      </article>

      <section className="mt-10" aria-labelledby="map-heading">
        {/* Not 'Map': the map library labels its own canvas region so, and landmarks must differ (axe). */}
        <h2 id="map-heading" className="sr-only">
          Location
        </h2>
        <MapView
          key={activity.id}
          setup={data.map}
          markers={[
            {
              id: activity.id,
              title: activity.title,
              latitude: activity.latitude,
              longitude: activity.longitude,
              pinUrl: data.pinUrl,
            },
          ]}
          center={{ lat: activity.latitude, lng: activity.longitude }}
          zoom={MAP_DEFAULTS.detailZoom}
          className="h-80 w-full overflow-hidden rounded-xl"
          label={`Map of ${activity.title}`}
        />
      </section>

      <section className="mt-10" aria-labelledby="nearby-heading">
        <h2 id="nearby-heading" className="text-2xl font-bold">
          Best Activities Nearby
        </h2>
        {data.nearby.length > 0 ? (
          <ul ref={cardLinks} className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-nearby>
            {data.nearby.map((n) => (
              <li key={n.activity.id}>
                <ActivityCard
                  activity={n.activity}
                  href={n.href}
                  showPhoto={data.photo !== null}
                  linkTarget={linkTarget}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-gray-600">No other activities within 25 miles.</p>
        )}
      </section>
    </main>
  );
}
