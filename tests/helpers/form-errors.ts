// The field errors a form's zod schema finds in an input, keyed as the API's 400 and the forms show them.
import type { z } from "zod";
import { fieldErrors } from "~/domain/form-values";

/** Each field's messages; none when `input` parses. */
export function schemaErrors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}
