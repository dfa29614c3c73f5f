// GET /api/cities: every city (about 60), cached 30 minutes.
import { listCities, toPublicCity } from "~/data/cities.server";
import { MINUTE_S, publicCacheControl } from "~/domain/cache";

export async function loader() {
  const cities = await listCities();
  return Response.json(cities.map(toPublicCity), { headers: { "Cache-Control": publicCacheControl(30 * MINUTE_S) } });
}
