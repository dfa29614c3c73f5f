import { Link } from "react-router";
import type { Route } from "./+types/index";
import { showToast } from "~/components/Toaster";
import { dialogUrl, type AdminActivityListState } from "~/domain/activities/admin-activity-list";
import { historyPath } from "~/domain/admin/history";
import { formatCost, PHOTO_FETCH_COST } from "~/domain/places/places";

/** One activity of the list as its loader gives it. */
export type AdminActivityCardData = Route.ComponentProps["loaderData"]["activities"][number];

/** An activity's card in the admin list: its selection checkbox, what it shows, and its actions. */
export function AdminActivityCard({
  activity: a,
  list,
  selected,
  onToggle,
  hydrated,
}: {
  activity: AdminActivityCardData;
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
