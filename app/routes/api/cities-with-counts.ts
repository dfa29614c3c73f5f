// GET /api/cities-with-counts: every city with its activityCount, cached 10 minutes.
import { citiesWithCounts, toPublicCity } from "~/data/cities.server";
import { MINUTE_S, publicCacheControl } from "~/domain/http/cache";
import { allowMethods } from "./responses.server";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const middleware = [...allowMethods("GET"), ...searchParams(NO_SEARCH_PARAMS)];

export async function loader() {
  const cities = await citiesWithCounts();
  return Response.json(
    cities.map(({ activityCount, ...city }) => ({ ...toPublicCity(city), activityCount })),
    { headers: { "Cache-Control": publicCacheControl(10 * MINUTE_S) } },
  );
}
