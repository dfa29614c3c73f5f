// GET /api/validation/progress — the latest validation run (admin §3 'Validation progress'): current, total,
// currentActivity, currentBatch, totalBatches, estimatedTimeRemaining (seconds), and its status; polled every 3 s
// while it runs. { status: "idle" } before any run.
import type { Route } from "./+types/validation-progress";
import { requireAdminApi } from "~/auth/session.server";
import { latestJobRuns } from "~/data/job-runs.server";
import { PRIVATE_NO_STORE } from "~/domain/http/cache";
import { validationProgress } from "~/domain/places/jobs";
import { allowMethods } from "./responses.server";

export const middleware = allowMethods("GET");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminApi(request);
  const [run] = await latestJobRuns(["validate"]);
  return Response.json(run ? validationProgress(run, new Date()) : { status: "idle" }, {
    headers: { "Cache-Control": PRIVATE_NO_STORE },
  });
}
