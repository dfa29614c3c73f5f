// The Add / Edit Tag form: name (required, unique), one of the colour choices (gray by default), icon,
// description.
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
import { DEFAULT_TAG_COLOR, TagSchema } from "~/domain/taxonomy/tag-form";

export type TagFormValues = { id: number; name: string; color: string; icon: string; description: string };

export function TagForm({
  tag,
  lastResult,
  backTo,
  versioned,
}: {
  tag?: TagFormValues;
  backTo: string;
} & FormReplyProps) {
  const [form, fields] = useForm({
    id: tag ? `tag-${tag.id}` : "tag-new",
    lastResult,
    defaultValue: tag ?? { color: DEFAULT_TAG_COLOR },
    ...validateWith(TagSchema),
  });
  const color = String(fields.color.value ?? fields.color.initialValue ?? DEFAULT_TAG_COLOR);
  const icon = String(fields.icon.value ?? fields.icon.initialValue ?? "");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <Versioned state={versioned}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields.name} label="Name" required autoComplete="off" />
        <ColorField meta={fields.color} color={color} />
        <div className="grid grid-cols-[1fr_auto] items-end gap-3">
          <TextField meta={fields.icon} label="Icon" hint="An image URL or path (/icons/tags/music.svg), or an emoji" />
          <div
            className="flex h-10 w-10 items-center justify-center rounded-md border border-gray-200"
            aria-label="Icon preview"
          >
            <IconPreview icon={icon} label="Icon preview" />
          </div>
        </div>
        <TextAreaField meta={fields.description} label="Description" />
        <FormButtons cancelTo={backTo} editing={tag !== undefined} />
      </Versioned>
    </Form>
  );
}
