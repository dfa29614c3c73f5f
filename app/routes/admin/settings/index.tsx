// /admin/settings — the Settings tab (spec/admin.md §2): the Photo Enhancement System, the Google Places
// Integration panel, Script Management and the brand colour guide. The Photo Enhancement System's confirmations
// are child routes in the <Outlet/>: a dialog over the tab with JavaScript, a page of their own without.
import { Outlet, useOutlet } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/auth/session.server";
import { getScriptSettings, saveScripts, scriptSettingsStamp } from "~/data/scripts.server";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { SCRIPTS_SAVED_TOAST, ScriptsSchema, scriptEnvironment, scriptTabPath } from "~/domain/admin/scripts";
import type { FormValues } from "~/domain/admin/row-version";
import { conflicted, done, invalid, readVersionedSubmission, versionedWrite } from "../form-action.server";
import { BrandColourGuide } from "./BrandColourGuide";
import { googlePlacesPanelData } from "./google-places-panel.server";
import { useHydrated } from "~/components/hydrated";
import { photoEnhancementData } from "./photo-enhancement.server";
import { GooglePlacesPanel, PhotoEnhancementSystem } from "./PhotoEnhancement";
import { ScriptManagement } from "./ScriptManagement";
import { RatingRefreshPanel } from "./RatingRefresh";
import { ratingRefreshAction } from "./rating-refresh-action.server";
import { ratingRefreshPanelData } from "./rating-refresh.server";

export function meta() {
  return [{ title: adminPageTitle("Settings") }];
}

function activeTab(request: Request) {
  return scriptEnvironment(new URL(request.url).searchParams.get("scripts"));
}

/** Script Management's four boxes as stored, with the script row's version. */
async function scriptsFormState() {
  const [{ prodHeadScripts, prodBodyScripts, devHeadScripts, devBodyScripts }, stamp] = await Promise.all([
    getScriptSettings(),
    scriptSettingsStamp(),
  ]);
  return {
    version: stamp?.version ?? null,
    values: { prodHeadScripts, prodBodyScripts, devHeadScripts, devBodyScripts },
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const scripts = await scriptsFormState();
  const googlePlaces = await googlePlacesPanelData();
  return {
    scripts: scripts.values,
    scriptsVersion: { version: scripts.version, opened: scripts.values },
    active: activeTab(request),
    photoEnhancement: await photoEnhancementData(googlePlaces.counts),
    googlePlaces,
    ratingRefresh: await ratingRefreshPanelData(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  // The Scheduled Rating Refresh panel's form (./RatingRefresh.tsx) posts here too.
  if (new URL(request.url).searchParams.get("form") === "rating-refresh") return ratingRefreshAction(request, admin);
  const { submission, versioned } = await readVersionedSubmission(request, ScriptsSchema);
  if (submission.status !== "success") return invalid(submission, versioned);
  const input = submission.value;
  const written = await versionedWrite({
    versioned,
    mine: submission.payload as FormValues,
    write: (version) => saveScripts(input, undefined, { by: admin.email, version }),
    current: async () => {
      const state = await scriptsFormState();
      return state.version === null ? null : { version: state.version, values: state.values };
    },
  });
  if ("conflict" in written) return conflicted(submission, written.conflict);
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
          <RatingRefreshPanel
            data={loaderData.ratingRefresh}
            reply={actionData && "ratingRefresh" in actionData ? actionData.ratingRefresh : undefined}
          />
          <ScriptManagement
            stored={loaderData.scripts}
            active={loaderData.active}
            lastResult={actionData && "result" in actionData ? actionData.result : undefined}
            versioned={
              (actionData && "versioned" in actionData ? actionData.versioned : undefined) ?? loaderData.scriptsVersion
            }
          />
          <BrandColourGuide />
        </section>
      )}
    </>
  );
}
