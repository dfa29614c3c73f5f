// Building blocks for the admin form schemas: the same schema reads an HTML form (every value a string,
// an empty box an empty string) and a JSON API body (numbers may be numbers, fields may be missing).
import { z } from "zod";

function trimmed(value: unknown): unknown {
  return typeof value === "string" ? value.trim() : value;
}

/** A required text: missing, empty or only spaces gives `message`. */
export function requiredText(message: string) {
  return z.preprocess(trimmed, z.string({ error: message }).min(1, message));
}

/** An optional text: missing or empty is stored as null. */
export function optionalText() {
  return z.preprocess((value) => {
    const t = trimmed(value);
    return t === "" || t === undefined ? null : t;
  }, z.string().nullable());
}

/** A text that may be empty but is stored as "" rather than null (columns with an empty default). */
export function textOrEmpty() {
  return z.preprocess((value) => trimmed(value) ?? "", z.string());
}

/** A form number (a string) or a JSON number; an empty box counts as missing. */
export function toNumberInput(value: unknown): unknown {
  if (typeof value === "string") {
    const t = value.trim();
    return t === "" ? undefined : Number(t);
  }
  return value;
}

export function requiredNumber(label: string) {
  return z.preprocess(
    toNumberInput,
    z.number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) }),
  );
}

/** An absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** An http(s) URL or a path on this site ('/icons/pins/parks.svg'): how icons are referenced. */
export function isAssetUrl(value: string): boolean {
  return (value.startsWith("/") && !value.startsWith("//") && !/\s/.test(value)) || isHttpUrl(value);
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

/** Field errors of a failed parse, keyed by field name (what the API answers with a 400). */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** A numeric row id in a URL ('/admin/tags/12/edit'); anything else is no id at all. */
export const idParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647));

export function parseIdParam(param: string | undefined): number | null {
  const result = idParamSchema.safeParse(param);
  return result.success ? result.data : null;
}
