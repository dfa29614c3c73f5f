// Shared pieces of the admin activity API: JSON errors `{ message }` with the right status (admin §7).
import { data } from "react-router";
import { activityFormChoices } from "~/data/activities.server";
import { activitySchema } from "~/domain/activity-form";

export function apiError(status: number, message: string, extra: Record<string, unknown> = {}) {
  return data({ message, ...extra }, { status });
}

/** The body as an object, or a 400 response. */
export async function jsonBody(request: Request): Promise<Record<string, unknown> | Response> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ message: "Request body must be JSON" }, { status: 400 });
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return Response.json({ message: "Request body must be a JSON object" }, { status: 400 });
  }
  return body as Record<string, unknown>;
}

export async function apiActivitySchema() {
  const choices = await activityFormChoices();
  return activitySchema({ categories: choices.categories, tags: choices.tags, cityIds: choices.cities.map((c) => c.id) });
}

export function validationError(errors: Record<string, string[]>) {
  return apiError(400, "Validation failed", { errors });
}

export function activityIdParam(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
