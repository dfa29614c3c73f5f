// POST /admin/settings/hybrid-photos/disable — turns hybrid photos off (admin §4: disabling needs no
// confirmation); the Google photos already fetched stay. A GET is the Settings tab.
import { redirect } from "react-router";
import type { Route } from "./+types/hybrid-disable";
import { redirectWithToast, requireAdmin } from "~/auth/session.server";
import { setHybridPhotosEnabled } from "~/data/photo-settings.server";
import { PHOTO_ENHANCEMENT_TOASTS } from "~/domain/places";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect("/admin/settings");
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  await setHybridPhotosEnabled(false);
  return redirectWithToast(request, "/admin/settings", PHOTO_ENHANCEMENT_TOASTS.disabled);
}
