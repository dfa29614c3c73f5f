// GET /api/cities/count — { count } for the Cities tab's total banner.
import type { Route } from "./+types/cities-count";
import { countCities } from "~/data/cities.server";
import { requireAdminJson } from "./responses.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminJson(request);
  return Response.json({ count: await countCities() }, { headers: { "Cache-Control": "private, no-store" } });
}
