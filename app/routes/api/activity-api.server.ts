// Shared pieces of the admin activity API, on top of the admin API's common answers (responses.server.ts).
import { activityFormChoices } from "~/data/activities.server";
import { activitySchema } from "~/domain/activity-form";
import { jsonError } from "./responses.server";

export function apiError(status: number, message: string) {
  return jsonError(status, message);
}

/** The body as an object, or a 400 response. */
export async function jsonBody(request: Request): Promise<Record<string, unknown> | Response> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return jsonError(400, "Request body must be JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return jsonError(400, "Request body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

export async function apiActivitySchema() {
  const choices = await activityFormChoices();
  return activitySchema({
    categories: choices.categories,
    tags: choices.tags,
    cityIds: choices.cities.map((c) => c.id),
  });
}

export function validationError(errors: Record<string, string[]>) {
  return jsonError(400, "Validation failed", errors);
}
