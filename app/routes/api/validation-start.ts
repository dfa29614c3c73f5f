// POST /api/validation/start — { validationType } starts batch validation in the background (admin §7 'a
// validation start call'; its method and path are not shown): 202 with the job, or 409 when that type has nothing
// left or a run is going on. GET /api/validation/progress follows it.
import { z } from "zod";
import type { Route } from "./+types/validation-start";
import { requireAdminApi } from "~/auth/session.server";
import { VALIDATION_TYPES } from "~/domain/data-quality/validation";
import { startValidationRun } from "~/jobs/queue.server";
import { allowMethods, jsonError, parseBody, readJson } from "./responses.server";

export const middleware = allowMethods("POST");

const body = z.object({ validationType: z.enum(VALIDATION_TYPES) });

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminApi(request);
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const input = parseBody(body, json.body);
  if (!input.ok) return input.response;
  const started = await startValidationRun(input.value.validationType, admin.email);
  if (!started.ok) return jsonError(409, started.message);
  return Response.json({ jobId: started.run.id, total: started.run.total }, { status: 202 });
}
