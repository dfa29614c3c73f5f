// The Add / Edit Tag form and the tag API body (spec/admin.md §3 "Tag", §5 "Other forms").
import { z } from "zod";
import { TAG_COLORS } from "../constants";
import { requiredText, textOrEmpty } from "../form-values";

/** The colour choices of tags and categories (admin §3); a tag without one is gray (admin §9). */
export const COLOR_CHOICES = TAG_COLORS;
export const DEFAULT_TAG_COLOR = "gray" satisfies (typeof COLOR_CHOICES)[number];

export const TAG_MESSAGES = {
  nameRequired: "Tag name is required",
  nameTooLong: "Tag name must be at most 50 characters",
  nameTaken: "A tag with this name already exists",
  color: `Color must be one of ${COLOR_CHOICES.join(", ")}`,
} as const;

/** A colour from the choices; missing or empty gives `fallback`. */
export function colorChoice(fallback: (typeof COLOR_CHOICES)[number]) {
  return z.preprocess(
    (v) =>
      v === undefined || v === null || (typeof v === "string" && v.trim() === "")
        ? fallback
        : typeof v === "string"
          ? v.trim()
          : v,
    z.enum(COLOR_CHOICES, { error: TAG_MESSAGES.color }),
  );
}

export const TagSchema = z.object({
  name: requiredText(TAG_MESSAGES.nameRequired).pipe(z.string().max(50, TAG_MESSAGES.nameTooLong)),
  color: colorChoice(DEFAULT_TAG_COLOR),
  icon: textOrEmpty(),
  description: textOrEmpty(),
});

export type TagInput = z.output<typeof TagSchema>;
