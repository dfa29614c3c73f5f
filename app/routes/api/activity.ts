// /api/activities/:id — GET the activity in the documented shape ('Activity not found' on failure);
// PUT updates (only the fields sent change) and DELETE removes it (admin §7).
import type { Route } from "./+types/activity";
import { PUBLIC_API_CACHE } from "~/domain/cache";
import { requireAdminApi } from "~/auth/session.server";
import {
  activityChoices,
  deleteActivity,
  getActivityRow,
  schemaChoices,
  tagNamesOf,
  toPublicActivity,
  updateActivity,
} from "~/data/activities.server";
import { activityFormValues, activitySchema, apiBodyValues } from "~/domain/activity-form";
import { parseIdParam } from "~/domain/form-values";
import { allowMethods, jsonError, parseBody, readJson, refusalResponse } from "./responses.server";

const NOT_FOUND = "Activity not found.";

export const middleware = allowMethods("GET", "PUT", "DELETE");

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseIdParam(params.id);
  if (id === null) return jsonError(400, "Invalid activity id");
  const row = await getActivityRow(id);
  if (!row) return jsonError(404, "Activity not found");
  return Response.json(toPublicActivity(row), { headers: { "Cache-Control": PUBLIC_API_CACHE } });
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminApi(request);
  const id = parseIdParam(params.id);
  if (id === null) return jsonError(404, NOT_FOUND);

  if (request.method === "DELETE") {
    const outcome = await deleteActivity(id);
    return outcome.ok ? Response.json({ id, deleted: true }) : refusalResponse(outcome, NOT_FOUND);
  }

  const stored = await getActivityRow(id);
  if (!stored) return jsonError(404, NOT_FOUND);
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const current = activityFormValues({ ...stored, tags: tagNamesOf(stored) });
  const schema = activitySchema(schemaChoices(await activityChoices()));
  const input = parseBody(schema, apiBodyValues(json.body, current));
  if (!input.ok) return input.response;
  const outcome = await updateActivity(id, input.value);
  return outcome.ok ? Response.json(toPublicActivity(outcome.value)) : refusalResponse(outcome, NOT_FOUND);
}
