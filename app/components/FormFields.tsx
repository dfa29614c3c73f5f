// The admin form kit: labelled form controls bound to conform field metadata. The error renders under the control,
// from the server without JavaScript and from the client with it; every admin form is built from these.
import {
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createContext, useContext } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import type { VersionState } from "~/domain/admin/row-version";

export const controlClass =
  "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm shadow-sm focus:border-brand focus:ring-2 focus:ring-brand/40 focus:outline-none aria-[invalid=true]:border-red-500 disabled:bg-gray-100 disabled:text-gray-500";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/**
 * The fields someone else changed while this form was open, with the value they saved (after a refused save,
 * domain/admin/row-version.ts changedFields): each field of the kit marks itself with it.
 */
const ConflictChanges = createContext<Readonly<Record<string, string>>>({});

/** An edit form's version fields (hidden) and the marks of a refused save for every field inside it. */
export function Versioned({ state, children }: { state: VersionState | undefined; children: React.ReactNode }) {
  return (
    <ConflictChanges.Provider value={state?.changes ?? {}}>
      {state && (
        <>
          <input type="hidden" name="version" value={state.version ?? ""} readOnly />
          <input type="hidden" name="opened" value={state.opened ? JSON.stringify(state.opened) : ""} readOnly />
        </>
      )}
      {children}
    </ConflictChanges.Provider>
  );
}

/** A field someone else changed while the form was open: their value, under the admin's own. */
export function ConflictNote({ name }: { name: string }) {
  const theirs = useContext(ConflictChanges)[name];
  if (theirs === undefined) return null;
  return (
    <p
      data-conflict={name}
      className="mt-1 rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-sm text-amber-950"
    >
      <span className="font-medium">Changed by someone else to:</span>{" "}
      <span className="break-words whitespace-pre-wrap">{theirs}</span>
    </p>
  );
}

/** A form's own messages (a refusal that names no field, a refused save), above its fields. */
export function FormErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {errors.join(". ")}
    </p>
  );
}

export function FieldError({ meta }: { meta: Meta }) {
  if (!meta.errors?.length) return null;
  return (
    <p id={meta.errorId} className="mt-1 text-sm text-red-700">
      {meta.errors.join(". ")}
    </p>
  );
}

function Label({ meta, label, required }: { meta: Meta; label: string; required?: boolean }) {
  // The asterisk sits outside the label so the field's name is exactly its label; aria-required says it.
  return (
    <div className="text-sm font-medium text-gray-800">
      <label htmlFor={meta.id}>{label}</label>
      {required && (
        <span aria-hidden="true" className="text-red-600">
          {" "}
          *
        </span>
      )}
    </div>
  );
}

/** What an admin form takes from its route: the last submission's reply and, editing a row, its version state. */
export type FormReplyProps = {
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The row's version state (hidden fields; after a refused save, the fields to review). */
  versioned?: VersionState;
};

export type FieldProps = {
  meta: Meta;
  label: string;
  required?: boolean;
  hint?: string;
  /** Grid placement and the like. */
  className?: string;
  hidden?: boolean;
};

function hintId(meta: Meta, hint: string | undefined) {
  return hint ? `${meta.id}-hint` : undefined;
}

/** A label, any control for `meta` (given as children), a hint and the field's errors. */
export function Field({ children, ...field }: FieldProps & { children: React.ReactNode }) {
  const { meta, label, required, hint } = field;
  return (
    <div className={field.className} hidden={field.hidden}>
      <Label meta={meta} label={label} required={required} />
      {children}
      {hint && (
        <p id={hintId(meta, hint)} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      )}
      <FieldError meta={meta} />
      <ConflictNote name={meta.name} />
    </div>
  );
}

export function TextField({
  meta,
  label,
  required,
  hint,
  className,
  hidden,
  type = "text",
  ...rest
}: FieldProps & {
  type?: "text" | "url" | "number" | "tel";
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "hidden">) {
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: hintId(meta, hint) });
  return (
    <Field meta={meta} label={label} required={required} hint={hint} className={className} hidden={hidden}>
      <input key={key} {...props} {...rest} aria-required={required || undefined} className={controlClass} />
    </Field>
  );
}

export function TextAreaField({
  meta,
  label,
  required,
  hint,
  className,
  rows = 3,
  placeholder,
  spellCheck,
}: FieldProps & { rows?: number; placeholder?: string; spellCheck?: boolean }) {
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: hintId(meta, hint) });
  return (
    <Field meta={meta} label={label} required={required} hint={hint} className={className}>
      <textarea
        key={key}
        {...props}
        rows={rows}
        placeholder={placeholder}
        spellCheck={spellCheck}
        aria-required={required || undefined}
        className={controlClass}
      />
    </Field>
  );
}

/** A choice of a select: its value, shown as it is, or a value and its label. */
export type Option = string | { value: string; label: string };

/** The <option>s of `options`, for any select. */
export function Options({ options }: { options: ReadonlyArray<Option> }) {
  return options.map((o) => {
    const { value, label } = typeof o === "string" ? { value: o, label: o } : o;
    return (
      <option key={value} value={value}>
        {label}
      </option>
    );
  });
}

export function SelectField({
  meta,
  label,
  required,
  hint,
  className,
  options,
  groups,
  placeholder,
}: FieldProps & {
  options?: ReadonlyArray<Option>;
  /** Options under headings (<optgroup>), after `options`. */
  groups?: ReadonlyArray<{ label: string; options: ReadonlyArray<Option> }>;
  /** A first, empty choice ('Select a city'). */
  placeholder?: string;
}) {
  const { key, ...props } = getSelectProps(meta, { ariaDescribedBy: hintId(meta, hint) });
  return (
    <Field meta={meta} label={label} required={required} hint={hint} className={className}>
      <select key={key} {...props} aria-required={required || undefined} className={controlClass}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options && <Options options={options} />}
        {groups?.map((group) => (
          <optgroup key={group.label} label={group.label}>
            <Options options={group.options} />
          </optgroup>
        ))}
      </select>
    </Field>
  );
}

/** A list of checkboxes (a fieldset with a legend): the values ticked post under one name. */
export function CheckboxGroupField({
  meta,
  label,
  options,
}: {
  meta: Meta;
  label: string;
  options: readonly string[];
}) {
  return (
    <fieldset aria-describedby={meta.errors ? meta.errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-gray-800">{label}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {getCollectionProps(meta, { type: "checkbox", options: [...options] }).map(({ key, ...props }) => (
          <label key={key} className="flex items-center gap-2 text-sm">
            <input {...props} />
            {props.value}
          </label>
        ))}
      </div>
      <FieldError meta={meta} />
      <ConflictNote name={meta.name} />
    </fieldset>
  );
}

export const buttonClass = {
  primary:
    "inline-flex items-center justify-center rounded-md bg-black px-4 py-2 text-sm font-semibold text-white hover:bg-gray-800 disabled:opacity-60",
  brand:
    "inline-flex items-center justify-center rounded-md bg-brand px-4 py-2 text-sm font-semibold text-black hover:bg-brand-dark",
  secondary:
    "inline-flex items-center justify-center rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium hover:bg-gray-50 disabled:opacity-50",
  danger:
    "inline-flex items-center justify-center rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60",
  small: "inline-flex items-center rounded-md border border-gray-300 px-2.5 py-1 text-xs font-medium hover:bg-gray-50",
  smallDanger:
    "inline-flex items-center rounded-md border border-red-300 px-2.5 py-1 text-xs font-medium text-red-700 hover:bg-red-50",
} as const;

/**
 * How every admin form validates in the browser, with the schema the server parses it with: on submit, then again
 * as the administrator types. Not on blur: a message appearing as the pointer leaves a field moves the buttons
 * under it.
 */
export function validateWith<S extends z.ZodType>(schema: S) {
  return {
    onValidate: ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
    shouldValidate: "onSubmit" as const,
    shouldRevalidate: "onInput" as const,
  };
}

/** A dialog form's Cancel (back to `cancelTo`) and its submit button, Create or Update (admin §4). */
export function FormButtons({ cancelTo, editing, busy }: { cancelTo: string; editing: boolean; busy?: boolean }) {
  return (
    <div className="flex justify-end gap-2 border-t border-gray-100 pt-4">
      <Link to={cancelTo} preventScrollReset className={buttonClass.secondary}>
        Cancel
      </Link>
      <button type="submit" disabled={busy} className={buttonClass.primary}>
        {editing ? "Update" : "Create"}
      </button>
    </div>
  );
}
