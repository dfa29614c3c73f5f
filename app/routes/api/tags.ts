// GET /api/tags: id, name, color, icon, description, cached 60 minutes.
// /api/tags — POST creates a tag (admin API, spec/admin.md §7).
import { listTags, createTag } from "~/data/tags.server";
import { MINUTE_S, publicCacheControl } from "~/domain/http/cache";
import type { Route } from "./+types/tags";
import { TagSchema } from "~/domain/taxonomy/tag-form";
import { allowMethods, createFromJson } from "./responses.server";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const middleware = [...allowMethods("GET", "POST"), ...searchParams(NO_SEARCH_PARAMS)];

export async function loader() {
  return Response.json(await listTags(), { headers: { "Cache-Control": publicCacheControl(60 * MINUTE_S) } });
}

export async function action({ request }: Route.ActionArgs) {
  return createFromJson(request, TagSchema, createTag, { notFound: "Tag not found" });
}
