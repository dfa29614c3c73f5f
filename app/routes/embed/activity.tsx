// The embeddable card (public-site §2 "Embed card"): only the card, plain HTML with no client bundle, and the
// one part of the site other origins may frame (server/app.ts sends frame-ancestors * for /embed only).
import type { Route } from "./+types/activity";
import { ActivityPhoto } from "~/components/ActivityPhoto";
import { GoogleMapsAttribution } from "~/components/GoogleMapsAttribution";
import { GooglePhotoCredits } from "~/components/PhotoCredit";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { grouped } from "~/domain/counts";
import { tagColorClass } from "~/components/tag-colors";
import { pageTitle } from "~/domain/seo/seo";
import { brandOf } from "~/domain/seo/social-meta";
import { loaderCacheControl } from "~/http/route-headers";
import { loadEmbedCard } from "./activity.server";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const handle = { hydrate: false };

export const middleware = searchParams(NO_SEARCH_PARAMS);

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadEmbedCard(request, params);
}

export const headers = loaderCacheControl;

export function meta({ data, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(data ? data.title : "Activity not found", brandOf(matches)) }];
}

/** 'Activity not found' (404) in the card's frame; no header, as the card has none. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <main className="flex min-h-screen items-center justify-center p-4">
            <p className="text-lg font-semibold text-gray-700">Activity not found</p>
          </main>
        ),
      }}
    />
  );
}

export default function EmbedCard({ loaderData: card }: Route.ComponentProps) {
  return (
    <main className="p-3">
      <article className="mx-auto max-w-md overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
        {/* The card ships no client JavaScript, so the server's choice stays even if it fails to load. */}
        <ActivityPhoto
          src={card.image}
          fallbacks={card.imageFallbacks}
          alt=""
          width={640}
          height={360}
          className="aspect-video w-full bg-gray-100 object-cover"
        />
        <GooglePhotoCredits credits={card.photoCredits} className="px-4 pt-1 text-xs text-gray-600" />
        <div className="p-4">
          <h1 className="text-xl leading-snug font-bold">{card.title}</h1>
          <p className="mt-1 text-sm text-gray-600">{card.cityName}</p>
          {card.tags.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
              {card.tags.map((tag) => (
                <li
                  key={tag.name}
                  className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${tagColorClass(tag.color)}`}
                >
                  {tag.name}
                </li>
              ))}
            </ul>
          )}
          {card.rating && (
            <p className="mt-3 text-sm font-medium" data-rating>
              <span aria-hidden="true">★ </span>
              {card.rating}
              {card.reviewCount != null && (
                <span className="text-gray-600"> ({grouped(card.reviewCount)} reviews)</span>
              )}{" "}
              {/* Google's rating and review count (Places API): Google Maps attribution beside them. */}
              <GoogleMapsAttribution />
            </p>
          )}
          {card.facts.length > 0 && (
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
              {card.facts.map((f) => (
                <div key={f.label}>
                  <dt className="text-xs text-gray-500">{f.label}</dt>
                  <dd className="font-medium">{f.value}</dd>
                </div>
              ))}
            </dl>
          )}
          <a
            href={card.activityUrl}
            target="_blank"
            rel="noopener"
            className="mt-4 block rounded-md bg-black px-4 py-2 text-center font-semibold text-white hover:bg-gray-800"
          >
            View on Explore
          </a>
        </div>
      </article>
    </main>
  );
}
