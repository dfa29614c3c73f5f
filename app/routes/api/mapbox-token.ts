// GET /api/mapbox-token — the maps token for the browser's map (spec: "maps access token endpoint").
import { env } from "~/env.server";
import { allowMethods } from "./responses.server";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const middleware = [...allowMethods("GET"), ...searchParams(NO_SEARCH_PARAMS)];

export function loader() {
  const token = env().MAPBOX_TOKEN ?? "";
  return Response.json({ token }, { headers: { "Cache-Control": "public, max-age=300" } });
}
