// POST /api/activities/clear-review-list — { activityIds }: they leave the review list without a note.
import { z } from "zod";
import type { Route } from "./+types/activities-clear-review-list";
import { requireAdminApi } from "~/auth/session.server";
import { clearReviewList } from "~/data/validations.server";
import { activityIdsSchema } from "~/domain/activities/activity-form";
import { allowMethods, writeFromJson } from "./responses.server";

export const middleware = allowMethods("POST");

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  return writeFromJson(
    request,
    z.object({ activityIds: activityIdsSchema }),
    async ({ activityIds }) => ({ ok: true, value: { clearedCount: await clearReviewList(activityIds) } }),
    { notFound: "Activity not found." },
  );
}
