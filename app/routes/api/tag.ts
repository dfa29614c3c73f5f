// /api/tags/:id — PUT updates a tag, DELETE removes it (and, by the relation's cascade, from its activities).
import { parseIdParam } from "~/domain/form-values";
import { requireAdminApi } from "~/auth/session.server";
import type { Route } from "./+types/tag";
import { deleteTag, updateTag } from "~/data/tags.server";
import { TagSchema } from "~/domain/tag-form";
import { allowMethods, jsonError, parseBody, readJson, refusalResponse } from "./responses.server";

const NOT_FOUND = "Tag not found";

export const middleware = allowMethods("PUT", "DELETE");

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminApi(request);
  const id = parseIdParam(params.id);
  if (id === null) return jsonError(404, NOT_FOUND);
  if (request.method === "DELETE") {
    const outcome = await deleteTag(id);
    return outcome.ok ? Response.json(outcome.value) : refusalResponse(outcome, NOT_FOUND);
  }
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const input = parseBody(TagSchema, json.body);
  if (!input.ok) return input.response;
  const outcome = await updateTag(id, input.value);
  return outcome.ok ? Response.json(outcome.value) : refusalResponse(outcome, NOT_FOUND);
}
