// The Add / Edit Category form: name (required, unique, its URL slug derived), colour, icon, the filter-bar
// icon and the map-pin icon (URLs of SVGs), description — with a preview of the three icons.
import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "react-router";
import { ColorField } from "~/components/ColorSwatch";
import {
  FormButtons,
  FormErrors,
  type FormReplyProps,
  validateWith,
  TextAreaField,
  TextField,
  Versioned,
} from "~/components/FormFields";
import { IconPreview } from "~/components/IconPreview";
import { CategorySchema } from "~/domain/taxonomy/category-form";
import { categorySlug } from "~/domain/taxonomy/slug";
import { countOf } from "~/domain/counts";
import { FALLBACK_CATEGORY } from "~/domain/taxonomy/taxonomy";

export type CategoryFormValues = {
  id: number;
  name: string;
  color: string;
  icon: string;
  filterIcon: string;
  pinIcon: string;
  description: string;
  activityCount: number;
};

export function CategoryForm({
  category,
  lastResult,
  backTo,
  versioned,
}: {
  category?: CategoryFormValues;
  backTo: string;
} & FormReplyProps) {
  const [form, fields] = useForm({
    id: category ? `category-${category.id}` : "category-new",
    lastResult,
    defaultValue: category ?? { color: "gray" },
    ...validateWith(CategorySchema),
  });
  const current = (name: "name" | "color" | "icon" | "filterIcon" | "pinIcon") =>
    String(fields[name].value ?? fields[name].initialValue ?? "");
  const slug = categorySlug(current("name"));
  const renaming = category && category.activityCount > 0 && current("name").trim() !== category.name;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <Versioned state={versioned}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div>
          <TextField meta={fields.name} label="Name" required autoComplete="off" />
          <p className="mt-1 text-xs text-gray-500">
            URL slug: <code>{slug || "—"}</code>
            {category?.name === FALLBACK_CATEGORY &&
              ` · "${FALLBACK_CATEGORY}" keeps its name: activities of deleted categories move there.`}
          </p>
          {renaming && (
            <p className="mt-1 text-xs text-amber-800">
              Renaming moves its {countOf(category.activityCount, "activity", "activities")} to the new name.
            </p>
          )}
        </div>
        <ColorField meta={fields.color} color={current("color") || "gray"} />
        <TextField
          meta={fields.icon}
          label="Icon"
          hint="An image URL or path (/icons/categories/parks.svg), or an emoji"
        />
        <TextField
          meta={fields.filterIcon}
          label="Filter icon URL"
          hint="An SVG for the filter bar, e.g. /icons/filters/parks.svg"
        />
        <TextField meta={fields.pinIcon} label="Pin icon URL" hint="An SVG for map pins, e.g. /icons/pins/parks.svg" />
        <figure className="rounded-lg border border-gray-200 p-3">
          <figcaption className="text-xs font-medium text-gray-600">Icon preview</figcaption>
          <div className="mt-2 flex items-end gap-6 text-xs text-gray-600">
            <span className="flex flex-col items-center gap-1">
              <IconPreview icon={current("icon")} label="Icon" size={32} />
              Icon
            </span>
            <span className="flex flex-col items-center gap-1">
              <IconPreview icon={current("filterIcon")} label="Filter icon" size={32} />
              Filter
            </span>
            <span className="flex flex-col items-center gap-1">
              <IconPreview icon={current("pinIcon")} label="Pin icon" size={32} />
              Pin
            </span>
          </div>
        </figure>
        <TextAreaField meta={fields.description} label="Description" />
        <FormButtons cancelTo={backTo} editing={category !== undefined} />
      </Versioned>
    </Form>
  );
}
