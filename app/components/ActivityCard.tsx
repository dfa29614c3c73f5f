import { memo } from "react";
import type { ActivityLinkTarget } from "~/components/new-tab";
import { grouped } from "~/domain/counts";
import { CARD_PHOTO_SIZES, cardPhotoSources, photoFallbacks, type PhotoCredit } from "~/domain/activities/photos";
import { GoogleMapsAttribution } from "./GoogleMapsAttribution";
import { GooglePhotoCredits } from "./PhotoCredit";
import { ActivityPhoto } from "./ActivityPhoto";
import type { PublicActivity } from "~/domain/activities/activity-record";

export type CardActivity = Pick<
  PublicActivity,
  | "id"
  | "title"
  | "image"
  | "category"
  | "tags"
  | "googleRating"
  | "googleReviewCount"
  | "googlePhotos"
  | "photoSource"
  | "customPhotoUrl"
> & {
  /** The first Google photo at card width (photos.ts cardPhotoSources), when it was fetched. */
  googleCardPhoto?: string | null;
  /** The shown photo's credits (cardPhotoCredits), when it is a Google photo. */
  photoCredits?: readonly PhotoCredit[];
};

/**
 * One activity as a card: photo, title, category, Google's rating (with the 'Google Maps' attribution) and up to
 * `maxTags` tags with a '+N' badge.
 * Its styles are the .activity-card rules in app.css: a page shows 48 of these, and one class name each
 * instead of the utility lists keeps a fifth off the page's HTML. Its link is a plain anchor: the list navigates
 * for its cards and chooses their target once (`useActivityCardLinks`), so a card
 * draws no hooks of its own. Memoized: a list that changes around it (the city page dims it while loading) does not
 * draw its cards again.
 */
export const ActivityCard = memo(function ActivityCard({
  activity,
  href,
  maxTags = 3,
  badge,
  selected = false,
  showPhoto = true,
  onSelect,
  first = false,
  linkTarget,
}: {
  activity: CardActivity;
  href: string;
  /** The list's `useActivityCardLinks().linkTarget`. */
  linkTarget: ActivityLinkTarget;
  maxTags?: number;
  badge?: string;
  selected?: boolean;
  showPhoto?: boolean;
  onSelect?: (id: number) => void;
  /**
   * The page's first card, whose photo is likely the page's largest paint: fetched at once and ahead of everything
   * else. Every other card's photo loads lazily: on a phone the next cards are below the fold, and on a slow link
   * they would share the first one's bandwidth (on a wide screen the browser fetches the ones in view as soon as the
   * page is laid out).
   */
  first?: boolean;
}) {
  const shown = activity.tags.slice(0, maxTags);
  const more = activity.tags.length - shown.length;
  const photo = cardPhotoSources(activity);
  return (
    <article
      className="activity-card"
      aria-current={selected ? "true" : undefined}
      onMouseEnter={onSelect ? () => onSelect(activity.id) : undefined}
    >
      {showPhoto && (
        <div className="activity-card-photo">
          <ActivityPhoto
            src={photo.src}
            srcSet={photo.srcSet}
            sizes={photo.srcSet ? CARD_PHOTO_SIZES : undefined}
            fallbacks={photoFallbacks(activity, photo.src)}
            alt=""
            loading={first ? "eager" : "lazy"}
            fetchPriority={first ? "high" : undefined}
            decoding={first ? undefined : "async"}
            width={400}
            height={250}
          />
          {badge && <span className="activity-card-badge">{badge}</span>}
        </div>
      )}
      {showPhoto && <GooglePhotoCredits credits={activity.photoCredits} className="activity-card-credit" />}
      <div className="activity-card-body">
        <h3>
          <a href={href} data-activity-link {...linkTarget}>
            {activity.title}
          </a>
        </h3>
        <p>
          {/* Whole strings, so the server writes no separators between adjacent text pieces. */}
          {activity.googleRating ? `${activity.category} · ` : activity.category}
          {activity.googleRating && (
            <span aria-label={`Rated ${activity.googleRating} out of 5`}>{`★ ${activity.googleRating}`}</span>
          )}
          {activity.googleRating && activity.googleReviewCount != null && (
            <span className="activity-card-reviews">{` (${grouped(activity.googleReviewCount)})`}</span>
          )}
          {/* The rating and its count are Google's (Places API): Google Maps attribution beside them. */}
          {activity.googleRating && " "}
          {activity.googleRating && <GoogleMapsAttribution />}
        </p>
        {shown.length > 0 && (
          <ul aria-label="Tags">
            {shown.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
            {more > 0 && <li>+{more}</li>}
          </ul>
        )}
      </div>
    </article>
  );
});
