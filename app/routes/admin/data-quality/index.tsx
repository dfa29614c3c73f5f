// /admin/data-quality — the Data-quality tab (spec/admin.md §2 'Data-quality tab', §4, §8, §9): the overview, the
// validation cards (each validates the next batch of what its type has not checked), Latest Validation Results,
// Coordinate Synchronization, address auto-correction, the cost estimate and Activities Needing Review. Every
// action is a plain form post; results that belong to one run (a batch, a sync) come back as the action's data,
// the rest redirect back with a toast. The edit dialog renders in the Outlet.
import { Outlet, useNavigation } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/auth/session.server";
import { latestJobRuns } from "~/data/job-runs.server";
import { needsReviewList, validationCoverage, validationStats } from "~/data/validations.server";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { jobView } from "~/domain/places/jobs";
import { parseReviewList } from "~/domain/data-quality/review-list";
import { activityPath, openInMapsUrl } from "~/domain/http/urls";
import { runDataQualityAction, type DataQualityResult } from "./actions.server";
import { AddressCorrection } from "./AddressCorrection";
import { Card, Figure } from "./Card";
import { CoordinateSync } from "./CoordinateSync";
import { CostEstimate } from "./CostEstimate";
import { ReviewList } from "./ReviewList";
import { ValidationProgress } from "./ValidationProgress";
import { ValidationResults } from "./ValidationResults";

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

      <ValidationProgress coverage={coverage} jobs={jobs} state={state} busy={busy} />
      {result?.kind === "validation" && <ValidationResults result={result} />}
      <CoordinateSync result={result} busy={busy} />
      <AddressCorrection result={result} busy={busy} />
      <CostEstimate coverage={coverage} />

      <ReviewList review={review} state={state} />
      <Outlet />
    </section>
  );
}
