// GET /api/tags: id, name, color, icon, description, cached 60 minutes.
import { listTags } from "~/data/tags.server";
import { MINUTE_S, publicCacheControl } from "~/domain/cache";

export async function loader() {
  return Response.json(await listTags(), { headers: { "Cache-Control": publicCacheControl(60 * MINUTE_S) } });
}
