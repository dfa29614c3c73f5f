// GET /api/cities: every city (about 60), cached 30 minutes.
// /api/cities — POST creates a city (admin API, spec/admin.md §7 "Cities").
import { listCities, toPublicCity, createCity } from "~/data/cities.server";
import { MINUTE_S, publicCacheControl } from "~/domain/http/cache";
import type { Route } from "./+types/cities";
import { CitySchema } from "~/domain/taxonomy/city-form";
import { allowMethods, createFromJson } from "./responses.server";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const middleware = [...allowMethods("GET", "POST"), ...searchParams(NO_SEARCH_PARAMS)];

export async function loader() {
  const cities = await listCities();
  return Response.json(cities.map(toPublicCity), { headers: { "Cache-Control": publicCacheControl(30 * MINUTE_S) } });
}

export async function action({ request }: Route.ActionArgs) {
  return createFromJson(request, CitySchema, createCity, { notFound: "City not found", shape: toPublicCity });
}
