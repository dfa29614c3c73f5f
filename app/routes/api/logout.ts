// GET /api/logout — ends the session and goes to / (admin §7). The header's Logout is a POST to /admin/logout;
// this GET exists because the spec names it.
import type { Route } from "./+types/logout";
import { signOut } from "~/auth/session.server";
import { allowMethods } from "./responses.server";

export const middleware = allowMethods("GET");

export async function loader({ request }: Route.LoaderArgs) {
  return signOut(request, "/");
}
