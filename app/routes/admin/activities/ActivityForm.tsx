// The Add/Edit Activity dialog (admin §4, §5): one conform form over the one zod schema (domain/activities/activity-form.ts),
// validated in the browser when scripts run and always on the server.
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useLocation, useNavigation } from "react-router";
import {
  CheckboxGroupField,
  FormButtons,
  Versioned,
  validateWith,
  controlClass,
  Field,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/FormFields";
import { RouteDialog } from "~/components/RouteDialog";
import { useHydrated } from "~/components/hydrated";
import {
  activityFormSchema,
  phoneHint,
  reviewActivityFormSchema,
  type ActivityFormValues,
  type ReviewActivityInput,
} from "~/domain/activities/activity-form";
import {
  COST_CHOICES,
  DURATION_CHOICES,
  PHOTO_SOURCE_LABELS,
  TOURISTY_LEVEL_CHOICES,
} from "~/domain/activities/activity-record";
import { listUrlOf } from "~/domain/activities/admin-activity-list";
import { PHOTO_SOURCES } from "~/domain/constants";
import { countryGroups, DEFAULT_COUNTRY, statesOf } from "~/domain/activities/countries";
import type { VersionState } from "~/domain/admin/row-version";

export type ActivityFormChoices = {
  categories: string[];
  tags: string[];
  cities: Array<{ id: string; displayName: string; state: string }>;
};

const COUNTRY_GROUPS = countryGroups();
const PHOTO_SOURCE_OPTIONS = PHOTO_SOURCES.map((value) => ({ value, label: PHOTO_SOURCE_LABELS[value] }));

export function ActivityForm({
  mode,
  choices,
  defaultValue,
  lastResult,
  closeTo: closeToProp,
  versioned,
}: {
  /** 'review': the review list's Edit (admin §5), where only title, latitude and longitude are required. */
  mode: "add" | "edit" | "review";
  choices: ActivityFormChoices;
  defaultValue: Partial<ActivityFormValues>;
  lastResult: SubmissionResult<string[]> | undefined;
  /** Where Cancel and closing go: the Activities tab's list by default. */
  closeTo?: string;
  /** An edit form's version state (hidden fields; after a refused save, the fields to review). */
  versioned?: VersionState;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const closeTo = closeToProp ?? listUrlOf(new URLSearchParams(location.search));
  const schemaChoices = {
    categories: choices.categories,
    tags: choices.tags,
    cityIds: choices.cities.map((c) => c.id),
  };
  const review = mode === "review";
  const schema = review ? reviewActivityFormSchema(schemaChoices) : activityFormSchema(schemaChoices);
  // Required in the full form; in the review dialog optional, and left empty they keep what is stored.
  const required = !review;
  const keptHint = review ? "Optional here: left empty, it stays as it is." : undefined;
  // The review schema's output is the full one's with four columns optional, so it types both.
  const [form, fields] = useForm<ActivityFormValues, ReviewActivityInput>({
    id: `activity-${mode}`,
    lastResult,
    defaultValue,
    ...validateWith(schema),
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
  const { key: _stateKey, ...stateSelect } = getSelectProps(fields.state);
  const { key: _stateInputKey, ...stateInput } = getInputProps(fields.state, { type: "text" });

  return (
    <RouteDialog title={mode === "add" ? "Add Activity" : "Edit Activity"} closeTo={closeTo} wide>
      <Form
        method="post"
        action={`${location.pathname}${location.search}`}
        {...getFormProps(form)}
        noValidate
        className="space-y-5"
      >
        <Versioned state={versioned}>
          {form.errors && (
            <p id={form.errorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {form.errors.join(". ")}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField meta={fields.title} label="Title" required className="sm:col-span-2" data-autofocus />
            <SelectField
              meta={fields.category}
              label="Category"
              required={required}
              hint={keptHint}
              placeholder="Select a category"
              options={choices.categories}
            />
            <SelectField
              meta={fields.cityId}
              label="City"
              required={required}
              hint={keptHint}
              placeholder="Select a city"
              options={choices.cities.map((c) => ({
                value: c.id,
                label: c.state ? `${c.displayName}, ${c.state}` : c.displayName,
              }))}
            />
            <TextAreaField
              meta={fields.excerpt}
              label="Description"
              required={required}
              hint={keptHint}
              className="sm:col-span-2"
            />
            <TextField
              meta={fields.image}
              label="Image URL"
              required={required}
              hint={keptHint}
              inputMode="url"
              className="sm:col-span-2"
            />
            <TextField meta={fields.latitude} label="Latitude" required type="number" step="any" />
            <TextField meta={fields.longitude} label="Longitude" required type="number" step="any" />
            <SelectField meta={fields.country} label="Country" groups={COUNTRY_GROUPS} />
            <Field meta={fields.state} label="State" required={!states}>
              {states ? (
                <select
                  {...stateSelect}
                  key={`state-list-${country}`}
                  defaultValue={states.includes(stateDefault) ? stateDefault : ""}
                  className={controlClass}
                >
                  <option value="">Select a state</option>
                  {/* Keeps a value posted for another country visible, so the error beside it makes sense. */}
                  {stateDefault && !states.includes(stateDefault) && (
                    <option value={stateDefault}>{stateDefault}</option>
                  )}
                  {states.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...stateInput}
                  key={`state-text-${country}`}
                  aria-required
                  defaultValue={stateDefault}
                  className={controlClass}
                />
              )}
            </Field>
            <TextField meta={fields.address} label="Address" className="sm:col-span-2" />
            <TextField meta={fields.website} label="Website" type="url" />
            <TextField
              meta={fields.phoneNumber}
              label="Phone number"
              type="tel"
              hint={phoneHint(fields.phoneNumber.value ?? fields.phoneNumber.initialValue, country) ?? undefined}
            />
            <TextField meta={fields.googleMapsUrl} label="Google Maps URL" type="url" className="sm:col-span-2" />
          </div>

          <CheckboxGroupField meta={fields.tags} label="Tags" options={choices.tags} />

          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField meta={fields.touristyLevel} label="Touristy level" options={TOURISTY_LEVEL_CHOICES} />
            <SelectField meta={fields.cost} label="Cost" options={COST_CHOICES} />
            <SelectField meta={fields.duration} label="Duration" options={DURATION_CHOICES} />
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField meta={fields.photoSource} label="Photo source" options={PHOTO_SOURCE_OPTIONS} />
            <TextField
              meta={fields.customPhotoUrl}
              label="Custom Photo URL"
              type="url"
              hint={hydrated ? undefined : "Required when the photo source is Custom URL."}
              hidden={!showCustomPhoto}
            />
            <TextField meta={fields.metaTitle} label="Meta title" />
            <TextAreaField meta={fields.metaDescription} label="Meta description" rows={2} />
          </div>

          <FormButtons cancelTo={closeTo} editing={mode !== "add"} busy={busy} />
        </Versioned>
      </Form>
    </RouteDialog>
  );
}
