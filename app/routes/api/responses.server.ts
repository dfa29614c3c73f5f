// Shared answers of the JSON API: errors are `{ "message": … }` (plus `errors` per field for a 400), bodies are
// JSON; which methods a path takes, and what an /api path that no API route claims answers.
import type { MiddlewareFunction } from "react-router";
import { z } from "zod";
import { requireAdminApi } from "~/auth/session.server";
import type { Outcome, Refusal, Writer } from "~/data/outcome.server";
import {
  ifMatchAllows,
  stalePreconditionMessage,
  versionETag,
  type VersionedEntity,
  type VersionStamp,
} from "~/domain/admin/row-version";
import { activityIdsSchema } from "~/domain/activities/activity-form";
import { PRIVATE_NO_STORE } from "~/domain/http/cache";
import { parseIdParam } from "~/domain/form-values";
import { fieldErrors } from "~/domain/form-values";
import { BadInput, readJsonInput } from "~/http/input.server";

export function jsonError(status: number, message: string, errors?: Record<string, string[]>, init: ResponseInit = {}) {
  return Response.json(errors ? { message, errors } : { message }, { ...init, status });
}

type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The Allow header of a path serving `methods`: HEAD goes wherever GET does, and OPTIONS is always answered. */
export function allowHeader(methods: readonly ApiMethod[]): string {
  return [...methods.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m])), "OPTIONS"].join(", ");
}

/**
 * The methods an /api route module serves; every such module exports `middleware = allowMethods(…)`. Any other
 * method is a 405 naming the method and the path, with an Allow header, before the loader or action runs:
 * React Router answers a method a module has no function for with an opaque 'Unexpected Server Error', and an
 * action would otherwise be handed every mutation method. OPTIONS answers with the Allow header alone.
 */
export function allowMethods(...methods: ApiMethod[]): MiddlewareFunction<Response>[] {
  const allow = allowHeader(methods);
  const allowed = new Set(allow.split(", "));
  return [
    ({ request, url }, next) => {
      const method = request.method.toUpperCase();
      if (method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allow } });
      if (!allowed.has(method)) {
        return jsonError(405, `Method ${method} is not allowed on ${url.pathname}`, undefined, {
          headers: { Allow: allow },
        });
      }
      return next();
    },
  ];
}

function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

/**
 * Root middleware: an /api path that no API route claims is a JSON 404, not the HTML 'Page Not Found' (a bare
 * 'api/*' route would not do: deeper unknown /api paths rank below the page shapes and would match those).
 * `pattern` is the matched route pattern, without the leading '/' React Router's root route leaves off.
 */
export const unknownApiPath: MiddlewareFunction<Response> = ({ url, pattern }, next) => {
  if (isApiPath(url.pathname) && !isApiPath(`/${pattern.replace(/^\/+/, "")}`)) {
    return jsonError(404, `No API endpoint at ${url.pathname}`);
  }
  return next();
};

/** The request's JSON object (app/http/input.server.ts reads it), or the 4xx to return. */
export async function readJson(
  request: Request,
): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; response: Response }> {
  let body: unknown;
  try {
    body = await readJsonInput(request);
  } catch (error) {
    if (error instanceof BadInput) return { ok: false, response: jsonError(error.status, error.message) };
    throw error;
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return { ok: false, response: jsonError(400, "Request body must be a JSON object") };
  }
  return { ok: true, body: body as Record<string, unknown> };
}

/** A query string's parameters checked by a schema: the value, or a 400 naming every problem. */
export function parseQuery<S extends z.ZodType>(schema: S, url: string) {
  // Zod's own messages do not name the parameter, so the answer does.
  return parseBody(schema, Object.fromEntries(new URL(url).searchParams), { nameFields: true });
}

/** Parses a body with a form's schema: the value, or a 400 naming every field's message. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  { nameFields = false } = {},
): { ok: true; value: z.output<S> } | { ok: false; response: Response } {
  const result = schema.safeParse(body ?? {});
  if (result.success) return { ok: true, value: result.data };
  const errors = fieldErrors(result.error);
  const message = Object.entries(errors)
    .flatMap(([field, messages]) => messages.map((m) => (nameFields && field ? `${field}: ${m}` : m)))
    .join("; ");
  return { ok: false, response: jsonError(400, message || "Invalid request", errors) };
}

/**
 * A refused mutation as HTTP: 404 when the row is gone, 412 when it moved past the If-Match version, 409 when it
 * conflicts with other data.
 */
export function refusalResponse(refusal: Refusal, notFound: string) {
  if (refusal.reason === "not-found") return jsonError(404, notFound);
  if (refusal.reason === "stale") return preconditionFailed(refusal.entity, refusal.current);
  const errors = "field" in refusal && refusal.field ? { [refusal.field]: [refusal.message] } : undefined;
  return jsonError(409, refusal.message, errors);
}

/** A write's outcome as HTTP: the written row as JSON (with `status`), or the refusal. */
export function outcomeResponse<T>(
  outcome: Outcome<T>,
  notFound: string,
  status = 200,
  shape: (value: T) => unknown = (value) => value,
) {
  return outcome.ok ? Response.json(shape(outcome.value), { status }) : refusalResponse(outcome, notFound);
}

/** The JSON body checked by `schema`, then handed to `write`: the row it wrote, or a 4xx naming what is wrong. */
export async function writeFromJson<S extends z.ZodType, T>(
  request: Request,
  schema: S,
  write: (input: z.output<S>) => Promise<Outcome<T>>,
  {
    notFound,
    status = 200,
    shape,
  }: {
    notFound: string;
    status?: number;
    /** The answer's documented shape of the row. */ shape?: (value: T) => unknown;
  },
): Promise<Response> {
  const json = await readJson(request);
  if (!json.ok) return json.response;
  const input = parseBody(schema, json.body);
  if (!input.ok) return input.response;
  return outcomeResponse(await write(input.value), notFound, status, shape);
}

/** An administrator's POST that adds a row (cities, tags, categories): 201 with the row, or a 4xx saying why not. */
export async function createFromJson<S extends z.ZodType, T>(
  request: Request,
  schema: S,
  create: (input: z.output<S>, writer: Writer) => Promise<Outcome<T>>,
  answer: { notFound: string; /** The answer's documented shape of the row. */ shape?: (value: T) => unknown },
) {
  const admin = await requireAdminApi(request);
  return writeFromJson(request, schema, (input) => create(input, { by: admin.email }), { ...answer, status: 201 });
}

/** A POST of `{ activityIds }` (the review list's bulk calls): `write`'s answer as JSON, or a 400. */
export function writeForActivityIds<T>(request: Request, write: (activityIds: number[]) => Promise<T>) {
  return writeFromJson(
    request,
    z.object({ activityIds: activityIdsSchema }),
    async ({ activityIds }) => ({ ok: true, value: await write(activityIds) }),
    { notFound: "Activity not found." },
  );
}

/**
 * The administrator's PUT and DELETE of a row by its numeric id (tags, categories): an id that cannot be a row's
 * is as missing as a deleted one. With If-Match, only at that version (else 412).
 */
export function rowAction<S extends z.ZodType>({
  schema,
  update,
  remove,
  notFound,
  entity,
  stamp,
}: {
  schema: S;
  update: (id: number, input: z.output<S>, writer: Writer) => Promise<Outcome<unknown>>;
  remove: (id: number, writer: Writer) => Promise<Outcome<unknown>>;
  notFound: string;
  entity: VersionedEntity;
  stamp: (id: number) => Promise<VersionStamp | null>;
}) {
  return async ({ request, params }: { request: Request; params: { id?: string } }) => {
    const admin = await requireAdminApi(request);
    const id = parseIdParam(params.id);
    if (id === null) return jsonError(404, notFound);
    const guard = await apiWriter(request, admin.email, entity, () => stamp(id));
    if (!guard.ok) return guard.response;
    if (request.method === "DELETE") return outcomeResponse(await remove(id, guard.writer), notFound);
    return writeFromJson(request, schema, (input) => update(id, input, guard.writer), { notFound });
  };
}

/** GET of a row by its numeric id (tags, categories): its JSON with its version as the ETag, or a JSON 404. */
export function rowLoader<T extends { version: number }>(
  read: (id: number) => Promise<T | null>,
  shape: (row: T) => unknown,
  notFound: string,
) {
  return async ({ params }: { params: { id?: string } }) => {
    const id = parseIdParam(params.id);
    const row = id === null ? null : await read(id);
    if (!row) return jsonError(404, notFound);
    return Response.json(shape(row), { headers: versionHeaders(row.version, { "Cache-Control": PRIVATE_NO_STORE }) });
  };
}

// ---- Versions (docs/decisions/015-row-versions.md): GET sends the row's version as its ETag; a PUT, PATCH or DELETE
// with If-Match is written only at that version, else 412. Without If-Match a write goes ahead as the spec says. ----

/** The headers of a versioned row's GET: its ETag (W/"v{version}"). */
export function versionHeaders(version: number, headers: Record<string, string> = {}): Record<string, string> {
  return { ...headers, ETag: versionETag(version) };
}

/** 412 Precondition Failed: the row is past the If-Match version; the answer names who changed it, when, its ETag. */
export function preconditionFailed(entity: VersionedEntity, current: VersionStamp) {
  return jsonError(412, stalePreconditionMessage(entity, current), undefined, {
    headers: { ETag: versionETag(current.version) },
  });
}

/**
 * The writer of an API write: the administrator, and the version If-Match names (the write then happens only at
 * it, in its transaction). A stale If-Match is answered at once with 412; `*` asks only that the row exists; no
 * If-Match, an unguarded write. A missing row is left for the write to answer (404).
 */
export async function apiWriter(
  request: Request,
  by: string,
  entity: VersionedEntity,
  stamp: () => Promise<VersionStamp | null>,
): Promise<{ ok: true; writer: Writer } | { ok: false; response: Response }> {
  const ifMatch = request.headers.get("If-Match");
  if (ifMatch === null) return { ok: true, writer: { by } };
  const current = await stamp();
  if (!current) return { ok: true, writer: { by } };
  if (!ifMatchAllows(ifMatch, current.version)) return { ok: false, response: preconditionFailed(entity, current) };
  return { ok: true, writer: { by, version: ifMatch.trim() === "*" ? null : current.version } };
}
