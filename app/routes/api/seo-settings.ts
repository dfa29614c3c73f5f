// /api/seo-settings — GET: the SEO templates (defaultMapPinUrl included), empty templates read as the defaults.
// PUT (admin §7): the SEO tab's fields from a JSON client, checked by the tab's own schema (admin §5 "Other forms").
import { requireAdminApi } from "~/auth/session.server";
import { getSeoTemplates, saveSeoSettings } from "~/data/seo.server";
import { MINUTE_S, publicCacheControl } from "~/domain/cache";
import { SeoSettingsSchema } from "~/domain/seo-form";
import type { Route } from "./+types/seo-settings";
import { allowMethods, parseBody, readJson, refusalResponse } from "./responses.server";

export const middleware = allowMethods("GET", "PUT");

export async function loader() {
  return Response.json(await getSeoTemplates(), { headers: { "Cache-Control": publicCacheControl(5 * MINUTE_S) } });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const input = parseBody(SeoSettingsSchema, json.body);
  if (!input.ok) return input.response;
  const outcome = await saveSeoSettings(input.value);
  return outcome.ok ? Response.json(outcome.value) : refusalResponse(outcome, "SEO settings not found");
}
