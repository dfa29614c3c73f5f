// POST /admin/logout (the header's Logout form) ends the session and goes to /; with `scope=everywhere` (the
// header's 'Sign out everywhere') it ends every session of the administrator, on every device.
import type { Route } from "./+types/logout";
import { signOut } from "~/auth/session.server";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  return signOut(request, "/", { everywhere: form?.get("scope") === "everywhere" });
}
