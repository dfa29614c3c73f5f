// Labelled form controls bound to conform field metadata: the error renders under the control, from the
// server without JavaScript and from the client with it.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";

const CONTROL =
  "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm shadow-sm focus:border-brand focus:ring-2 focus:ring-brand/40 focus:outline-none aria-[invalid=true]:border-red-500 disabled:bg-gray-100 disabled:text-gray-500";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

export function FieldError({ meta }: { meta: Meta }) {
  if (!meta.errors?.length) return null;
  return (
    <p id={meta.errorId} className="mt-1 text-sm text-red-700">
      {meta.errors.join(". ")}
    </p>
  );
}

function Label({ meta, label, required }: { meta: Meta; label: string; required?: boolean }) {
  return (
    <label htmlFor={meta.id} className="block text-sm font-medium text-gray-800">
      {label}
      {required && (
        <span aria-hidden="true" className="text-red-600">
          {" "}
          *
        </span>
      )}
    </label>
  );
}

export function TextField({
  meta,
  label,
  required,
  hint,
  type = "text",
  ...rest
}: {
  meta: Meta;
  label: string;
  required?: boolean;
  hint?: string;
  type?: "text" | "url" | "number";
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type">) {
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: hint ? `${meta.id}-hint` : undefined });
  return (
    <div>
      <Label meta={meta} label={label} required={required} />
      <input key={key} {...props} {...rest} aria-required={required || undefined} className={CONTROL} />
      {hint && (
        <p id={`${meta.id}-hint`} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      )}
      <FieldError meta={meta} />
    </div>
  );
}

export function TextAreaField({
  meta,
  label,
  required,
  rows = 3,
}: {
  meta: Meta;
  label: string;
  required?: boolean;
  rows?: number;
}) {
  const { key, ...props } = getTextareaProps(meta);
  return (
    <div>
      <Label meta={meta} label={label} required={required} />
      <textarea key={key} {...props} rows={rows} aria-required={required || undefined} className={CONTROL} />
      <FieldError meta={meta} />
    </div>
  );
}

export function SelectField({
  meta,
  label,
  required,
  options,
}: {
  meta: Meta;
  label: string;
  required?: boolean;
  options: ReadonlyArray<string | { value: string; label: string }>;
}) {
  const { key, ...props } = getSelectProps(meta);
  return (
    <div>
      <Label meta={meta} label={label} required={required} />
      <select key={key} {...props} aria-required={required || undefined} className={CONTROL}>
        {options.map((o) => {
          const { value, label: text } = typeof o === "string" ? { value: o, label: o } : o;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      <FieldError meta={meta} />
    </div>
  );
}

export const buttonClass = {
  primary:
    "inline-flex items-center justify-center rounded-md bg-black px-4 py-2 text-sm font-semibold text-white hover:bg-gray-800 disabled:opacity-60",
  brand:
    "inline-flex items-center justify-center rounded-md bg-brand px-4 py-2 text-sm font-semibold text-black hover:bg-brand-dark",
  secondary:
    "inline-flex items-center justify-center rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium hover:bg-gray-50",
  danger:
    "inline-flex items-center justify-center rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60",
  small: "inline-flex items-center rounded-md border border-gray-300 px-2.5 py-1 text-xs font-medium hover:bg-gray-50",
  smallDanger:
    "inline-flex items-center rounded-md border border-red-300 px-2.5 py-1 text-xs font-medium text-red-700 hover:bg-red-50",
} as const;
