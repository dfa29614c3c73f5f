// /api/activities — POST creates an activity (admin §7). (GET, the public list, lives beside it.)
import type { Route } from "./+types/activities";
import { requireAdminApi } from "~/auth/session.server";
import { createActivity, DuplicateActivityError, toPublicActivity } from "~/data/activities.server";
import { activityData, apiBodyValues, fieldErrors } from "~/domain/activity-form";
import { apiActivitySchema, apiError, jsonBody, validationError } from "./activity-api.server";

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Method not allowed");
  await requireAdminApi(request);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const parsed = (await apiActivitySchema()).safeParse(apiBodyValues(body));
  if (!parsed.success) return validationError(fieldErrors(parsed.error));
  try {
    const created = await createActivity(activityData(parsed.data), parsed.data.tags);
    return Response.json(toPublicActivity(created), { status: 201 });
  } catch (error) {
    if (error instanceof DuplicateActivityError) return apiError(409, error.message);
    throw error;
  }
}
