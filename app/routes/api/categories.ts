// GET /api/categories: name, icon, filterIcon, pinIcon and the rest, cached 60 minutes.
// /api/categories — POST creates a category; its slug is derived from the name (admin API, spec/admin.md §7).
import { listCategories, createCategory } from "~/data/categories.server";
import { MINUTE_S, publicCacheControl } from "~/domain/http/cache";
import type { Route } from "./+types/categories";
import { CategorySchema } from "~/domain/taxonomy/category-form";
import { allowMethods, createFromJson } from "./responses.server";
import { NO_SEARCH_PARAMS } from "~/domain/http/canonical";
import { searchParams } from "~/http/canonical-url";

export const middleware = [...allowMethods("GET", "POST"), ...searchParams(NO_SEARCH_PARAMS)];

export async function loader() {
  return Response.json(await listCategories(), { headers: { "Cache-Control": publicCacheControl(60 * MINUTE_S) } });
}

export async function action({ request }: Route.ActionArgs) {
  return createFromJson(request, CategorySchema, createCategory, { notFound: "Category not found" });
}
