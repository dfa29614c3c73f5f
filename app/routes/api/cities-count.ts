// GET /api/cities/count — { count } for the Cities tab's total banner.
import { requireAdminApi } from "~/auth/session.server";
import type { Route } from "./+types/cities-count";
import { countCities } from "~/data/cities.server";
import { allowMethods } from "./responses.server";
import { PRIVATE_NO_STORE } from "~/domain/http/cache";

export const middleware = allowMethods("GET");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminApi(request);
  return Response.json({ count: await countCities() }, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}
