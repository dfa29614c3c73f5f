// /api/cities/:id — PUT replaces a city (every field, showPhotos 1 or 0; the City ID stays), DELETE removes
// one that has no activities.
import { requireAdminApi } from "~/auth/session.server";
import type { Route } from "./+types/city";
import { deleteCity, toPublicCity, updateCity } from "~/data/cities.server";
import { CityUpdateSchema } from "~/domain/city-form";
import { allowMethods, jsonError, outcomeResponse, parseBody, readJson } from "./responses.server";

const NOT_FOUND = "City not found";

export const middleware = allowMethods("PUT", "DELETE");

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminApi(request);
  if (request.method === "DELETE") {
    return outcomeResponse(await deleteCity(params.id), NOT_FOUND, 200, toPublicCity);
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
  return outcomeResponse(await updateCity(params.id, input.value), NOT_FOUND, 200, toPublicCity);
}
