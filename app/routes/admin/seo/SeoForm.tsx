// The SEO tab's form (admin §3 "SEO template settings"): every template, the default images and the script boxes,
// grouped as the spec lists them, beside a preview that follows what is typed when JavaScript is on.
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  buttonClass,
  type FormReplyProps,
  TextAreaField,
  TextField,
  validateWith,
  Versioned,
} from "~/components/FormFields";
import { SCRIPT_FIELD_LABELS, type ScriptField, type ScriptSettingsFields } from "~/domain/admin/scripts";
import { DEFAULT_SEO_TEMPLATES, type SeoTemplates } from "~/domain/seo/seo";
import {
  previewSubjectsFor,
  REQUIRED_SEO_TEMPLATES,
  SEO_FORM_GROUPS,
  SeoSettingsSchema,
  seoPreview,
  type PreviewSubjects,
  type SeoField,
  type SeoFieldSpec,
} from "~/domain/seo/seo-form";
import { SeoPreview } from "./SeoPreview";

type Values = SeoTemplates & ScriptSettingsFields;
type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

const VARIABLES = "{city}, {count}, {activityCount}, {activity}, {excerpt}, {tag}, {category}";

const sectionClass = "rounded-xl border border-gray-200 bg-white p-4 shadow-sm";
const legendClass = "text-lg font-semibold";
const groupLegendClass = "text-base font-semibold";

/** The values the preview starts from: a form sent back with errors shows what was sent. */
function initialValues(stored: Values, lastResult: SubmissionResult<string[]> | null | undefined): Values {
  const sent = lastResult?.initialValue;
  if (!sent) return stored;
  return Object.fromEntries(Object.keys(stored).map((k) => [k, typeof sent[k] === "string" ? sent[k] : ""])) as Values;
}

function TemplateField({ spec, meta }: { spec: SeoFieldSpec; meta: Meta }) {
  const required = (REQUIRED_SEO_TEMPLATES as readonly string[]).includes(spec.name);
  const placeholder = DEFAULT_SEO_TEMPLATES[spec.name];
  return spec.multiline ? (
    <TextAreaField
      meta={meta}
      label={spec.label}
      required={required}
      hint={spec.hint}
      rows={2}
      placeholder={placeholder}
    />
  ) : (
    <TextField meta={meta} label={spec.label} required={required} hint={spec.hint} placeholder={placeholder} />
  );
}

export function SeoForm({
  stored,
  brand,
  lastResult,
  versioned,
}: {
  stored: Values;
  brand: string;
} & FormReplyProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "seo-settings",
    lastResult,
    defaultValue: stored,
    ...validateWith(SeoSettingsSchema),
  });
  const [values, setValues] = useState(() => initialValues(stored, lastResult));
  const [subjects, setSubjects] = useState<PreviewSubjects>({});
  const meta = (name: SeoField | ScriptField) => fields[name] as unknown as Meta;
  const submitting = navigation.state === "submitting";

  function onInput(event: React.FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    const value = (event.target as HTMLInputElement).value;
    if (!name) return;
    setValues((current) => ({ ...current, [name]: value }));
    setSubjects((current) => previewSubjectsFor(name, current));
  }

  const subjectGroups = [
    { id: "seo-categories", title: "Category pages", groups: SEO_FORM_GROUPS.categories },
    { id: "seo-tags", title: "Interest tag pages", groups: SEO_FORM_GROUPS.tags },
  ];

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <Form method="post" {...getFormProps(form)} onInput={onInput} className="space-y-6">
        <Versioned state={versioned}>
          {form.errors && (
            <p id={form.errorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {form.errors.join(". ")}
            </p>
          )}
          <nav aria-label="SEO sections" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {[
              ["#seo-pages", "Page templates"],
              ["#seo-images", "Images"],
              ["#seo-categories", "Category pages"],
              ["#seo-tags", "Interest tag pages"],
              ["#seo-scripts", "Scripts"],
            ].map(([href, label]) => (
              <a key={href} href={href} className="underline">
                {label}
              </a>
            ))}
          </nav>
          <p className="text-sm text-gray-700">
            Template variables: <code>{VARIABLES}</code>. An empty box uses the built-in wording shown in it.
          </p>

          <fieldset id="seo-pages" className={sectionClass}>
            <legend className={`${legendClass} px-1`}>Page templates</legend>
            <div className="space-y-4">
              {SEO_FORM_GROUPS.pages.map((group) => (
                <fieldset key={group.title} className="space-y-3">
                  <legend className={groupLegendClass}>{group.title}</legend>
                  {group.fields.map((spec) => (
                    <TemplateField key={spec.name} spec={spec} meta={meta(spec.name)} />
                  ))}
                </fieldset>
              ))}
            </div>
          </fieldset>

          <fieldset id="seo-images" className={sectionClass}>
            <legend className={`${legendClass} px-1`}>Images</legend>
            <div className="space-y-3">
              {SEO_FORM_GROUPS.images.map((spec) => (
                <TemplateField key={spec.name} spec={spec} meta={meta(spec.name)} />
              ))}
            </div>
          </fieldset>

          {subjectGroups.map((section) => (
            <fieldset key={section.id} id={section.id} className={sectionClass}>
              <legend className={`${legendClass} px-1`}>{section.title}</legend>
              <p className="text-sm text-gray-700">
                Meta templates set the page's title and description for search engines; the page title and description
                are the heading and the paragraph under it.
              </p>
              <div className="mt-3 space-y-5">
                {section.groups.map((group) => (
                  <fieldset key={group.prefix} className="grid gap-3 border-t border-gray-100 pt-3 sm:grid-cols-2">
                    <legend className={`${groupLegendClass} pt-3`}>{group.subject}</legend>
                    {group.fields.map((spec) => (
                      <TemplateField key={spec.name} spec={spec} meta={meta(spec.name)} />
                    ))}
                  </fieldset>
                ))}
              </div>
            </fieldset>
          ))}

          <fieldset id="seo-scripts" className={sectionClass}>
            <legend className={`${legendClass} px-1`}>Scripts</legend>
            <p className="text-sm text-gray-700">
              HTML added as written to every public page: the general scripts always, the production ones on the live
              site and the development ones elsewhere. The Settings tab edits the production and development ones too.
            </p>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              {SEO_FORM_GROUPS.scripts.map((name) => (
                <TextAreaField
                  key={name}
                  meta={meta(name)}
                  label={SCRIPT_FIELD_LABELS[name]}
                  rows={4}
                  spellCheck={false}
                  className="[&_textarea]:font-mono"
                />
              ))}
            </div>
          </fieldset>

          <div className="flex justify-end">
            <button type="submit" className={buttonClass.primary} disabled={submitting}>
              Save SEO Settings
            </button>
          </div>
        </Versioned>
      </Form>
      <SeoPreview entries={seoPreview(values, brand, subjects)} />
    </div>
  );
}
