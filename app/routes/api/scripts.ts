// GET /api/scripts: headScripts and bodyScripts for this environment, cached 5 minutes.
import { getPageScripts } from "~/data/scripts.server";
import { MINUTE_S, publicCacheControl } from "~/domain/cache";
import { allowMethods } from "./responses.server";

export const middleware = allowMethods("GET");

export async function loader() {
  return Response.json(await getPageScripts(), { headers: { "Cache-Control": publicCacheControl(5 * MINUTE_S) } });
}
