// The Add/Edit Activity dialog (admin §4, §5): one conform form over the one zod schema, validated in the
// browser when scripts run and always on the server.
import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { RouteDialog } from "~/components/RouteDialog";
import { useHydrated } from "~/components/hydrated";
import {
  activitySchema,
  COST_CHOICES,
  DURATION_CHOICES,
  PHOTO_SOURCE_LABELS,
  TOURISTY_LEVEL_CHOICES,
  type ActivityFormValues,
  type ActivityInput,
} from "~/domain/activity-form";
import { listUrlOf } from "~/domain/admin-activity-list";
import { PHOTO_SOURCES } from "~/domain/constants";
import { countryOptions, DEFAULT_COUNTRY, statesOf } from "~/domain/countries";

export type EditorChoices = {
  categories: string[];
  tags: string[];
  cities: Array<{ id: string; displayName: string; state: string }>;
};

export function schemaFor(choices: EditorChoices) {
  return activitySchema({
    categories: choices.categories,
    tags: choices.tags,
    cityIds: choices.cities.map((c) => c.id),
  });
}

const COUNTRY_OPTIONS = countryOptions();

const inputClass = "w-full rounded-md border border-gray-300 px-3 py-2 aria-[invalid=true]:border-red-500";

export function ActivityEditor({
  mode,
  choices,
  defaultValue,
  lastResult,
}: {
  mode: "add" | "edit";
  choices: EditorChoices;
  defaultValue: Partial<ActivityFormValues>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const closeTo = listUrlOf(new URLSearchParams(location.search));
  const schema = schemaFor(choices);
  const [form, fields] = useForm<ActivityFormValues, ActivityInput>({
    id: mode === "add" ? "activity-add" : "activity-edit",
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });

  const country = fields.country.value ?? fields.country.initialValue ?? DEFAULT_COUNTRY;
  const initialCountry = fields.country.initialValue ?? DEFAULT_COUNTRY;
  const states = statesOf(country);
  // A new country starts with an empty state (admin §4); the key remounts the field to clear it.
  const stateDefault = country === initialCountry ? (fields.state.initialValue ?? "") : "";
  const photoSource = fields.photoSource.value ?? fields.photoSource.initialValue ?? "original";
  // Without scripts the Custom Photo URL field is always there; with them it appears for 'custom'.
  const showCustomPhoto = !hydrated || photoSource === "custom" || !!fields.customPhotoUrl.errors;
  const busy = navigation.state === "submitting";
  const title = mode === "add" ? "Add Activity" : "Edit Activity";

  return (
    <RouteDialog title={title} closeTo={closeTo} wide>
      <Form
        method="post"
        action={`${location.pathname}${location.search}`}
        {...getFormProps(form)}
        noValidate
        className="space-y-5"
      >
        {form.errors && (
          <p id={form.errorId} role="alert" className="text-sm text-red-700">
            {form.errors.join(" ")}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Title" required meta={fields.title} className="sm:col-span-2">
            <input
              {...props(getInputProps(fields.title, { type: "text" }))}
              data-autofocus
              aria-required
              className={inputClass}
            />
          </Field>
          <Field label="Category" required meta={fields.category}>
            <select {...props(getSelectProps(fields.category))} aria-required className={inputClass}>
              <option value="">Select a category</option>
              {choices.categories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
          <Field label="City" required meta={fields.cityId}>
            <select {...props(getSelectProps(fields.cityId))} aria-required className={inputClass}>
              <option value="">Select a city</option>
              {choices.cities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.displayName}
                  {c.state ? `, ${c.state}` : ""}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Description" required meta={fields.excerpt} className="sm:col-span-2">
            <textarea {...props(getTextareaProps(fields.excerpt))} aria-required rows={3} className={inputClass} />
          </Field>
          <Field label="Image URL" required meta={fields.image} className="sm:col-span-2">
            <input
              {...props(getInputProps(fields.image, { type: "text" }))}
              aria-required
              inputMode="url"
              className={inputClass}
            />
          </Field>
          <Field label="Latitude" required meta={fields.latitude}>
            <input
              {...props(getInputProps(fields.latitude, { type: "number" }))}
              aria-required
              step="any"
              className={inputClass}
            />
          </Field>
          <Field label="Longitude" required meta={fields.longitude}>
            <input
              {...props(getInputProps(fields.longitude, { type: "number" }))}
              aria-required
              step="any"
              className={inputClass}
            />
          </Field>
          <Field label="Country" meta={fields.country}>
            <select {...props(getSelectProps(fields.country))} className={inputClass}>
              <optgroup label="Featured">
                {COUNTRY_OPTIONS.featured.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </optgroup>
              <optgroup label="All countries">
                {COUNTRY_OPTIONS.others.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </optgroup>
            </select>
          </Field>
          <Field label="State" required={!states} meta={fields.state}>
            {states ? (
              <select
                {...props(getSelectProps(fields.state))}
                key={`state-list-${country}`}
                defaultValue={states.includes(stateDefault) ? stateDefault : ""}
                className={inputClass}
              >
                <option value="">Select a state</option>
                {/* Keeps a value posted for another country visible, so the error beside it makes sense. */}
                {stateDefault && !states.includes(stateDefault) && <option value={stateDefault}>{stateDefault}</option>}
                {states.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...props(getInputProps(fields.state, { type: "text" }))}
                key={`state-text-${country}`}
                aria-required
                defaultValue={stateDefault}
                className={inputClass}
              />
            )}
          </Field>
          <Field label="Address" meta={fields.address} className="sm:col-span-2">
            <input {...props(getInputProps(fields.address, { type: "text" }))} className={inputClass} />
          </Field>
          <Field label="Website" meta={fields.website}>
            <input {...props(getInputProps(fields.website, { type: "url" }))} className={inputClass} />
          </Field>
          <Field label="Phone number" meta={fields.phoneNumber}>
            <input {...props(getInputProps(fields.phoneNumber, { type: "tel" }))} className={inputClass} />
          </Field>
          <Field label="Google Maps URL" meta={fields.googleMapsUrl} className="sm:col-span-2">
            <input {...props(getInputProps(fields.googleMapsUrl, { type: "url" }))} className={inputClass} />
          </Field>
        </div>

        <fieldset aria-describedby={fields.tags.errors ? fields.tags.errorId : undefined}>
          <legend className="mb-1 text-sm font-medium">Tags</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {getCollectionProps(fields.tags, { type: "checkbox", options: choices.tags }).map(({ key, ...p }) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input {...p} />
                {p.value}
              </label>
            ))}
          </div>
          <FieldErrors meta={fields.tags} />
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Touristy level" meta={fields.touristyLevel}>
            <select {...props(getSelectProps(fields.touristyLevel))} className={inputClass}>
              {TOURISTY_LEVEL_CHOICES.map((v) => (
                <option key={v}>{v}</option>
              ))}
            </select>
          </Field>
          <Field label="Cost" meta={fields.cost}>
            <select {...props(getSelectProps(fields.cost))} className={inputClass}>
              {COST_CHOICES.map((v) => (
                <option key={v}>{v}</option>
              ))}
            </select>
          </Field>
          <Field label="Duration" meta={fields.duration}>
            <select {...props(getSelectProps(fields.duration))} className={inputClass}>
              {DURATION_CHOICES.map((v) => (
                <option key={v}>{v}</option>
              ))}
            </select>
          </Field>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Photo source" meta={fields.photoSource}>
            <select {...props(getSelectProps(fields.photoSource))} className={inputClass}>
              {PHOTO_SOURCES.map((v) => (
                <option key={v} value={v}>
                  {PHOTO_SOURCE_LABELS[v]}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label="Custom Photo URL"
            hint={hydrated ? undefined : "Required when the photo source is Custom URL."}
            meta={fields.customPhotoUrl}
            hidden={!showCustomPhoto}
          >
            <input {...props(getInputProps(fields.customPhotoUrl, { type: "url" }))} className={inputClass} />
          </Field>
          <Field label="Meta title" meta={fields.metaTitle}>
            <input {...props(getInputProps(fields.metaTitle, { type: "text" }))} className={inputClass} />
          </Field>
          <Field label="Meta description" meta={fields.metaDescription}>
            <textarea {...props(getTextareaProps(fields.metaDescription))} rows={2} className={inputClass} />
          </Field>
        </div>

        <div className="flex justify-end gap-2 border-t border-gray-200 pt-4">
          <Link to={closeTo} preventScrollReset className="rounded-md border border-gray-300 px-4 py-2 font-semibold">
            Cancel
          </Link>
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-black px-4 py-2 font-semibold text-white disabled:opacity-60"
          >
            {mode === "add" ? "Create" : "Update"}
          </button>
        </div>
      </Form>
    </RouteDialog>
  );
}

/** conform's props carry a React key, which must not be spread. */
function props<T extends { key?: unknown }>({ key: _key, ...rest }: T): Omit<T, "key"> {
  return rest;
}

function Field({
  label,
  meta,
  required = false,
  hint,
  hidden = false,
  className = "",
  children,
}: {
  label: string;
  meta: FieldMetadata<unknown>;
  required?: boolean;
  hint?: string;
  hidden?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1 ${className}`} hidden={hidden}>
      {/* The asterisk sits outside the label so the field's name stays exactly its label; aria-required says it. */}
      <div className="text-sm font-medium">
        <label htmlFor={meta.id}>{label}</label>
        {required && (
          <span aria-hidden="true" className="text-red-600">
            {" "}
            *
          </span>
        )}
      </div>
      {children}
      {hint && <p className="text-xs text-gray-500">{hint}</p>}
      <FieldErrors meta={meta} />
    </div>
  );
}

function FieldErrors({ meta }: { meta: FieldMetadata<unknown> }) {
  if (!meta.errors?.length) return null;
  return (
    <p id={meta.errorId} className="text-sm text-red-700">
      {meta.errors.join(" ")}
    </p>
  );
}
