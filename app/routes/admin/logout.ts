// POST /admin/logout (the header's Logout form) ends the session and goes to /.
import type { Route } from "./+types/logout";
import { signOut } from "~/auth/session.server";

export async function action({ request }: Route.ActionArgs) {
  return signOut(request, "/");
}
