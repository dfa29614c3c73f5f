// POST /api/activities/:id/restore — puts a deleted activity back from the trash with its tags and validation
// record (issue #24): 200 with the activity; 404 when it is not in the trash; 409 when it cannot come back (its
// address was taken, its city is gone).
import type { Route } from "./+types/activity-restore";
import { requireAdminApi } from "~/auth/session.server";
import { getActivityRow, toPublicActivity } from "~/data/activities/rows.server";
import { restoreFromTrash, trashedEntryOf } from "~/data/trash.server";
import { parseIdParam } from "~/domain/form-values";
import { allowMethods, jsonError } from "./responses.server";

export const middleware = allowMethods("POST");

const NOT_IN_TRASH = "No deleted activity with this id is in the trash.";

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminApi(request);
  const id = parseIdParam(params.id);
  const entryId = id === null ? null : await trashedEntryOf("activity", id);
  if (id === null || entryId === null) return jsonError(404, NOT_IN_TRASH);
  const outcome = await restoreFromTrash(entryId);
  if (!outcome.ok) {
    return outcome.reason === "not-found" ? jsonError(404, NOT_IN_TRASH) : jsonError(409, outcome.message);
  }
  const row = await getActivityRow(id);
  return Response.json(row ? toPublicActivity(row) : { id });
}
