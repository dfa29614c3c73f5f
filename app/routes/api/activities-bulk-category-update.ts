// POST /api/activities/bulk-category-update — { activityIds, categoryName } → { updatedCount } (admin §7).
import type { Route } from "./+types/activities-bulk-category-update";
import { requireAdminApi } from "~/auth/session.server";
import { activityFormChoices, updateActivitiesCategory } from "~/data/activities.server";
import { bulkCategorySchema, fieldErrors } from "~/domain/activity-form";
import { apiError, jsonBody, validationError } from "./activity-api.server";

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "Method not allowed");
  await requireAdminApi(request);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const { categories } = await activityFormChoices();
  const parsed = bulkCategorySchema(categories).safeParse(body);
  if (!parsed.success) return validationError(fieldErrors(parsed.error));
  const updatedCount = await updateActivitiesCategory(parsed.data.activityIds, parsed.data.categoryName);
  return Response.json({ updatedCount });
}
