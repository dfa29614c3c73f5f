// The colour choices of tags and categories (spec/admin.md §3) as Tailwind classes, written out in full so
// Tailwind keeps them; and the forms' colour field.
import { COLOR_CHOICES } from "~/domain/taxonomy/tag-form";
import { SelectField, type FieldProps } from "./FormFields";

const SWATCH: Record<string, string> = {
  purple: "bg-purple-500",
  blue: "bg-blue-500",
  green: "bg-green-500",
  yellow: "bg-yellow-400",
  red: "bg-red-500",
  pink: "bg-pink-500",
  orange: "bg-orange-500",
  gray: "bg-gray-400",
};

const BADGE: Record<string, string> = {
  purple: "bg-purple-100 text-purple-800",
  blue: "bg-blue-100 text-blue-800",
  green: "bg-green-100 text-green-800",
  yellow: "bg-yellow-100 text-yellow-800",
  red: "bg-red-100 text-red-800",
  pink: "bg-pink-100 text-pink-800",
  orange: "bg-orange-100 text-orange-800",
  gray: "bg-gray-100 text-gray-800",
};

export function ColorSwatch({ color }: { color: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-gray-700">
      <span aria-hidden="true" className={`inline-block h-4 w-4 rounded-full ${SWATCH[color] ?? SWATCH.gray}`} />
      {color}
    </span>
  );
}

/** The Color select of the tag and category forms, beside a swatch of `color` (what is chosen). */
export function ColorField({ meta, color }: { meta: FieldProps["meta"]; color: string }) {
  return (
    <div className="grid grid-cols-[1fr_auto] items-end gap-3">
      <SelectField meta={meta} label="Color" options={COLOR_CHOICES} />
      <div className="pb-2">
        <ColorSwatch color={color} />
      </div>
    </div>
  );
}

export function colorBadgeClass(color: string): string {
  return BADGE[color] ?? BADGE.gray;
}
