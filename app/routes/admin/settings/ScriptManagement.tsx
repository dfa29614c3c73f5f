// Script Management (spec/admin.md §2 "Settings tab", §3 "Script settings"): Production and Development tabs, each
// with a head and a body script box, and one Save Scripts for the four. The tabs are links (?scripts=…), so they
// work without JavaScript; the other tab's boxes stay in the form, hidden, so a save never empties them.
import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClass, type FormReplyProps, TextAreaField, validateWith, Versioned } from "~/components/FormFields";
import {
  SCRIPT_ENVIRONMENTS,
  SCRIPT_FIELD_LABELS,
  ScriptsSchema,
  scriptTabPath,
  type ScriptEnvironment,
  type ScriptsInput,
} from "~/domain/admin/scripts";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

export function ScriptManagement({
  stored,
  active,
  lastResult,
  versioned,
}: {
  stored: ScriptsInput;
  active: ScriptEnvironment;
} & FormReplyProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "scripts",
    lastResult,
    defaultValue: stored,
    ...validateWith(ScriptsSchema),
  });
  const environments = Object.entries(SCRIPT_ENVIRONMENTS) as [
    ScriptEnvironment,
    (typeof SCRIPT_ENVIRONMENTS)[ScriptEnvironment],
  ][];

  return (
    <section aria-labelledby="scripts-heading" className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="scripts-heading" className="text-lg font-semibold">
        Script Management
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        HTML added as written to every public page, after the general scripts of the SEO tab: the production scripts on
        the live site, the development ones anywhere else.
      </p>
      <nav aria-label="Script environments" className="mt-4 flex gap-1 border-b border-gray-200">
        {environments.map(([environment, { label }]) => (
          <Link
            key={environment}
            to={scriptTabPath(environment)}
            preventScrollReset
            replace
            aria-current={environment === active ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${environment === active ? "border-brand text-black" : "border-transparent text-gray-600"}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <Versioned state={versioned}>
          {form.errors && (
            <p id={form.errorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {form.errors.join(". ")}
            </p>
          )}
          {environments.map(([environment, { head, body }]) => (
            <div key={environment} hidden={environment !== active} className="space-y-4">
              {[head, body].map((name) => (
                <TextAreaField
                  key={name}
                  meta={fields[name] as unknown as Meta}
                  label={SCRIPT_FIELD_LABELS[name]}
                  hint={name === head ? "Added at the end of <head>." : "Added at the end of <body>."}
                  rows={6}
                  spellCheck={false}
                  className="[&_textarea]:font-mono"
                />
              ))}
            </div>
          ))}
          <div className="flex justify-end">
            <button type="submit" className={buttonClass.primary} disabled={navigation.state === "submitting"}>
              Save Scripts
            </button>
          </div>
        </Versioned>
      </Form>
    </section>
  );
}
