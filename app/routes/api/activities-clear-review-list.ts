// POST /api/activities/clear-review-list — { activityIds }: they leave the review list without a note.
import type { Route } from "./+types/activities-clear-review-list";
import { requireAdminApi } from "~/auth/session.server";
import { clearReviewList } from "~/data/validations.server";
import { allowMethods, writeForActivityIds } from "./responses.server";

export const middleware = allowMethods("POST");

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  return writeForActivityIds(request, async (ids) => ({ clearedCount: await clearReviewList(ids) }));
}
