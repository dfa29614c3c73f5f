// Building blocks for the admin input schemas: one schema reads an HTML form (every value a string, an empty box
// an empty string), a JSON API body (numbers may be numbers, fields may be missing or null) and a CSV cell. Text is
// text: a JSON number where text is expected is refused, not turned into a string. Every text has a length limit.
import { z } from "zod";
import { isHttpUrl } from "./http/urls";

/** Length limits: most texts, URLs, and long descriptions. */
export const TEXT_MAX = 500;
export const URL_MAX = 2048;
export const LONG_TEXT_MAX = 5000;

export function tooLongMessage(max: number, label = "This field"): string {
  return `${label} must be at most ${max.toLocaleString("en-US")} characters`;
}

// NUL, or an unpaired surrogate: a high one not followed by a low one, or a low one not preceded by a high one.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether PostgreSQL can store this text: no NUL character, no unpaired surrogate (a lone half of an emoji). */
export function isStorableText(text: string): boolean {
  return !UNSAFE_TEXT.test(text);
}

export const UNSTORABLE_TEXT_MESSAGE = "Text must not contain NUL characters or unpaired surrogates";

function trimmed(value: unknown): unknown {
  return typeof value === "string" ? value.trim() : value;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/** A text field's type error: missing gives the field's own message, anything but text says so. */
function textError(required: string) {
  return (issue: { input: unknown }) => (isBlank(issue.input) ? required : "Must be text");
}

/** A required text: missing, null, empty or only spaces gives `message`; longer than `max` gives `tooLong`. */
export function requiredText(message: string, max = TEXT_MAX, tooLong = tooLongMessage(max)) {
  // A blank is undefined to the schema, so it fails the type check, which stops the checks after it.
  return z.preprocess(
    (value) => (isBlank(value) ? undefined : trimmed(value)),
    z
      .string({ error: textError(message) })
      .max(max, tooLong)
      .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE),
  );
}

/** A field that may be left empty (undefined then); anything else must pass `schema`. */
export function unlessBlank<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (isBlank(value) ? undefined : value), schema.optional());
}

/** An optional text: missing, null or empty is stored as null. */
export function optionalText(max = TEXT_MAX, tooLong = tooLongMessage(max)) {
  return z.preprocess(
    (value) => {
      const t = trimmed(value);
      return t === "" || t === undefined ? null : t;
    },
    z
      .string({ error: textError("") })
      .max(max, tooLong)
      .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE)
      .nullable(),
  );
}

/** A text that may be empty but is stored as "" rather than null (columns with an empty default). */
export function textOrEmpty(max = TEXT_MAX, tooLong = tooLongMessage(max)) {
  return z.preprocess(
    (value) => (value === null ? "" : (trimmed(value) ?? "")),
    z.string().max(max, tooLong).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE),
  );
}

/** A form number (a string) or a JSON number; an empty box counts as missing. */
export function toNumberInput(value: unknown): unknown {
  if (typeof value === "string") {
    const t = value.trim();
    return t === "" ? undefined : Number(t);
  }
  return value === null ? undefined : value;
}

export function requiredNumber(label: string) {
  return z.preprocess(
    toNumberInput,
    z.number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) }),
  );
}

/** A decimal written plainly ('36.16', '-86', '.5'): what coordinate and rating fields take as text. */
export const DECIMAL_PATTERN = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** A number given as a JSON number or as plain decimal text; anything else is undefined. */
export function decimalOf(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string") return undefined;
  const t = value.trim();
  return DECIMAL_PATTERN.test(t) ? Number(t) : undefined;
}

// isHttpUrl lives with the URL helpers, which the browser bundle needs without zod (docs/decisions/028).
export { isHttpUrl };

/** An http(s) URL or a path on this site ('/icons/pins/parks.svg'): how icons and images are referenced. */
export function isAssetUrl(value: string): boolean {
  return (/^\/[^/\\]/.test(value) && !/\s/.test(value)) || isHttpUrl(value);
}

/** An optional http(s) URL, stored as null when empty. */
export function optionalHttpUrl(message: string) {
  return optionalText(URL_MAX).refine((v) => v === null || isHttpUrl(v), message);
}

/** How to show an icon value: an image when it is a URL or a path, else the text itself (an emoji). */
export function iconKind(icon: string | null | undefined): "image" | "text" | "none" {
  const value = (icon ?? "").trim();
  if (!value) return "none";
  return isAssetUrl(value) ? "image" : "text";
}

/** A checkbox sends its value only when ticked, so forms pair it with a hidden "0" before it; the last wins. */
export function toFlag(value: unknown): unknown {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  if (last === true || last === 1 || last === "1" || last === "on" || last === "true") return 1;
  if (last === false || last === 0 || last === "0" || last === "false" || last === "") return 0;
  return last;
}

/**
 * A list field of a form: one ticked checkbox posts a string, several post a list, none posts nothing. JSON bodies
 * send a list; a single value there is refused by the list's schema, so only forms go through this.
 */
export function asList(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

/** Field errors of a failed parse, keyed by the top-level field's name (what the API answers with a 400). */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "";
    const messages = (errors[key] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

/** The largest int4 (PostgreSQL `integer`): ids above it name no row. */
export const MAX_ID = 2_147_483_647;

/** A numeric row id in a URL ('/admin/tags/12/edit'): digits without a leading zero, within int4. */
export const idParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().max(MAX_ID));

export function parseIdParam(param: string | undefined): number | null {
  const result = idParamSchema.safeParse(param);
  return result.success ? result.data : null;
}

/**
 * The schema for a form's values: `lists` are lists whatever number of boxes were ticked (see asList), so one
 * strict schema serves the form and the JSON API.
 */
export function fromForm<S extends z.ZodType>(schema: S, lists: readonly string[]) {
  return z.preprocess((value) => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return value;
    const values: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const name of lists) values[name] = asList(values[name]);
    return values;
  }, schema);
}
