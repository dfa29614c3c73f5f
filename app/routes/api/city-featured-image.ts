// POST /api/cities/:id/featured-image — Fetch Image (admin §7): the stock photo service's best photo of the city
// becomes its featured image, with the photographer's credit; answers the city.
import type { Route } from "./+types/city-featured-image";
import { requireAdminApi } from "~/auth/session.server";
import { toPublicCity } from "~/data/cities.server";
import { fetchCityImage } from "~/workflows/city-images.server";
import { allowMethods, outcomeResponse } from "./responses.server";

export const middleware = allowMethods("POST");

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminApi(request);
  return outcomeResponse(await fetchCityImage(params.id), "City not found", 200, toPublicCity);
}
