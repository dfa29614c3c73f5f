// /admin/settings/hybrid-photos/enable — the cost warning before hybrid photos are turned on (admin §2 'Settings
// tab', §4 'Enabling needs a confirmation', §9 'about $0.096 per activity per year'): the rate and the yearly total
// for the activities there are; Confirm turns the toggle on. Refused without a Google Places key.
import type { Route } from "./+types/hybrid-enable";
import { requireAdmin } from "~/auth/session.server";
import { redirectWithToast } from "~/auth/toast.server";
import { ConfirmDialog, RefusedDialog } from "~/components/ConfirmDialog";
import { countAllActivities } from "~/data/activities/admin-list.server";
import { photoSettingsState, setHybridPhotosEnabled } from "~/data/photo-settings.server";
import { postedVersion } from "~/domain/admin/row-version";
import { readForm } from "../form-action.server";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { hybridCostSummary, PHOTO_ENHANCEMENT_TOASTS, PLACES_NOT_CONFIGURED_MESSAGE } from "~/domain/places/places";
import { placesConfig } from "~/services/google-places.server";

const SETTINGS = "/admin/settings";
const ALREADY_ENABLED = "Hybrid photos are already enabled.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [count, settings] = await Promise.all([countAllActivities(), photoSettingsState()]);
  const refusal = !placesConfig() ? PLACES_NOT_CONFIGURED_MESSAGE : settings.enabled ? ALREADY_ENABLED : null;
  return { refusal, summary: hybridCostSummary(count), version: settings.stamp?.version ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  if (!placesConfig()) {
    return redirectWithToast(request, SETTINGS, {
      title: "Error",
      description: PLACES_NOT_CONFIGURED_MESSAGE,
      variant: "destructive",
    });
  }
  // The confirmation carries the switch's version: refused (nothing written) when someone else switched it meanwhile.
  const version = postedVersion((await readForm(request)).get("version"));
  const outcome = await setHybridPhotosEnabled(true, { by: admin.email, version });
  if (!outcome.ok) {
    return redirectWithToast(request, SETTINGS, {
      title: "Not saved",
      description: outcome.message,
      variant: "destructive",
    });
  }
  return redirectWithToast(request, SETTINGS, PHOTO_ENHANCEMENT_TOASTS.enabled);
}

export function meta() {
  return [{ title: adminPageTitle("Enable Hybrid Photos") }];
}

export default function EnableHybridPhotos({ loaderData }: Route.ComponentProps) {
  const { refusal, summary, version } = loaderData;
  if (refusal) {
    return (
      <RefusedDialog title="Enable Hybrid Photos" closeTo={SETTINGS} message={refusal} backLabel="Back to settings" />
    );
  }
  return (
    <ConfirmDialog
      title="Enable Hybrid Photos?"
      closeTo={SETTINGS}
      confirmLabel="Confirm"
      danger={false}
      fields={version === null ? [] : [["version", String(version)]]}
    >
      <p className="font-medium">{summary}</p>
      <p className="mt-3 text-sm text-gray-700">
        Each activity keeps its own photo; its Google photos are fetched beside it and billed to the configured Google
        Places key. Test Single Activity becomes available; you can disable hybrid photos at any time.
      </p>
    </ConfirmDialog>
  );
}
