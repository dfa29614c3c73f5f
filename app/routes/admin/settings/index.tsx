// /admin/settings — the Settings tab (spec/admin.md §2): the Photo Enhancement System, the Google Places
// Integration panel, Script Management and the brand colour guide. The Photo Enhancement System's confirmations
// are child routes in the <Outlet/>: a dialog over the tab with JavaScript, a page of their own without.
import { Outlet, useOutlet } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/auth/session.server";
import { getScriptSettings, saveScripts } from "~/data/scripts.server";
import { adminPageTitle } from "~/domain/admin-user";
import { SCRIPTS_SAVED_TOAST, ScriptsSchema, scriptEnvironment, scriptTabPath } from "~/domain/scripts";
import { done, invalid, readSubmission } from "../form-action.server";
import { BrandColourGuide } from "./BrandColourGuide";
import { googlePlacesPanelData } from "./google-places-panel.server";
import { useHydrated } from "~/components/hydrated";
import { photoEnhancementData } from "./photo-enhancement.server";
import { GooglePlacesPanel, PhotoEnhancementSystem } from "./PhotoEnhancement";
import { ScriptManagement } from "./ScriptManagement";

export function meta() {
  return [{ title: adminPageTitle("Settings") }];
}

function activeTab(request: Request) {
  return scriptEnvironment(new URL(request.url).searchParams.get("scripts"));
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { prodHeadScripts, prodBodyScripts, devHeadScripts, devBodyScripts } = await getScriptSettings();
  const googlePlaces = await googlePlacesPanelData();
  return {
    scripts: { prodHeadScripts, prodBodyScripts, devHeadScripts, devBodyScripts },
    active: activeTab(request),
    photoEnhancement: await photoEnhancementData(googlePlaces.counts),
    googlePlaces,
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const submission = await readSubmission(request, ScriptsSchema);
  if (submission.status !== "success") return invalid(submission);
  await saveScripts(submission.value);
  return done(request, scriptTabPath(activeTab(request)), SCRIPTS_SAVED_TOAST);
}

export default function SettingsTab({ loaderData, actionData }: Route.ComponentProps) {
  const outlet = useOutlet();
  const hydrated = useHydrated();
  return (
    <>
      <Outlet />
      {(!outlet || hydrated) && (
        <section aria-labelledby="settings-heading" className="space-y-6">
          <h1 id="settings-heading" className="text-2xl font-bold">
            Settings
          </h1>
          <PhotoEnhancementSystem data={loaderData.photoEnhancement} />
          <GooglePlacesPanel data={loaderData.googlePlaces} />
          <ScriptManagement stored={loaderData.scripts} active={loaderData.active} lastResult={actionData?.result} />
          <BrandColourGuide />
        </section>
      )}
    </>
  );
}
