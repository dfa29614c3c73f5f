// The bulk places calls of admin §7, each starting the job the Activities tab starts (app/jobs/queue.server.ts):
// POST /api/activities/refresh-all-google-ratings and /fetch-all-google-photos over every activity, and
// /bulk-photo-enhancement over { activityIds }. They run in the background, so each answers 202 with the job, its
// size (and, for photos, estimatedCost) and its status URL (Location and statusUrl: GET /api/jobs/{id}, whose
// finished state carries the original's results); their progress is also the Activities tab's jobs section. 409 when
// one is running, no key is set, or there is nothing to do.
import { z } from "zod";
import type { Route } from "./+types/activities-places-jobs";
import { requireAdminApi } from "~/auth/session.server";
import { allActivityIds, existingActivityIds } from "~/data/activity-places.server";
import { activityIdsSchema } from "~/domain/activities/activity-form";
import { formatCost, photoFetchCost } from "~/domain/places/places";
import { jobStatusPath } from "~/domain/places/jobs";
import { startPlacesJob } from "~/jobs/queue.server";
import { allowMethods, jsonError, parseBody, readJson } from "./responses.server";

export const middleware = allowMethods("POST");

const OPERATIONS = {
  "refresh-all-google-ratings": "refresh-ratings",
  "fetch-all-google-photos": "enhance-photos",
  "bulk-photo-enhancement": "enhance-photos",
} as const;

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminApi(request);
  // One module for the three paths: the last segment says which.
  const operation = new URL(request.url).pathname.split("/").at(-1) as keyof typeof OPERATIONS;
  const kind = OPERATIONS[operation];
  let activityIds: number[];
  if (operation === "bulk-photo-enhancement") {
    const json = await readJson(request);
    if (!json.ok) return json.response;
    const input = parseBody(z.object({ activityIds: activityIdsSchema }), json.body);
    if (!input.ok) return input.response;
    activityIds = await existingActivityIds(input.value.activityIds);
  } else {
    activityIds = await allActivityIds();
  }
  const started = await startPlacesJob(kind, activityIds, admin.email);
  if (!started.ok) return jsonError(409, started.message);
  const cost = kind === "enhance-photos" ? { estimatedCost: formatCost(photoFetchCost(activityIds.length)) } : {};
  const statusUrl = jobStatusPath(started.run.id);
  return Response.json(
    { jobId: started.run.id, status: started.run.status, total: started.run.total, ...cost, statusUrl },
    { status: 202, headers: { Location: statusUrl } },
  );
}
