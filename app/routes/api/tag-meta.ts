// GET /api/tag-meta/{country}/{region}/{city}/{tag slug}: the tag page's title and description, else null.
import type { Route } from "./+types/tag-meta";
import { tagMeta } from "~/data/seo.server";
import { MINUTE_S, publicCacheControl } from "~/domain/http/cache";
import { allowMethods } from "./responses.server";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const middleware = [...allowMethods("GET"), ...searchParams(NO_SEARCH_PARAMS)];

export async function loader({ params }: Route.LoaderArgs) {
  const meta = await tagMeta(params.city, params.tagSlug);
  return Response.json(meta, { headers: { "Cache-Control": publicCacheControl(5 * MINUTE_S) } });
}
