// GET /api/activities/by-slug/{cityId}/{activitySlug} — one activity; 404 JSON when there is none.
import type { Route } from "./+types/activity-by-slug";
import { getActivityBySlug, toPublicActivity } from "~/data/activities/rows.server";
import { PUBLIC_API_CACHE } from "~/domain/http/cache";
import { allowMethods } from "./responses.server";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const middleware = [...allowMethods("GET"), ...searchParams(NO_SEARCH_PARAMS)];

export async function loader({ params }: Route.LoaderArgs) {
  const row = await getActivityBySlug(params.cityId.toLowerCase(), params.activitySlug.toLowerCase());
  if (!row) return Response.json({ message: "Activity not found" }, { status: 404 });
  return Response.json(toPublicActivity(row), { headers: { "Cache-Control": PUBLIC_API_CACHE } });
}
