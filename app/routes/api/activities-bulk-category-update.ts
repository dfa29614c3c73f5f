// POST /api/activities/bulk-category-update — { activityIds, categoryName } → { updatedCount } (admin §7).
import type { Route } from "./+types/activities-bulk-category-update";
import { requireAdminApi } from "~/auth/session.server";
import { activityFormChoices, updateActivitiesCategory } from "~/data/activities.server";
import { bulkCategorySchema, fieldErrors } from "~/domain/activity-form";
import { jsonBody, validationError } from "./activity-api.server";
import { allowMethods } from "./responses.server";

export const middleware = allowMethods("POST");

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const { categories } = await activityFormChoices();
  const parsed = bulkCategorySchema(categories).safeParse(body);
  if (!parsed.success) return validationError(fieldErrors(parsed.error));
  const updatedCount = await updateActivitiesCategory(parsed.data.activityIds, parsed.data.categoryName);
  return Response.json({ updatedCount });
}
