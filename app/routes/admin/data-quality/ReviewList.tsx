// Activities Needing Review (admin §2, §4, §5 'Other forms', §9): the filters are a GET form, so the list's state
// is its URL and every change starts again at page 1; each row's actions work without JavaScript.
import { Form, Link, useNavigation } from "react-router";
import { AddressNumber, AddressSelect } from "~/components/AddressFields";
import { buttonClass, controlClass } from "~/components/FormFields";
import { Pagination } from "~/components/Pagination";
import { adminActivitiesUrl, parseAdminActivityList } from "~/domain/activities/admin-activity-list";
import { pageCount } from "~/domain/pages/pagination";
import {
  DATA_QUALITY_PATH,
  ISSUE_LABELS,
  isFiltered,
  NO_REVIEW_MATCH,
  NO_REVIEW_NEEDED,
  REVIEW_ISSUES,
  REVIEW_PAGE_SIZES,
  reviewListUrl,
  reviewPageButtons,
  type ReviewListState,
} from "~/domain/data-quality/review-list";
import { MAX_QUALITY_SCORE } from "~/domain/data-quality/quality-score";
import { REVIEW_NOTES_MAX, STATUS_FIELDS, type StatusField } from "~/domain/data-quality/validation";
import { ScoreBadge, StatusBadge } from "./badges";

export interface ReviewEntry {
  activity: { id: number; title: string; excerpt: string; livePath: string; mapsUrl: string };
  validation: Record<StatusField, string | null> & {
    qualityScore: number | null;
    lastValidated: Date | null;
    /** The phone number in international form, offered when it differs from what is stored. */
    phoneNormalized: string | null;
  };
}

/** The min and max score boxes: any score on the quality scale. */
const SCORE_BOX = { min: 0, max: MAX_QUALITY_SCORE, step: "any", className: "w-24", inputClassName: controlClass };

export function ReviewList({
  review,
  state,
}: {
  review: { entries: ReviewEntry[]; total: number; page: number };
  state: ReviewListState;
}) {
  const busy = useNavigation().state === "submitting";
  const pages = pageCount(review.total, state.size);
  const here = reviewListUrl({ ...state, page: review.page });
  return (
    <section aria-labelledby="review-heading" className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="review-heading" className="mb-3 text-lg font-semibold">
        Activities Needing Review <span className="text-sm font-normal text-gray-600">({review.total})</span>
      </h2>

      <Form method="get" action={DATA_QUALITY_PATH} className="flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-48 flex-1">
          <label htmlFor="review-q" className="text-sm font-medium">
            Search by title
          </label>
          <input id="review-q" type="search" name="q" defaultValue={state.q} key={state.q} className={controlClass} />
        </div>
        <AddressSelect
          id="review-issue"
          label="Issue type"
          name="issue"
          value={state.issue}
          options={REVIEW_ISSUES.map((issue) => ({ value: issue, label: ISSUE_LABELS[issue] }))}
          selectClassName={controlClass}
        />
        <AddressNumber
          id="review-min"
          label="Min score"
          name="min"
          value={state.min > 0 ? state.min : ""}
          placeholder="0"
          {...SCORE_BOX}
        />
        <AddressNumber
          id="review-max"
          label="Max score"
          name="max"
          value={state.max < MAX_QUALITY_SCORE ? state.max : ""}
          placeholder="10"
          {...SCORE_BOX}
        />
        <AddressSelect
          id="review-size"
          label="Per page"
          name="size"
          value={state.size}
          options={REVIEW_PAGE_SIZES.map(String)}
          selectClassName={controlClass}
        />
        <button type="submit" className={buttonClass.primary}>
          Apply filters
        </button>
        {isFiltered(state) && (
          <Link to={DATA_QUALITY_PATH} className={buttonClass.secondary}>
            Clear Filters
          </Link>
        )}
      </Form>

      {review.total > 0 && (
        <Form method="post" action={here} className="mt-3">
          <input type="hidden" name="intent" value="clear-review-list" />
          <button type="submit" disabled={busy} className={buttonClass.secondary}>
            Clear List ({review.total})
          </button>
        </Form>
      )}

      {review.entries.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-gray-300 p-8 text-center text-gray-600">
          {isFiltered(state) ? NO_REVIEW_MATCH : NO_REVIEW_NEEDED}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-100" aria-label="Activities needing review">
          {review.entries.map((entry) => (
            <ReviewRow key={entry.activity.id} entry={entry} here={here} busy={busy} />
          ))}
        </ul>
      )}

      <Pagination
        className="mt-4"
        page={review.page}
        pageCount={pages}
        pages={reviewPageButtons(pages)}
        href={(page) => reviewListUrl({ ...state, page })}
      />
    </section>
  );
}

function ReviewRow({ entry, here, busy }: { entry: ReviewEntry; here: string; busy: boolean }) {
  const { activity, validation } = entry;
  const search = new URL(here, "http://x").search;
  // A click on the title opens the Activities tab filtered by it (§2).
  const inActivitiesTab = adminActivitiesUrl({
    ...parseAdminActivityList(new URLSearchParams()),
    search: activity.title,
  });
  return (
    <li className="py-3" aria-label={activity.title}>
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-64 flex-1">
          <Link to={inActivitiesTab} className="font-semibold underline-offset-2 hover:underline">
            {activity.title}
          </Link>
          <p className="line-clamp-2 text-sm text-gray-700">{activity.excerpt}</p>
          <div className="mt-1 flex flex-wrap gap-1">
            <ScoreBadge score={validation.qualityScore} />
            {STATUS_FIELDS.map((field) => (
              <StatusBadge key={field} field={field} status={validation[field]} />
            ))}
          </div>
          <p className="mt-1 text-xs text-gray-600">
            Last validated{" "}
            {validation.lastValidated ? new Date(validation.lastValidated).toISOString().slice(0, 10) : "never"}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`${DATA_QUALITY_PATH}/${activity.id}/edit${search}`}
            preventScrollReset
            className={buttonClass.small}
            aria-label={`Edit ${activity.title}`}
          >
            Edit
          </Link>
          <a
            href={activity.livePath}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass.small}
            aria-label={`View page of ${activity.title} (opens in a new tab)`}
          >
            View Page
          </a>
          <a
            href={activity.mapsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass.small}
            aria-label={`Maps for ${activity.title} (opens in a new tab)`}
          >
            Maps
          </a>
        </div>
      </div>
      {validation.phoneNormalized && (
        <Form method="post" action={here} className="mt-2">
          <input type="hidden" name="intent" value="accept-phone" />
          <input type="hidden" name="activityId" value={activity.id} />
          <button type="submit" disabled={busy} className={buttonClass.small}>
            Use {validation.phoneNormalized}
          </button>
        </Form>
      )}
      <Form method="post" action={here} className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="mark-reviewed" />
        <input type="hidden" name="activityId" value={activity.id} />
        <div className="min-w-48 flex-1">
          <label htmlFor={`notes-${activity.id}`} className="text-xs text-gray-700">
            Review notes (optional)
          </label>
          <input id={`notes-${activity.id}`} name="notes" maxLength={REVIEW_NOTES_MAX} className={controlClass} />
        </div>
        <button type="submit" disabled={busy} className={buttonClass.small}>
          Mark as Reviewed
        </button>
      </Form>
    </li>
  );
}
