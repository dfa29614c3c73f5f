// /admin/data-quality — the Data-quality tab (spec/admin.md §2 'Data-quality tab', §4, §8, §9): the overview, the
// validation cards (each validates the next batch of what its type has not checked), Latest Validation Results,
// Coordinate Synchronization, address auto-correction, the cost estimate and Activities Needing Review. Every
// action is a plain form post; results that belong to one run (a batch, a sync) come back as the action's data,
// the rest redirect back with a toast. The edit dialog renders in the Outlet.
import { useEffect } from "react";
import { Form, Link, Outlet, useNavigation } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/auth/session.server";
import { buttonClass } from "~/components/FormFields";
import { showToast } from "~/components/Toaster";
import { useHydrated } from "~/components/hydrated";
import { needsReviewList, validationCoverage, validationStats } from "~/data/validations.server";
import { activityPath, openInMapsUrl } from "~/domain/urls";
import { addressPreviewFailedToast, addressPreviewToast, moreActivitiesLine } from "~/domain/address-correction";
import { adminPageTitle } from "~/domain/admin-user";
import { formatCoords, formatMiles, moreChangesLine } from "~/domain/coordinate-sync";
import { countOf } from "~/domain/counts";
import { parseReviewList, reviewListUrl } from "~/domain/review-list";
import { runDataQualityAction, type DataQualityResult } from "./actions.server";
import {
  formatDollars,
  referenceCost,
  validationCost,
  LOCATION_CHECK_COST,
  BUSINESS_STATUS_COST,
} from "~/domain/validation-cost";
import {
  BATCH_TYPE_CARDS,
  BATCH_TYPES,
  batchLimit,
  previewList,
  VALIDATION_BATCH_PAUSE_MS,
  VALIDATION_POLL_MS,
} from "~/domain/validation";
import { JobsSection } from "~/components/JobsSection";
import { latestJobRuns } from "~/data/job-runs.server";
import { jobView } from "~/domain/jobs";
import { ReviewList } from "./ReviewList";
import { ScoreBadge, StatusBadge } from "./badges";

export function meta() {
  return [{ title: adminPageTitle("Data Quality") }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const state = parseReviewList(new URL(request.url).searchParams);
  const [stats, coverage, review, runs] = await Promise.all([
    validationStats(),
    validationCoverage(),
    needsReviewList(state),
    latestJobRuns(["validate"]),
  ]);
  const now = new Date();
  const entries = review.entries.map(({ activity, validation }) => ({
    activity: {
      id: activity.id,
      title: activity.title,
      excerpt: activity.excerpt,
      livePath: activityPath(activity.city, activity.title),
      mapsUrl: openInMapsUrl(activity),
    },
    validation,
  }));
  return {
    stats,
    coverage,
    review: { ...review, entries },
    state,
    jobs: runs.map((run) => jobView(run, now)),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return runDataQualityAction(request, admin);
}

export default function DataQualityTab({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, coverage, review, state, jobs } = loaderData;
  const result = actionData as DataQualityResult | undefined;
  const busy = useNavigation().state === "submitting";
  const cost = validationCost({ location: coverage.location.unvalidated, business: coverage.business.unvalidated });
  const reference = referenceCost();
  return (
    <section aria-labelledby="data-quality-heading" className="space-y-6">
      <h1 id="data-quality-heading" className="text-2xl font-bold">
        Data Quality
      </h1>

      <Card title="Overview">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
          <Figure label="Total activities" value={stats.totalActivities} />
          <Figure label="Validated" value={stats.validatedActivities} />
          <Figure label="Needs review" value={stats.needsReview} />
          <Figure
            label="Websites working / broken"
            value={`${stats.websiteStats.working} / ${stats.websiteStats.broken}`}
          />
          <Figure label="Phones valid / invalid" value={`${stats.phoneStats.valid} / ${stats.phoneStats.invalid}`} />
        </dl>
      </Card>

      <Card title="Validation progress">
        <p className="text-sm text-gray-700">
          Validate next batch checks the next {batchLimit("phone")} activities a check has not seen yet (
          {batchLimit("website")} for websites) and shows the results here. Validate all runs every batch in the
          background, {VALIDATION_BATCH_PAUSE_MS / 1000} second apart: leave the page and come back, its progress is
          kept.
        </p>
        <div className="mt-3">
          <JobsSection
            jobs={jobs}
            title="Validation run"
            pollMs={VALIDATION_POLL_MS}
            cancelAction={() => reviewListUrl(state)}
          />
        </div>
        <ul className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label="Validation cards">
          {BATCH_TYPES.map((type) => {
            const card = BATCH_TYPE_CARDS[type];
            const { eligible, unvalidated } = coverage[type];
            return (
              <li key={type} className="rounded-lg border border-gray-200 p-4" aria-label={card.title}>
                <h3 className="font-semibold">{card.title}</h3>
                <p className="text-xs text-gray-600">{card.cost}</p>
                <p className="mt-2 text-sm">
                  {eligible - unvalidated} of {eligible} checked · {unvalidated} left
                </p>
                <progress
                  className="mt-2 w-full"
                  max={Math.max(1, eligible)}
                  value={eligible - unvalidated}
                  aria-label={`${card.title} progress`}
                />
                <Form method="post" className="mt-3 flex flex-wrap gap-2">
                  <input type="hidden" name="type" value={type} />
                  <button
                    type="submit"
                    name="intent"
                    value="validate"
                    disabled={busy}
                    className={buttonClass.primary}
                    aria-label={`${card.button}: next batch`}
                  >
                    Validate next batch
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="start-validation"
                    disabled={busy}
                    className={buttonClass.secondary}
                    aria-label={`${card.button}: all, in the background`}
                  >
                    Validate all
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
        {jobs.length === 0 && (
          <Link to={reviewListUrl(state)} className={`${buttonClass.secondary} mt-4`} preventScrollReset>
            Refresh progress
          </Link>
        )}
      </Card>

      {result?.kind === "validation" && (
        <Card title="Latest Validation Results">
          <p className="text-sm">
            Processed {result.processed} · {countOf(result.results.length, "result", "results")} · {result.remaining}{" "}
            left
          </p>
          {result.errors.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-sm text-red-700" aria-label="Validation errors">
              {result.errors.map((e, i) => (
                <li key={i}>
                  Activity {e.activityId}: {e.message}
                </li>
              ))}
            </ul>
          )}
          <ul className="mt-3 divide-y divide-gray-100" aria-label="Validation results">
            {result.results.map((r) => (
              <li key={r.activityId} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                <span className="min-w-48 flex-1 font-medium">{r.title}</span>
                <span className={r.needsReview ? "text-red-700" : "text-green-700"}>
                  {r.needsReview ? "needs review" : "valid"}
                </span>
                <StatusBadge field="websiteStatus" status={r.websiteStatus} />
                <ScoreBadge score={r.qualityScore} />
              </li>
            ))}
          </ul>
        </Card>
      )}

      <Card title="Coordinate Synchronization">
        <p className="text-sm text-gray-700">
          Sets each activity's coordinates to the point its Google Maps URL names. Preview first: it changes nothing.
        </p>
        <Form method="post" className="mt-3 flex flex-wrap gap-2">
          <input type="hidden" name="intent" value="sync-coordinates" />
          <button type="submit" name="dryRun" value="true" disabled={busy} className={buttonClass.secondary}>
            Preview Changes
          </button>
          <button type="submit" name="dryRun" value="false" disabled={busy} className={buttonClass.primary}>
            Update Coordinates
          </button>
        </Form>
        {result?.kind === "sync" && <SyncResults result={result} />}
      </Card>

      <Card title="Address auto-correction">
        <p className="text-sm text-gray-700">
          Replaces each address that differs from (or is missing beside) the one its Google Maps URL names. Preview
          first: it changes nothing.
        </p>
        <Form method="post" className="mt-3">
          <button
            type="submit"
            name="intent"
            value="preview-addresses"
            disabled={busy}
            className={buttonClass.secondary}
          >
            Preview
          </button>
        </Form>
        {result?.kind === "address-preview" && <AddressPreview result={result} busy={busy} />}
      </Card>

      <Card title="Validation Cost Estimation">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-gray-600">
              <th className="py-1 font-medium">Check</th>
              <th className="py-1 font-medium">Per activity</th>
              <th className="py-1 font-medium">Left to check</th>
              <th className="py-1 font-medium">Estimated</th>
              <th className="py-1 font-medium">For 10,000 activities</th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-t border-gray-100">
              <td className="py-1">Location Accuracy</td>
              <td>{formatDollars(LOCATION_CHECK_COST)}</td>
              <td>{coverage.location.unvalidated}</td>
              <td>{formatDollars(cost.location)}</td>
              <td>{formatDollars(reference.location)}</td>
            </tr>
            <tr className="border-t border-gray-100">
              <td className="py-1">Business Status</td>
              <td>{formatDollars(BUSINESS_STATUS_COST)}</td>
              <td>{coverage.business.unvalidated}</td>
              <td>{formatDollars(cost.business)}</td>
              <td>{formatDollars(reference.business)}</td>
            </tr>
            <tr className="border-t border-gray-200 font-semibold">
              <td className="py-1">Total</td>
              <td />
              <td />
              <td>{formatDollars(cost.total)}</td>
              <td>{formatDollars(reference.total)}</td>
            </tr>
          </tbody>
        </table>
        <p className="mt-2 text-xs text-gray-600">Website, phone and address checks are free.</p>
      </Card>

      <ReviewList review={review} state={state} />
      <Outlet />
    </section>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div>
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="text-xl font-bold">{value}</dd>
    </div>
  );
}

function SyncResults({ result }: { result: Extract<DataQualityResult, { kind: "sync" }> }) {
  const { shown, more } = previewList(result.results.updates);
  return (
    <div className="mt-4" aria-live="polite">
      <p className="text-sm font-medium">{result.message}</p>
      <dl className="mt-2 grid grid-cols-4 gap-2 text-sm">
        <Figure label="Total" value={result.results.total} />
        <Figure label="Updated" value={result.results.updated} />
        <Figure label="Unchanged" value={result.results.unchanged} />
        <Figure label="Failed" value={result.results.failed} />
      </dl>
      {shown.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm" aria-label="Coordinate changes">
          {shown.map((u) => (
            <li key={u.activityId}>
              <span className="font-medium">{u.title}</span> · {formatMiles(u.distance)} ·{" "}
              {formatCoords(u.currentCoords)} → {formatCoords(u.mapsCoords)}
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <p className="mt-1 text-sm text-gray-600">{moreChangesLine(more)}</p>}
    </div>
  );
}

/**
 * The address auto-correction's preview (admin §2, §8): its message as a toast with JavaScript, as a status line
 * without; the first 10 discrepancies, '...and N more activities', and the action that corrects them all.
 */
function AddressPreview({
  result,
  busy,
}: {
  result: Extract<DataQualityResult, { kind: "address-preview" }>;
  busy: boolean;
}) {
  const hydrated = useHydrated();
  const message = result.ok ? addressPreviewToast(result.total) : addressPreviewFailedToast(result.message);
  useEffect(() => {
    showToast(result.ok ? addressPreviewToast(result.total) : addressPreviewFailedToast(result.message));
  }, [result]);
  return (
    <div className="mt-4">
      {!hydrated && (
        <p role={result.ok ? "status" : "alert"} className={`text-sm ${result.ok ? "" : "text-red-700"}`}>
          <span className="font-semibold">{message.title}:</span> {message.description}
        </p>
      )}
      {result.ok && result.total > 0 && (
        <>
          <table className="mt-3 w-full text-left text-sm" aria-label="Address discrepancies">
            <thead>
              <tr className="text-gray-600">
                <th className="py-1 pr-2 font-medium">Activity</th>
                <th className="py-1 pr-2 font-medium">Current address</th>
                <th className="py-1 font-medium">New address (from the maps URL)</th>
              </tr>
            </thead>
            <tbody>
              {result.items.map((item) => (
                <tr key={item.id} className="border-t border-gray-100 align-top">
                  <td className="py-1 pr-2">{item.title}</td>
                  <td className="py-1 pr-2">{item.address || "—"}</td>
                  <td className="py-1">{item.validation.mapsAddress}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {result.total > result.items.length && (
            <p className="mt-2 text-sm text-gray-600">{moreActivitiesLine(result.total - result.items.length)}</p>
          )}
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="auto-correct-addresses" />
            <button type="submit" disabled={busy} className={buttonClass.primary}>
              Auto-correct all addresses
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
