// GET /api/activities/unvalidated?type=website — what a validation type has yet to check (admin §7, polled while
// a run goes on): the next batch's ids and how many are left. The type defaults to 'free'.
import { z } from "zod";
import type { Route } from "./+types/activities-unvalidated";
import { requireAdminApi } from "~/auth/session.server";
import { unvalidatedActivities } from "~/data/validations.server";
import { PRIVATE_NO_STORE } from "~/domain/http/cache";
import { batchLimit, VALIDATION_TYPES } from "~/domain/data-quality/validation";
import { allowMethods, parseQuery } from "./responses.server";

export const middleware = allowMethods("GET");

const query = z.object({ type: z.enum(VALIDATION_TYPES).default("free") });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminApi(request);
  const input = parseQuery(query, request.url);
  if (!input.ok) return input.response;
  const { ids, total } = await unvalidatedActivities(input.value.type, batchLimit(input.value.type));
  return Response.json(
    { type: input.value.type, activityIds: ids, total },
    { headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}
