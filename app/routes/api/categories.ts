// GET /api/categories: name, icon, filterIcon, pinIcon and the rest, cached 60 minutes.
import { listCategories } from "~/data/categories.server";
import { MINUTE_S, publicCacheControl } from "~/domain/cache";

export async function loader() {
  return Response.json(await listCategories(), { headers: { "Cache-Control": publicCacheControl(60 * MINUTE_S) } });
}
