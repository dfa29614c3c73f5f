// GET /api/seo-settings: the SEO templates (defaultMapPinUrl included); empty templates read as the defaults.
import { getSeoTemplates } from "~/data/seo.server";
import { MINUTE_S, publicCacheControl } from "~/domain/cache";
import { allowMethods } from "./responses.server";

export const middleware = allowMethods("GET");

export async function loader() {
  return Response.json(await getSeoTemplates(), { headers: { "Cache-Control": publicCacheControl(5 * MINUTE_S) } });
}
