// POST /api/activities/validate-batch — { activityIds, validationType } → { processed, results, errors } (admin §5
// 'Batch validation', §7): at most 50 ids for website, 100 for the others.
import { z } from "zod";
import type { Route } from "./+types/activities-validate-batch";
import { requireAdminApi } from "~/auth/session.server";
import { activityIdsSchema } from "~/domain/activities/activity-form";
import { VALIDATION_TYPES } from "~/domain/data-quality/validation";
import { validateActivities } from "~/workflows/validate-activities.server";
import { allowMethods, outcomeResponse, parseBody, readJson } from "./responses.server";

export const middleware = allowMethods("POST");

const body = z.object({ activityIds: activityIdsSchema, validationType: z.enum(VALIDATION_TYPES) });

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const input = parseBody(body, json.body);
  if (!input.ok) return input.response;
  const outcome = await validateActivities(input.value.activityIds, input.value.validationType);
  return outcomeResponse(outcome, "Activity not found.");
}
