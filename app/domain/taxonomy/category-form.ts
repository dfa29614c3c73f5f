// The Add / Edit Category form and the category API body (spec/admin.md §3 "Category", §5 "Other forms"),
// and what happens to activities when a category is renamed or deleted.
import { TRASH_NOTE } from "../admin/history";
import { z } from "zod";
import { isAssetUrl, requiredText, textOrEmpty } from "../form-values";
import { categorySlug } from "./slug";
import { colorChoice } from "./tag-form";
import { countOf, pluralize } from "../counts";
import { FALLBACK_CATEGORY } from "./taxonomy";

// "Other" (FALLBACK_CATEGORY) is valid with or without a row in the Category table. Renaming the "Other" row is
// refused (it would rename the fallback); deleting it is allowed and leaves its activities in "Other".

/** The filter bar's "All" is not a category: a category of that name would be unreachable. */
export const RESERVED_CATEGORY_NAMES = ["All"] as const;

export const CATEGORY_MESSAGES = {
  nameRequired: "Category name is required",
  nameTooLong: "Category name must be at most 60 characters",
  nameNeedsLetters: "Category name must contain letters or digits",
  nameReserved: '"All" is reserved for the filter bar',
  nameTaken: "A category with this name already exists",
  slugTaken: (slug: string) => `Another category already uses the URL slug "${slug}"`,
  filterIcon: "Filter icon must be a URL (https://… or /path/icon.svg)",
  pinIcon: "Pin icon must be a URL (https://… or /path/pin.svg)",
  fallbackRename: `The "${FALLBACK_CATEGORY}" category cannot be renamed: activities of deleted categories move there`,
} as const;

function iconUrl(message: string) {
  return textOrEmpty().refine((v) => v === "" || isAssetUrl(v), message);
}

export const CategorySchema = z.object({
  name: requiredText(CATEGORY_MESSAGES.nameRequired)
    .pipe(z.string().max(60, CATEGORY_MESSAGES.nameTooLong))
    .refine((name) => categorySlug(name) !== "", CATEGORY_MESSAGES.nameNeedsLetters)
    .refine(
      (name) => !RESERVED_CATEGORY_NAMES.some((r) => r.toLowerCase() === name.toLowerCase()),
      CATEGORY_MESSAGES.nameReserved,
    ),
  color: colorChoice("gray"),
  icon: textOrEmpty(),
  filterIcon: iconUrl(CATEGORY_MESSAGES.filterIcon),
  pinIcon: iconUrl(CATEGORY_MESSAGES.pinIcon),
  description: textOrEmpty(),
});

export type CategoryInput = z.output<typeof CategorySchema>;

/** Whether an edit of `current` into `next` is allowed by the fallback rule (null when it is). */
export function categoryRenameRefusal(currentName: string, nextName: string): string | null {
  return currentName === FALLBACK_CATEGORY && nextName !== FALLBACK_CATEGORY ? CATEGORY_MESSAGES.fallbackRename : null;
}

/** The delete confirmation (admin §2 wording), saying where the category's activities go. */
export function categoryDeleteConfirmation(name: string, activityCount: number): string {
  const n = activityCount;
  const activities = countOf(n, "activity", "activities");
  const where =
    n === 0
      ? ""
      : name === FALLBACK_CATEGORY
        ? `Its ${activities} keep "${FALLBACK_CATEGORY}" as their category. `
        : `Its ${activities} ${pluralize(n, "moves", "move")} to "${FALLBACK_CATEGORY}". `;
  return `Are you sure you want to delete "${name}"? ${where}${TRASH_NOTE}`;
}
