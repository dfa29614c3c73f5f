// GET /api/auth/user — the signed-in administrator, or 401 (admin §6: "authenticated means the auth-user call
// returns a user").
import type { Route } from "./+types/user";
import { requireAdminApi } from "~/auth/session.server";
import { allowMethods } from "../responses.server";
import { PRIVATE_NO_STORE } from "~/domain/http/cache";

export const middleware = allowMethods("GET");

export async function loader({ request }: Route.LoaderArgs) {
  const { email, name, picture } = await requireAdminApi(request);
  return Response.json({ email, name, picture }, { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}
