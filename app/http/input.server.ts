// The one place a request body is read (page actions, the JSON API, uploads): its size is capped while it is read
// (413, so a 50 MB body never sits in memory), its type must be the one the route takes (415), and text that
// PostgreSQL cannot store — a NUL character or an unpaired surrogate — is refused (400) instead of failing the write.
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from "~/domain/form-values";

/** Forms and JSON bodies: a generous size for an activity with a 5,000-character description. */
export const BODY_LIMIT_BYTES = 1_000_000;

/** A 4xx to answer instead of reading on; the JSON API sends it as `{ message }`, pages as an error page. */
export class BadInput extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = "BadInput";
  }
}

function megabytes(bytes: number): string {
  return `${Number((bytes / 1_000_000).toFixed(1))} MB`;
}

export function tooLarge(limit: number): BadInput {
  return new BadInput(413, `The request body is larger than ${megabytes(limit)}`);
}

/** The body's bytes, at most `limit` of them. */
async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not cancelled: that would tear down the connection mid-upload; the server reads the rest away (server.ts).
      reader.releaseLock();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The first string anywhere in `value` (keys included) that cannot be stored, as a path ('tags.2'), or null. */
function unstorablePath(value: unknown, path: string): string | null {
  if (typeof value === "string") return isStorableText(value) ? null : path || "body";
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorablePath(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return path || "body";
      const found = unstorablePath(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

function refuseUnstorable(value: unknown) {
  const path = unstorablePath(value, "");
  if (path) throw new BadInput(400, `${path}: ${UNSTORABLE_TEXT_MESSAGE}`);
}

/**
 * How deep a JSON body may nest objects and lists. The API's bodies are at most three deep ({ updates: { tags: [] } });
 * a deeper one is refused before anything walks it (parse, the storable-text check, the schemas), which would
 * otherwise recurse once per level and run out of stack at a few thousand.
 */
export const JSON_DEPTH_LIMIT = 32;

/**
 * Whether JSON text nests objects and lists deeper than `max`: one pass over the characters, no recursion, brackets
 * inside strings not counted. Only the depth is judged here; whether it is JSON at all is JSON.parse's to say.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

/** A JSON body (Content-Type application/json), parsed. */
export async function readJsonInput(request: Request, limit = BODY_LIMIT_BYTES): Promise<unknown> {
  const type = mediaType(request);
  if (type !== "application/json" && !type.endsWith("+json")) {
    throw new BadInput(415, "Send the request body as JSON (Content-Type: application/json)");
  }
  const bytes = await readCapped(request, limit);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new BadInput(400, "Request body must be JSON");
  }
  if (jsonNestsDeeperThan(text, JSON_DEPTH_LIMIT)) {
    throw new BadInput(400, `Request body must not nest objects or lists more than ${JSON_DEPTH_LIMIT} levels deep`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BadInput(400, "Request body must be JSON");
  }
  refuseUnstorable(body);
  return body;
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** A posted form (URL-encoded, or multipart with files), parsed. */
export async function readFormInput(request: Request, limit = BODY_LIMIT_BYTES): Promise<FormData> {
  if (!FORM_TYPES.has(mediaType(request))) {
    throw new BadInput(415, "Send the form as a form (application/x-www-form-urlencoded or multipart/form-data)");
  }
  const bytes = await readCapped(request, limit);
  let form: FormData;
  try {
    form = await new Response(bytes, {
      headers: { "Content-Type": request.headers.get("Content-Type")! },
    }).formData();
  } catch {
    throw new BadInput(400, "The form could not be read");
  }
  for (const [name, value] of form) {
    if (!isStorableText(name) || (typeof value === "string" && !isStorableText(value))) {
      throw new BadInput(400, `${name}: ${UNSTORABLE_TEXT_MESSAGE}`);
    }
  }
  return form;
}
