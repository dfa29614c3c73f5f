// /api/activities/:id — GET the activity in the documented shape ('Activity not found' on failure);
// PUT updates (only the fields sent change) and DELETE removes it (admin §7).
import { z } from "zod";
import type { Route } from "./+types/activity";
import { PUBLIC_API_CACHE } from "~/domain/cache";
import { requireAdminApi } from "~/auth/session.server";
import {
  deleteActivity,
  DuplicateActivityError,
  getActivityRow,
  toPublicActivity,
  updateActivity,
} from "~/data/activities.server";
import { activityData, activityFormValues, apiBodyValues, fieldErrors } from "~/domain/activity-form";
import { parseIdParam } from "~/domain/form-values";
import { apiActivitySchema, apiError, jsonBody, validationError } from "./activity-api.server";
import { allowMethods } from "./responses.server";

const idParam = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));

export const middleware = allowMethods("GET", "PUT", "DELETE");

export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam.safeParse(params.id);
  if (!id.success) return Response.json({ message: "Invalid activity id" }, { status: 400 });
  const row = await getActivityRow(id.data);
  if (!row) return Response.json({ message: "Activity not found" }, { status: 404 });
  return Response.json(toPublicActivity(row), { headers: { "Cache-Control": PUBLIC_API_CACHE } });
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminApi(request);
  const id = parseIdParam(params.id);
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
