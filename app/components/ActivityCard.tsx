import { Link } from "react-router";
import { cardPhoto } from "~/domain/photos";
import type { PublicActivity } from "~/data/activities.server";

export type CardActivity = Pick<
  PublicActivity,
  | "id"
  | "title"
  | "excerpt"
  | "image"
  | "category"
  | "tags"
  | "googleRating"
  | "googleReviewCount"
  | "googlePhotos"
  | "photoSource"
  | "customPhotoUrl"
>;

/** One activity as a card: photo, title, category, rating and up to `maxTags` tags with a '+N' badge. */
export function ActivityCard({
  activity,
  href,
  maxTags = 3,
  badge,
  selected = false,
  showPhoto = true,
  onSelect,
}: {
  activity: CardActivity;
  href: string;
  maxTags?: number;
  badge?: string;
  selected?: boolean;
  showPhoto?: boolean;
  onSelect?: (id: number) => void;
}) {
  const shown = activity.tags.slice(0, maxTags);
  const more = activity.tags.length - shown.length;
  return (
    <article
      className={`group relative flex h-full flex-col overflow-hidden rounded-xl border bg-white transition ${
        selected ? "border-brand ring-2 ring-brand" : "border-gray-200 hover:border-gray-400"
      }`}
      aria-current={selected ? "true" : undefined}
      onMouseEnter={onSelect ? () => onSelect(activity.id) : undefined}
    >
      {showPhoto && (
        <div className="relative aspect-[16/10] bg-gray-100">
          <img
            src={cardPhoto(activity)}
            alt=""
            loading="lazy"
            decoding="async"
            width={400}
            height={250}
            className="h-full w-full object-cover"
          />
          {badge && (
            <span className="absolute top-2 left-2 rounded bg-black px-2 py-0.5 text-xs font-bold tracking-wide text-white">
              {badge}
            </span>
          )}
        </div>
      )}
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="font-semibold leading-snug">
          <Link to={href} className="after:absolute after:inset-0 focus-visible:outline-2" data-activity-link>
            {activity.title}
          </Link>
        </h3>
        <p className="text-sm text-gray-600">
          {activity.category}
          {activity.googleRating && (
            <>
              {" · "}
              <span aria-label={`Rated ${activity.googleRating} out of 5`}>★ {activity.googleRating}</span>
              {activity.googleReviewCount != null && (
                <span className="text-gray-500"> ({activity.googleReviewCount.toLocaleString("en-US")})</span>
              )}
            </>
          )}
        </p>
        {shown.length > 0 && (
          <ul className="mt-auto flex flex-wrap gap-1 pt-2" aria-label="Tags">
            {shown.map((tag) => (
              <li key={tag} className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-800">
                {tag}
              </li>
            ))}
            {more > 0 && <li className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-800">+{more}</li>}
          </ul>
        )}
      </div>
    </article>
  );
}
