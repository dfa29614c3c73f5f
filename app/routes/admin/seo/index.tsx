// /admin/seo — the SEO tab (spec/admin.md §2): the global templates form and its preview. Saving writes the
// settings in one transaction; public pages read them on their next request (reference-cache.server.ts).
import type { Route } from "./+types/index";
import { requireAdmin } from "~/auth/session.server";
import { getSeoSettingsForm, saveSeoSettings } from "~/data/seo.server";
import { adminPageTitle } from "~/domain/admin-user";
import { ADMIN_SEO_PATH, SEO_SAVED_TOAST, SeoSettingsSchema } from "~/domain/seo-form";
import { env } from "~/env.server";
import { done, invalid, readSubmission } from "../form-action.server";
import { SeoForm } from "./SeoForm";

export function meta() {
  return [{ title: adminPageTitle("SEO") }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { stored: await getSeoSettingsForm(), brand: env().BRAND_NAME };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const submission = await readSubmission(request, SeoSettingsSchema);
  if (submission.status !== "success") return invalid(submission);
  await saveSeoSettings(submission.value);
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
      <SeoForm stored={loaderData.stored} brand={loaderData.brand} lastResult={actionData?.result} />
    </section>
  );
}
