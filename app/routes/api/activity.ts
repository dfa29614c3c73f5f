// /api/activities/:id — PUT updates (only the fields sent change), DELETE removes (admin §7).
// (GET, the public read, lives beside it.)
import type { Route } from "./+types/activity";
import { requireAdminApi } from "~/auth/session.server";
import {
  deleteActivity,
  DuplicateActivityError,
  getActivityRow,
  toPublicActivity,
  updateActivity,
} from "~/data/activities.server";
import { activityData, activityFormValues, apiBodyValues, fieldErrors } from "~/domain/activity-form";
import { activityIdParam, apiActivitySchema, apiError, jsonBody, validationError } from "./activity-api.server";

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return apiError(405, "Method not allowed");
  await requireAdminApi(request);
  const id = activityIdParam(params.id);
  const stored = id ? await getActivityRow(id) : null;
  if (!id || !stored) return apiError(404, "Activity not found.");

  if (request.method === "DELETE") {
    if (!(await deleteActivity(id))) return apiError(404, "Activity not found.");
    return Response.json({ id, deleted: true });
  }

  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const current = activityFormValues({ ...stored, tags: stored.tags.map((t) => t.tag.name) });
  const parsed = (await apiActivitySchema()).safeParse(apiBodyValues(body, current));
  if (!parsed.success) return validationError(fieldErrors(parsed.error));
  try {
    const updated = await updateActivity(id, activityData(parsed.data), parsed.data.tags);
    if (!updated) return apiError(404, "Activity not found.");
    return Response.json(toPublicActivity(updated));
  } catch (error) {
    if (error instanceof DuplicateActivityError) return apiError(409, error.message);
    throw error;
  }
}
