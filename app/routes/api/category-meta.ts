// GET /api/category-meta/usa/{state}/{city}/{slug} and /api/category-meta/{country}/{region}/{city}/{slug}
// (one shape): the category page's title and description, or 404 with null when city or category is unknown.
import type { Route } from "./+types/category-meta";
import { categoryMeta } from "~/data/seo.server";
import { MINUTE_S, publicCacheControl } from "~/domain/http/cache";
import { allowMethods } from "./responses.server";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const middleware = [...allowMethods("GET"), ...searchParams(NO_SEARCH_PARAMS)];

export async function loader({ params }: Route.LoaderArgs) {
  const meta = await categoryMeta(params.city, params.categorySlug);
  return Response.json(meta, {
    status: meta ? 200 : 404,
    headers: { "Cache-Control": publicCacheControl(5 * MINUTE_S) },
  });
}
