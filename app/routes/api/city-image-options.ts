// GET /api/cities/:id/image-options — Browse Images (admin §7): { photos } to choose from (empty when none).
import type { Route } from "./+types/city-image-options";
import { requireAdminApi } from "~/auth/session.server";
import { PRIVATE_NO_STORE } from "~/domain/http/cache";
import { cityImageOptions } from "~/workflows/city-images.server";
import { allowMethods, refusalResponse } from "./responses.server";

export const middleware = allowMethods("GET");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminApi(request);
  const outcome = await cityImageOptions(params.id);
  if (!outcome.ok) return refusalResponse(outcome, "City not found");
  return Response.json({ photos: outcome.value.photos }, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}
