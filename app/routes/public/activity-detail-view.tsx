// The activity detail page (public-site §2 "Activity detail page", §4 share): the view and its meta, shared by
// every URL shape that shows an activity (see activity-detail.server.ts).
import { useEffect, useState, type MouseEvent } from "react";
import { Link } from "react-router";
import { ActivityCard } from "~/components/ActivityCard";
import { ActivityPhoto } from "~/components/ActivityPhoto";
import { Header } from "~/components/Header";
import { MapView } from "~/components/MapView";
import { tagColorClass } from "~/components/tag-colors";
import { detailValue, googleRatingText } from "~/domain/activity-detail";
import { MAP_DEFAULTS } from "~/domain/map";
import { socialMeta } from "~/domain/social-meta";
import { DEFAULT_PAGE_DESCRIPTION } from "~/domain/seo";
import { googleMapsDirectionsUrl, googleMapsSearchUrl } from "~/domain/urls";
import type { ActivityDetailData, ActivityDetailLoaderData } from "./activity-detail.server";

type MetaArgs = { data: unknown; matches: readonly ({ id: string; data?: unknown } | undefined)[] };

/** Title ' | {brand}', description, og/twitter text and the JSON-LD of a found activity. */
export function activityDetailMeta({ data, matches }: MetaArgs) {
  const brand = (matches[0]?.data as { brand?: string } | undefined)?.brand ?? "Things To Do";
  const loaded = data as ActivityDetailLoaderData | undefined;
  if (!loaded?.found) {
    return socialMeta({ title: "Activity Not Found", description: DEFAULT_PAGE_DESCRIPTION, brand });
  }
  return [
    ...socialMeta({ title: loaded.meta.title, description: loaded.meta.description, brand }),
    ...loaded.jsonLd.map((ld) => ({ "script:ld+json": ld })),
  ];
}

// The spec reapplies the scroll at these moments so late layout shifts (images, map) cannot leave the page
// scrolled down after a client-side navigation.
const SCROLL_TO_TOP_DELAYS_MS = [0, 50, 100, 200, 500];

function useScrollToTopOnLoad(key: number) {
  useEffect(() => {
    const timers = SCROLL_TO_TOP_DELAYS_MS.map((ms) => window.setTimeout(() => window.scrollTo(0, 0), ms));
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [key]);
}

export function ActivityDetailPage({ data }: { data: ActivityDetailLoaderData }) {
  if (!data.found) return <ActivityNotFound returnTo={data.returnTo} />;
  return <ActivityDetail data={data} />;
}

function ActivityNotFound({ returnTo }: { returnTo: string }) {
  return (
    <>
      <Header />
      <main className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Activity Not Found</h1>
        <p className="mt-4 text-gray-600">The activity you're looking for doesn't exist.</p>
        <Link to={returnTo} className="mt-8 inline-block rounded-md bg-black px-5 py-2.5 font-semibold text-white">
          Return to Activities
        </Link>
      </main>
    </>
  );
}

function ActivityDetail({ data }: { data: ActivityDetailData }) {
  const { activity, city } = data;
  useScrollToTopOnLoad(activity.id);
  const mapsUrl = activity.googleMapsUrl || googleMapsSearchUrl(activity.latitude, activity.longitude);
  const cards = [
    { label: "Duration", value: detailValue(activity.duration) },
    { label: "Cost", value: detailValue(activity.cost) },
    { label: "Touristy Level", value: detailValue(activity.touristyLevel) },
    { label: "Google Rating", value: googleRatingText(activity.googleRating, activity.googleReviewCount) },
  ];
  return (
    <>
      <Header>
        <Link to={data.cityPagePath} className="text-sm font-medium hover:text-brand-dark">
          ← Back to {city.displayName}
        </Link>
      </Header>
      <main className="mx-auto max-w-5xl px-4 py-8">
        <article>
          <p className="text-sm font-medium text-gray-600">{activity.category}</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{activity.title}</h1>
          {data.photo && (
            <ActivityPhoto
              src={data.photo.src}
              fallbacks={data.photo.fallbacks}
              alt=""
              width={1200}
              height={675}
              className="mt-6 aspect-video w-full rounded-xl bg-gray-100 object-cover"
              data-detail-photo
            />
          )}

          <dl className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4">
            {cards.map((card) => (
              <div key={card.label} className="rounded-xl border border-gray-200 p-4" data-card={card.label}>
                <dt className="text-xs font-semibold tracking-wide text-gray-500 uppercase">{card.label}</dt>
                <dd className="mt-1 font-semibold">{card.value}</dd>
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
              href={mapsUrl}
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
          <h2 id="map-heading" className="sr-only">
            Map
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
            <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-nearby>
              {data.nearby.map((n) => (
                <li key={n.activity.id}>
                  <ActivityCard activity={n.activity} href={n.href} showPhoto={data.photo !== null} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-gray-600">No other activities within 25 miles.</p>
          )}
        </section>
      </main>
    </>
  );
}

/**
 * 'Share': the device share sheet when there is one, else the link is copied and an alert says 'Link copied to
 * clipboard!' (the spec's own alert). Without JavaScript it is a plain mailto link carrying the page URL.
 */
function ShareLink({ title, url, mailto }: { title: string; url: string; mailto: string }) {
  const [status, setStatus] = useState("");
  async function share(event: MouseEvent<HTMLAnchorElement>) {
    if (typeof navigator.share === "function") {
      event.preventDefault();
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if ((error as DOMException)?.name === "AbortError") return; // the visitor closed the sheet
      }
    }
    if (navigator.clipboard?.writeText) {
      event.preventDefault();
      try {
        await navigator.clipboard.writeText(url);
        setStatus("");
        window.alert("Link copied to clipboard!");
      } catch (error) {
        console.warn("Copying the link failed", error);
        setStatus(`Copy this link: ${url}`);
      }
    }
    // No share sheet and no clipboard: the mailto link does its job.
  }
  return (
    <>
      <a
        href={mailto}
        onClick={share}
        className="rounded-md border border-gray-300 px-4 py-2 font-semibold hover:border-gray-500"
        data-share-url={url}
      >
        Share
      </a>
      <p role="status" aria-live="polite" className="basis-full text-sm font-medium text-green-800 empty:hidden">
        {status}
      </p>
    </>
  );
}
