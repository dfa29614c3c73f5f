// GET /api/validation/stats — admin §3 'Validation stats': totals, needs review, websites and phones by status.
import type { Route } from "./+types/validation-stats";
import { requireAdminApi } from "~/auth/session.server";
import { validationStats } from "~/data/validations.server";
import { PRIVATE_NO_STORE } from "~/domain/http/cache";
import { allowMethods } from "./responses.server";

export const middleware = allowMethods("GET");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminApi(request);
  return Response.json(await validationStats(), { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}
