// /api/scripts — GET: headScripts and bodyScripts for this environment, cached 5 minutes (public-site §7).
// PUT: Save Scripts from a JSON client, the four production and development boxes (admin §3 "Script settings"; §7
// leaves the method and path of that call open, this is the path the read uses).
import { requireAdminApi } from "~/auth/session.server";
import { getPageScripts, saveScripts, scriptSettingsStamp } from "~/data/scripts.server";
import { MINUTE_S, publicCacheControl } from "~/domain/http/cache";
import { ScriptsSchema } from "~/domain/admin/scripts";
import type { Route } from "./+types/scripts";
import { allowMethods, apiWriter, parseBody, readJson, refusalResponse, versionHeaders } from "./responses.server";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const middleware = [...allowMethods("GET", "PUT"), ...searchParams(NO_SEARCH_PARAMS)];

export async function loader() {
  const [scripts, stamp] = await Promise.all([getPageScripts(), scriptSettingsStamp()]);
  const cache = { "Cache-Control": publicCacheControl(5 * MINUTE_S) };
  // The ETag is the script row's version (docs/decisions/015-row-versions.md): PUT with If-Match writes only at it.
  return Response.json(scripts, { headers: stamp ? versionHeaders(stamp.version, cache) : cache });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminApi(request);
  const guard = await apiWriter(request, admin.email, "scripts", scriptSettingsStamp);
  if (!guard.ok) return guard.response;
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const input = parseBody(ScriptsSchema, json.body);
  if (!input.ok) return input.response;
  const outcome = await saveScripts(input.value, undefined, guard.writer);
  return outcome.ok ? Response.json(outcome.value) : refusalResponse(outcome, "Script settings not found");
}
