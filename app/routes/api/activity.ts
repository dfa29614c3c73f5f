// /api/activities/:id — GET the activity in the documented shape ('Activity not found' on failure), its version as
// the ETag; PUT updates (only the fields sent change) and DELETE removes it (admin §7). With If-Match, PUT and DELETE
// happen only at that version, else 412 (docs/decisions/015-row-versions.md).
import type { Route } from "./+types/activity";
import { PUBLIC_API_CACHE } from "~/domain/http/cache";
import { requireAdminApi } from "~/auth/session.server";
import { activityChoices, schemaChoices } from "~/data/activities/admin-list.server";
import { activityStamp, getActivityRow, tagNamesOf, toPublicActivity } from "~/data/activities/rows.server";
import { deleteActivity, updateActivity } from "~/data/activities/writes.server";
import { activityFormValues, activitySchema, apiBodyValues } from "~/domain/activities/activity-form";
import { parseIdParam } from "~/domain/form-values";
import {
  allowMethods,
  apiWriter,
  jsonError,
  parseBody,
  readJson,
  refusalResponse,
  versionHeaders,
} from "./responses.server";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

const NOT_FOUND = "Activity not found.";

export const middleware = [...allowMethods("GET", "PUT", "DELETE"), ...searchParams(NO_SEARCH_PARAMS)];

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseIdParam(params.id);
  if (id === null) return jsonError(400, "Invalid activity id");
  const row = await getActivityRow(id);
  if (!row) return jsonError(404, "Activity not found");
  return Response.json(toPublicActivity(row), {
    headers: versionHeaders(row.version, { "Cache-Control": PUBLIC_API_CACHE }),
  });
}

/** How many times a PUT without If-Match lays its fields over the stored row again after another write came first. */
const MERGE_ATTEMPTS = 3;

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminApi(request);
  const id = parseIdParam(params.id);
  if (id === null) return jsonError(404, NOT_FOUND);
  const guard = await apiWriter(request, admin.email, "activity", () => activityStamp(id));
  if (!guard.ok) return guard.response;

  if (request.method === "DELETE") {
    const outcome = await deleteActivity(id, guard.writer);
    return outcome.ok ? Response.json({ id, deleted: true }) : refusalResponse(outcome, NOT_FOUND);
  }

  const json = await readJson(request);
  if (!json.ok) return json.response;
  const schema = activitySchema(schemaChoices(await activityChoices()));
  // The fields sent are laid over the row as read, and written only at the version read: a write in between
  // would otherwise be undone in the fields this request did not send. With If-Match, that is the version named
  // (412 when it moved); without, the request is laid over the newer row again.
  for (let attempt = 1; ; attempt++) {
    const stored = await getActivityRow(id);
    if (!stored) return jsonError(404, NOT_FOUND);
    const current = activityFormValues({ ...stored, tags: tagNamesOf(stored) });
    const input = parseBody(schema, apiBodyValues(json.body, current));
    if (!input.ok) return input.response;
    const version = typeof guard.writer.version === "number" ? guard.writer.version : stored.version;
    const outcome = await updateActivity(id, input.value, undefined, { by: admin.email, version });
    if (outcome.ok) {
      return Response.json(toPublicActivity(outcome.value), { headers: versionHeaders(outcome.value.version) });
    }
    const retry = outcome.reason === "stale" && typeof guard.writer.version !== "number" && attempt < MERGE_ATTEMPTS;
    if (!retry) return refusalResponse(outcome, NOT_FOUND);
  }
}
