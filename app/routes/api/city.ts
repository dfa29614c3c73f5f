// /api/cities/:id — GET one city (its version as the ETag); PUT replaces a city (every field, showPhotos 1 or 0; the
// City ID stays), DELETE removes one that has no activities; with If-Match only at that version (else 412).
import { requireAdminApi } from "~/auth/session.server";
import type { Route } from "./+types/city";
import { cityStamp, deleteCity, getCity, toPublicCity, updateCity } from "~/data/cities.server";
import { PRIVATE_NO_STORE } from "~/domain/http/cache";
import { CityUpdateSchema } from "~/domain/taxonomy/city-form";
import {
  allowMethods,
  apiWriter,
  jsonError,
  outcomeResponse,
  parseBody,
  readJson,
  versionHeaders,
} from "./responses.server";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

const NOT_FOUND = "City not found";

export const middleware = [...allowMethods("GET", "PUT", "DELETE"), ...searchParams(NO_SEARCH_PARAMS)];

export async function loader({ params }: Route.LoaderArgs) {
  const city = await getCity(params.id);
  if (!city) return jsonError(404, NOT_FOUND);
  return Response.json(toPublicCity(city), {
    headers: versionHeaders(city.version, { "Cache-Control": PRIVATE_NO_STORE }),
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminApi(request);
  const guard = await apiWriter(request, admin.email, "city", () => cityStamp(params.id));
  if (!guard.ok) return guard.response;
  if (request.method === "DELETE") {
    return outcomeResponse(await deleteCity(params.id, guard.writer), NOT_FOUND, 200, toPublicCity);
  }
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const body = json.body as { id?: unknown } | null;
  if (body && typeof body === "object" && body.id !== undefined && body.id !== params.id) {
    const message = "City ID cannot be changed after creation";
    return jsonError(400, message, { id: [message] });
  }
  const input = parseBody(CityUpdateSchema, json.body);
  if (!input.ok) return input.response;
  return outcomeResponse(await updateCity(params.id, input.value, guard.writer), NOT_FOUND, 200, toPublicCity);
}
