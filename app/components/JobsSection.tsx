// Background jobs on an admin tab (admin §2 Refresh Ratings and Enhance Photos on the Activities tab, batch
// validation on the Data-quality tab; §4 progress): each kind's latest job with a meter (current of total,
// estimated time left), what it did and spent, Cancel while it runs, and a Refresh progress link that reloads the
// page without JavaScript; with it, the page re-reads every `pollMs` while a job is queued or running.
import { useEffect } from "react";
import { Form, useLocation, useRevalidator } from "react-router";
import type { JobView } from "~/domain/places/jobs";
import { buttonClass } from "./FormFields";

export const JOB_POLL_MS = 2000;

export function JobsSection({
  jobs,
  cancelAction,
  pollMs = JOB_POLL_MS,
  title = "Background jobs",
}: {
  jobs: JobView[];
  /** Where a job's Cancel posts (with `intent=cancel-job` and `jobId`). */
  cancelAction: (jobId: string) => string;
  pollMs?: number;
  title?: string;
}) {
  const { pathname, search } = useLocation();
  const revalidator = useRevalidator();
  const anyActive = jobs.some((j) => j.active);
  useEffect(() => {
    if (!anyActive) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, pollMs);
    return () => clearInterval(timer);
  }, [anyActive, revalidator, pollMs]);
  if (jobs.length === 0) return null;
  return (
    <section id="jobs" aria-labelledby="jobs-title" className="rounded-lg border border-gray-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="jobs-title" className="text-lg font-semibold">
          {title}
        </h2>
        {/* Without the #jobs fragment: a link that differs from the address only by one would not reload. */}
        <a href={`${pathname}${search}`} className="text-sm underline">
          Refresh progress
        </a>
      </div>
      <ul className="mt-3 space-y-4">
        {jobs.map((job) => (
          <li key={job.id} data-job={job.id} className="space-y-1">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-medium">{job.label}</h3>
              {job.active && (
                <Form method="post" action={cancelAction(job.id)}>
                  <input type="hidden" name="intent" value="cancel-job" />
                  <input type="hidden" name="jobId" value={job.id} />
                  <button type="submit" className={buttonClass.secondary}>
                    Cancel {job.label}
                  </button>
                </Form>
              )}
            </div>
            <progress
              value={job.current}
              max={Math.max(1, job.total)}
              aria-label={`${job.label} progress`}
              className="h-2 w-full"
            />
            <p className="text-sm" role="status" aria-live="polite">
              {job.progress}
              {job.active && job.currentItem ? ` — last: ${job.currentItem}` : ""}
            </p>
            <p className="text-sm text-gray-700">
              {job.tally}
              {job.cost ? ` ${job.cost}` : ""}
            </p>
            {job.error && (
              <p role="alert" className="text-sm text-red-700">
                {job.error}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
