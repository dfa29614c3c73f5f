// PATCH /api/activities/:id/selective-update (admin §7): `{ updates, selectedColumns }` changes only the selected
// columns, checked with the form's schema (domain/activities/activity-form.ts selectiveUpdate, the same the CSV import's
// updates use); an unknown column is a 400 naming it.
import type { Route } from "./+types/activity-selective-update";
import { requireAdminApi } from "~/auth/session.server";
import { activityChoices, schemaChoices } from "~/data/activities/admin-list.server";
import { activityStamp, getActivityRow, tagNamesOf, toPublicActivity } from "~/data/activities/rows.server";
import { updateActivitySelectively } from "~/data/activities/writes.server";
import { selectiveUpdate, selectiveUpdateBodySchema } from "~/domain/activities/activity-form";
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

const NOT_FOUND = "Activity not found.";

export const middleware = allowMethods("PATCH");

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminApi(request);
  const id = parseIdParam(params.id);
  if (id === null) return jsonError(404, NOT_FOUND);
  // With If-Match, only at that version (else 412); without, the chosen columns are written over whatever is there.
  const guard = await apiWriter(request, admin.email, "activity", () => activityStamp(id));
  if (!guard.ok) return guard.response;
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const body = parseBody(selectiveUpdateBodySchema, json.body, { nameFields: true });
  if (!body.ok) return body.response;
  const stored = await getActivityRow(id);
  if (!stored) return jsonError(404, NOT_FOUND);
  const { updates, selectedColumns } = body.value;
  const checked = selectiveUpdate(
    { ...stored, tags: tagNamesOf(stored) },
    updates,
    selectedColumns,
    schemaChoices(await activityChoices()),
  );
  if (!checked.ok) {
    const message = Object.values(checked.errors).flat().join("; ");
    return jsonError(400, message, checked.errors);
  }
  const outcome = await updateActivitySelectively(id, selectedColumns, checked.values, guard.writer);
  return outcome.ok
    ? Response.json(toPublicActivity(outcome.value), { headers: versionHeaders(outcome.value.version) })
    : refusalResponse(outcome, NOT_FOUND);
}
