// /api/scripts — GET: headScripts and bodyScripts for this environment, cached 5 minutes (public-site §7).
// PUT: Save Scripts from a JSON client, the four production and development boxes (admin §3 "Script settings"; §7
// leaves the method and path of that call open, this is the path the read uses).
import { requireAdminApi } from "~/auth/session.server";
import { getPageScripts, saveScripts } from "~/data/scripts.server";
import { MINUTE_S, publicCacheControl } from "~/domain/cache";
import { ScriptsSchema } from "~/domain/scripts";
import type { Route } from "./+types/scripts";
import { allowMethods, parseBody, readJson, refusalResponse } from "./responses.server";

export const middleware = allowMethods("GET", "PUT");

export async function loader() {
  return Response.json(await getPageScripts(), { headers: { "Cache-Control": publicCacheControl(5 * MINUTE_S) } });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request);
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const input = parseBody(ScriptsSchema, json.body);
  if (!input.ok) return input.response;
  const outcome = await saveScripts(input.value);
  return outcome.ok ? Response.json(outcome.value) : refusalResponse(outcome, "Script settings not found");
}
