// GET /api/activities and GET /api/activities?cityId={id}: an array of activities in the documented shape.
// Never a whole table: `limit` (default 100, at most 1000) and `offset` page through it in id order,
// X-Total-Count says how many there are in all, and RFC 8288 Link headers name the first, prev, next and last pages.
// POST /api/activities creates an activity (admin §7).
import { z } from "zod";
import type { Route } from "./+types/activities";
import { requireAdminApi } from "~/auth/session.server";
import { activityChoices, schemaChoices } from "~/data/activities/admin-list.server";
import { listPublicActivities, toPublicActivity } from "~/data/activities/rows.server";
import { createActivity } from "~/data/activities/writes.server";
import { activitySchema, newActivityApiValues } from "~/domain/activities/activity-form";
import { MINUTE_S, publicCacheControl } from "~/domain/http/cache";
import { pageLinks } from "~/domain/pages/pagination";
import { allowMethods, parseBody, parseQuery, readJson, refusalResponse, versionHeaders } from "./responses.server";
import { AS_SENT, onlyParams } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const middleware = [
  ...allowMethods("GET", "POST"),
  ...searchParams(onlyParams({ cityId: AS_SENT, limit: AS_SENT, offset: AS_SENT })),
];

export const ACTIVITIES_DEFAULT_LIMIT = 100;
export const ACTIVITIES_MAX_LIMIT = 1000;

const query = z.object({
  cityId: z.string().trim().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(ACTIVITIES_MAX_LIMIT).default(ACTIVITIES_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
});

export async function loader({ request }: Route.LoaderArgs) {
  const params = parseQuery(query, request.url);
  if (!params.ok) return params.response;
  const { activities, total } = await listPublicActivities(params.value);
  return Response.json(activities, {
    headers: {
      "Cache-Control": publicCacheControl(10 * MINUTE_S),
      "X-Total-Count": String(total),
      Link: pageLinks(new URL(request.url).pathname, params.value, { ...params.value, total }),
    },
  });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminApi(request);
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const schema = activitySchema(schemaChoices(await activityChoices()));
  const input = parseBody(schema, newActivityApiValues(json.body));
  if (!input.ok) return input.response;
  const outcome = await createActivity(input.value, undefined, { by: admin.email });
  if (!outcome.ok) return refusalResponse(outcome, "Activity not found.");
  return Response.json(toPublicActivity(outcome.value), {
    status: 201,
    headers: versionHeaders(outcome.value.version),
  });
}
