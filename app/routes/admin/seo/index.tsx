// /admin/seo — the SEO tab (spec/admin.md §2): the global templates form and its preview. Saving writes the
// settings in one transaction; public pages read them on their next request (reference-cache.server.ts).
import type { Route } from "./+types/index";
import { requireAdmin } from "~/auth/session.server";
import { getSeoSettingsForm, saveSeoSettings, seoSettingsStamps } from "~/data/seo.server";
import { adminPageTitle } from "~/domain/admin/admin-user";
import { ADMIN_SEO_PATH, SEO_SAVED_TOAST, SeoSettingsSchema } from "~/domain/seo/seo-form";
import { env } from "~/env.server";
import type { FormValues } from "~/domain/admin/row-version";
import { conflicted, done, invalid, readVersionedSubmission, refused, versionedWrite } from "../form-action.server";
import { SeoForm } from "./SeoForm";

export function meta() {
  return [{ title: adminPageTitle("SEO") }];
}

/**
 * The tab's fields as stored, with the settings row's version. The tab's script boxes (the general ones) are written
 * only by this tab, which always writes the settings row too: its version guards them as well.
 */
async function seoFormState() {
  const [values, { seo }] = await Promise.all([getSeoSettingsForm(), seoSettingsStamps()]);
  return { version: seo?.version ?? null, values };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const state = await seoFormState();
  return { stored: state.values, brand: env().BRAND_NAME, versioned: { version: state.version, opened: state.values } };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const { submission, versioned } = await readVersionedSubmission(request, SeoSettingsSchema);
  if (submission.status !== "success") return invalid(submission, versioned);
  const input = submission.value;
  const written = await versionedWrite({
    versioned,
    mine: submission.payload as FormValues,
    write: (version) => saveSeoSettings(input, undefined, { by: admin.email, version }),
    current: async () => {
      const state = await seoFormState();
      return state.version === null ? null : { version: state.version, values: state.values };
    },
  });
  if ("conflict" in written) return conflicted(submission, written.conflict);
  if (!written.outcome.ok) {
    if (written.outcome.reason === "not-found") return done(request, ADMIN_SEO_PATH, SEO_SAVED_TOAST);
    return refused(submission, written.outcome);
  }
  return done(request, ADMIN_SEO_PATH, SEO_SAVED_TOAST);
}

export default function SeoTab({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="seo-heading">
      <h1 id="seo-heading" className="text-2xl font-bold">
        SEO Settings
      </h1>
      <p className="mt-1 text-sm text-gray-700">
        Titles, descriptions and headings of the city, activity, category and tag pages, and the default images.
      </p>
      <SeoForm
        stored={loaderData.stored}
        brand={loaderData.brand}
        lastResult={actionData?.result}
        versioned={actionData?.versioned ?? loaderData.versioned}
      />
    </section>
  );
}
