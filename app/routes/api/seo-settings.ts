// /api/seo-settings — GET: the SEO templates (defaultMapPinUrl included), empty templates read as the defaults.
// PUT (admin §7): the SEO tab's fields from a JSON client, checked by the tab's own schema (admin §5 "Other forms").
import { requireAdminApi } from "~/auth/session.server";
import { getSeoTemplates, saveSeoSettings, seoSettingsStamps } from "~/data/seo.server";
import { MINUTE_S, publicCacheControl } from "~/domain/http/cache";
import { SeoSettingsSchema } from "~/domain/seo/seo-form";
import type { Route } from "./+types/seo-settings";
import { allowMethods, apiWriter, parseBody, readJson, refusalResponse, versionHeaders } from "./responses.server";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const middleware = [...allowMethods("GET", "PUT"), ...searchParams(NO_SEARCH_PARAMS)];

export async function loader() {
  const [templates, { seo }] = await Promise.all([getSeoTemplates(), seoSettingsStamps()]);
  const cache = { "Cache-Control": publicCacheControl(5 * MINUTE_S) };
  // The ETag is the settings row's version (docs/decisions/015-row-versions.md): PUT with If-Match writes only at it.
  return Response.json(templates, { headers: seo ? versionHeaders(seo.version, cache) : cache });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminApi(request);
  const guard = await apiWriter(request, admin.email, "seo", async () => (await seoSettingsStamps()).seo);
  if (!guard.ok) return guard.response;
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const input = parseBody(SeoSettingsSchema, json.body);
  if (!input.ok) return input.response;
  const outcome = await saveSeoSettings(input.value, undefined, guard.writer);
  return outcome.ok ? Response.json(outcome.value) : refusalResponse(outcome, "SEO settings not found");
}
