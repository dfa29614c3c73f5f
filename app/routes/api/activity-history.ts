// GET /api/activities/:id/history — the activity's history entries, newest first, 50 a page (?page=): who, when,
// what, and each changed column's [old, new] (issue #24). Administrators only; a deleted activity keeps its history.
import type { Route } from "./+types/activity-history";
import { requireAdminApi } from "~/auth/session.server";
import { getActivityRow } from "~/data/activities/rows.server";
import { entityHistory } from "~/data/history.server";
import { parseIdParam } from "~/domain/form-values";
import { HISTORY_PAGE_SIZE, parseRecentChangesQuery } from "~/domain/admin/history";
import { allowMethods, jsonError } from "./responses.server";

export const middleware = allowMethods("GET");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminApi(request);
  const id = parseIdParam(params.id);
  if (id === null) return jsonError(404, "Activity not found.");
  const { page } = parseRecentChangesQuery(new URL(request.url).searchParams);
  const history = await entityHistory("activity", id, page);
  if (history.total === 0 && !(await getActivityRow(id))) return jsonError(404, "Activity not found.");
  return Response.json({
    entries: history.entries.map(({ id: entryId, at, actor, action, label, changes, batchId }) => ({
      id: entryId,
      at: at.toISOString(),
      actor,
      action,
      label,
      changes,
      batchId,
    })),
    total: history.total,
    page: history.page,
    pageSize: HISTORY_PAGE_SIZE,
  });
}
