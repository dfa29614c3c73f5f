// POST /api/activities/bulk-category-update — { activityIds, categoryName } → { updatedCount } (admin §7).
import type { Route } from "./+types/activities-bulk-category-update";
import { requireAdminApi } from "~/auth/session.server";
import { activityChoices } from "~/data/activities/admin-list.server";
import { updateActivitiesCategory } from "~/data/activities/bulk.server";
import { bulkCategorySchema } from "~/domain/activities/activity-form";
import { allowMethods, parseBody, readJson } from "./responses.server";

export const middleware = allowMethods("POST");

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminApi(request);
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const input = parseBody(bulkCategorySchema((await activityChoices()).categories), json.body);
  if (!input.ok) return input.response;
  return Response.json({
    updatedCount: await updateActivitiesCategory(input.value.activityIds, input.value.categoryName, admin.email),
  });
}
