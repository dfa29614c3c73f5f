// POST /admin/logout (the header's Logout form) ends the session and goes to /; with `scope=everywhere` (the
// header's 'Sign out everywhere') it ends every session of the administrator, on every device.
import type { Route } from "./+types/logout";
import { signOut } from "~/auth/session.server";
import { readFormInput } from "~/http/input.server";

export async function action({ request }: Route.ActionArgs) {
  // Whatever the body, the session ends (admin §4: on success or failure).
  const form = await readFormInput(request).catch(() => null);
  return signOut(request, "/", { everywhere: form?.get("scope") === "everywhere" });
}
