import { Form, Link } from "react-router";
import type { Route } from "./+types/index";
import { buttonClass } from "~/components/FormFields";
import { JobsSection } from "~/components/JobsSection";
import { reviewListUrl, type ReviewListState } from "~/domain/data-quality/review-list";
import {
  BATCH_TYPE_CARDS,
  BATCH_TYPES,
  batchLimit,
  VALIDATION_BATCH_PAUSE_MS,
  VALIDATION_POLL_MS,
} from "~/domain/data-quality/validation";
import { Card } from "./Card";

type LoaderData = Route.ComponentProps["loaderData"];

/** Each type's validation card (how far it got, Validate next batch, Validate all) and the background run. */
export function ValidationProgress({
  coverage,
  jobs,
  state,
  busy,
}: {
  coverage: LoaderData["coverage"];
  jobs: LoaderData["jobs"];
  state: ReviewListState;
  busy: boolean;
}) {
  return (
    <Card title="Validation progress">
      <p className="text-sm text-gray-700">
        Validate next batch checks the next {batchLimit("phone")} activities a check has not seen yet (
        {batchLimit("website")} for websites) and shows the results here. Validate all runs every batch in the
        background, {VALIDATION_BATCH_PAUSE_MS / 1000} second apart: leave the page and come back, its progress is kept.
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
  );
}
