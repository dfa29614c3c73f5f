// GET /api/activities and GET /api/activities?cityId={id}: an array of activities in the documented shape.
// Never a whole table: `limit` (default 100, at most 1000) and `offset` page through it in id order, and
// X-Total-Count says how many there are in all.
// POST /api/activities creates an activity (admin §7).
import { z } from "zod";
import type { Route } from "./+types/activities";
import { MINUTE_S, publicCacheControl } from "~/domain/cache";
import { requireAdminApi } from "~/auth/session.server";
import {
  createActivity,
  DuplicateActivityError,
  listPublicActivities,
  toPublicActivity,
} from "~/data/activities.server";
import { activityData, fieldErrors, newActivityApiValues } from "~/domain/activity-form";
import { apiActivitySchema, apiError, jsonBody, validationError } from "./activity-api.server";
import { allowMethods } from "./responses.server";

export const middleware = allowMethods("GET", "POST");

export const ACTIVITIES_DEFAULT_LIMIT = 100;
export const ACTIVITIES_MAX_LIMIT = 1000;

const query = z.object({
  cityId: z.string().trim().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(ACTIVITIES_MAX_LIMIT).default(ACTIVITIES_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});

export async function loader({ request }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = query.safeParse(params);
  if (!parsed.success) {
    return Response.json(
      { error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") },
      { status: 400 },
    );
  }
  const { activities, total } = await listPublicActivities(parsed.data);
  return Response.json(activities, {
    headers: { "Cache-Control": publicCacheControl(10 * MINUTE_S), "X-Total-Count": String(total) },
  });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const parsed = (await apiActivitySchema()).safeParse(newActivityApiValues(body));
  if (!parsed.success) return validationError(fieldErrors(parsed.error));
  try {
    const created = await createActivity(activityData(parsed.data), parsed.data.tags);
    return Response.json(toPublicActivity(created), { status: 201 });
  } catch (error) {
    if (error instanceof DuplicateActivityError) return apiError(409, error.message);
    throw error;
  }
}
