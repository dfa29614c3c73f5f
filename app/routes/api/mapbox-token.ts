// GET /api/mapbox-token — the maps token for the browser's map (spec: "maps access token endpoint").
import { env } from "~/env.server";
import { allowMethods } from "./responses.server";

export const middleware = allowMethods("GET");

export function loader() {
  const token = env().MAPBOX_TOKEN ?? "";
  return Response.json({ token }, { headers: { "Cache-Control": "public, max-age=300" } });
}
