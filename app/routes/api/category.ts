// /api/categories/:id — PUT updates a category (a rename is written onto its activities), DELETE removes it
// and moves its activities to "Other"; both in one transaction.
import { parseIdParam } from "~/domain/form-values";
import { requireAdminApi } from "~/auth/session.server";
import type { Route } from "./+types/category";
import { deleteCategory, updateCategory } from "~/data/categories.server";
import { CategorySchema } from "~/domain/category-form";
import { allowMethods, jsonError, parseBody, readJson, refusalResponse } from "./responses.server";

const NOT_FOUND = "Category not found";

export const middleware = allowMethods("PUT", "DELETE");

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminApi(request);
  const id = parseIdParam(params.id);
  if (id === null) return jsonError(404, NOT_FOUND);
  if (request.method === "DELETE") {
    const outcome = await deleteCategory(id);
    return outcome.ok ? Response.json(outcome.value) : refusalResponse(outcome, NOT_FOUND);
  }
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const input = parseBody(CategorySchema, json.body);
  if (!input.ok) return input.response;
  const outcome = await updateCategory(id, input.value);
  return outcome.ok ? Response.json(outcome.value) : refusalResponse(outcome, NOT_FOUND);
}
