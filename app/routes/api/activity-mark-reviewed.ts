// POST /api/activities/:id/mark-reviewed — { reviewedBy, notes }: the activity leaves the review list; the review
// is recorded under the fixed reviewer label whatever reviewedBy says (admin §6).
import { z } from "zod";
import type { Route } from "./+types/activity-mark-reviewed";
import { requireAdminApi } from "~/auth/session.server";
import { markReviewed } from "~/data/validations.server";
import { parseIdParam } from "~/domain/form-values";
import { REVIEW_NOTES_MAX } from "~/domain/data-quality/validation";
import { allowMethods, jsonError, writeFromJson } from "./responses.server";

export const middleware = allowMethods("POST");

const NOT_FOUND = "Activity not found.";

const body = z.object({
  reviewedBy: z.string().max(200).optional(),
  notes: z.string().trim().max(REVIEW_NOTES_MAX).default(""),
});

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminApi(request);
  const id = parseIdParam(params.id);
  if (id === null) return jsonError(404, NOT_FOUND);
  return writeFromJson(request, body, (input) => markReviewed(id, input.notes), { notFound: NOT_FOUND });
}
