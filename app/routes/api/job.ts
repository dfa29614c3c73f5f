// GET /api/jobs/:id — a background job's state (issue #27.7), the status URL the job-backed calls answer with (202,
// Location): bulk-photo-enhancement, fetch-all-google-photos and refresh-all-google-ratings. Its fields are
// domain/places/jobs.ts jobAnswer's; the per-activity results page by `limit` (default and most 1,000) and `offset`, with
// RFC 8288 Link headers. Administrators only.
import { z } from "zod";
import type { Route } from "./+types/job";
import { requireAdminApi } from "~/auth/session.server";
import { getJobRun, jobRunItems } from "~/data/job-runs.server";
import { PRIVATE_NO_STORE } from "~/domain/http/cache";
import { jobAnswer, jobStatusPath, JOB_RESULTS_DEFAULT_LIMIT, JOB_RESULTS_MAX_LIMIT } from "~/domain/places/jobs";
import { pageLinks } from "~/domain/pages/pagination";
import { allowMethods, jsonError, parseQuery } from "./responses.server";

export const middleware = allowMethods("GET");

const query = z.object({
  limit: z.coerce.number().int().min(1).max(JOB_RESULTS_MAX_LIMIT).default(JOB_RESULTS_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
});

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminApi(request);
  const page = parseQuery(query, request.url);
  if (!page.ok) return page.response;
  // Job ids are the queue's UUIDs: anything else names no job (and never reaches the database).
  const id = params.id;
  const run = /^[A-Za-z0-9-]{1,100}$/.test(id) ? await getJobRun(id) : null;
  if (!run) return jsonError(404, "Job not found");
  const withItems = run.kind !== "validate";
  const results = withItems ? await jobRunItems(id, { skip: page.value.offset, take: page.value.limit }) : null;
  const headers = new Headers({ "Cache-Control": PRIVATE_NO_STORE });
  if (results) headers.set("Link", pageLinks(jobStatusPath(id), {}, { ...page.value, total: results.total }));
  return Response.json(jobAnswer(run, results, new Date()), { headers });
}
