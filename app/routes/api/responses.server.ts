// Shared answers of the admin JSON API: errors are `{ "message": … }` (plus `errors` per field for a 400),
// bodies are JSON, the caller is a signed-in administrator.
import type { z } from "zod";
import type { Refusal } from "~/data/outcome.server";
import { fieldErrors } from "~/domain/form-values";

export function jsonError(status: number, message: string, errors?: Record<string, string[]>, init: ResponseInit = {}) {
  return Response.json(errors ? { message, errors } : { message }, { ...init, status });
}

export function methodNotAllowed(allowed: string[]) {
  return jsonError(405, `Method not allowed; use ${allowed.join(" or ")}`, undefined, { headers: { Allow: allowed.join(", ") } });
}

/** The parsed JSON body, or a 400 to return. */
export async function readJson(request: Request): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  try {
    return { ok: true, body: await request.json() };
  } catch {
    return { ok: false, response: jsonError(400, "The request body must be JSON") };
  }
}

/** Parses a body with a form's schema: the value, or a 400 naming every field's message. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): { ok: true; value: z.output<S> } | { ok: false; response: Response } {
  const result = schema.safeParse(body ?? {});
  if (result.success) return { ok: true, value: result.data };
  const errors = fieldErrors(result.error);
  const message = Object.values(errors).flat().join("; ");
  return { ok: false, response: jsonError(400, message || "Invalid request body", errors) };
}

/** A refused mutation as HTTP: 404 when the row is gone, 409 when it conflicts with other data. */
export function refusalResponse(refusal: Refusal, notFound: string) {
  if (refusal.reason === "not-found") return jsonError(404, notFound);
  const errors = "field" in refusal && refusal.field ? { [refusal.field]: [refusal.message] } : undefined;
  return jsonError(409, refusal.message, errors);
}
