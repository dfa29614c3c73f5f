// GET /api/activities/count — the number of activities, for the dashboard's total (admin §7).
import type { Route } from "./+types/activities-count";
import { requireAdminApi } from "~/auth/session.server";
import { countAllActivities } from "~/data/activities/admin-list.server";
import { allowMethods } from "./responses.server";
import { PRIVATE_NO_STORE } from "~/domain/http/cache";

export const middleware = allowMethods("GET");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminApi(request);
  return Response.json({ count: await countAllActivities() }, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}
