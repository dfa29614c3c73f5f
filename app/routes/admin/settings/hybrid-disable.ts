// POST /admin/settings/hybrid-photos/disable — turns hybrid photos off (admin §4: disabling needs no
// confirmation); the Google photos already fetched stay. A GET is the Settings tab. The post carries the switch's
// version as the tab showed it: refused (nothing written) when someone else switched it meanwhile.
import { redirect } from "react-router";
import type { Route } from "./+types/hybrid-disable";
import { requireAdmin } from "~/auth/session.server";
import { redirectWithToast } from "~/auth/toast.server";
import { setHybridPhotosEnabled } from "~/data/photo-settings.server";
import { PHOTO_ENHANCEMENT_TOASTS } from "~/domain/places/places";
import { postedVersion } from "~/domain/admin/row-version";
import { readForm } from "../form-action.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect("/admin/settings");
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const version = postedVersion((await readForm(request)).get("version"));
  const outcome = await setHybridPhotosEnabled(false, { by: admin.email, version });
  if (!outcome.ok) {
    return redirectWithToast(request, "/admin/settings", {
      title: "Not saved",
      description: outcome.message,
      variant: "destructive",
    });
  }
  return redirectWithToast(request, "/admin/settings", PHOTO_ENHANCEMENT_TOASTS.disabled);
}
