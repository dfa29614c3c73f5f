// The Add / Edit City form (spec/admin.md §5 "City form"): one zod schema validates it in the browser and
// in the action; the City ID is fixed once the city exists.
import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import {
  FormButtons,
  type FormReplyProps,
  validateWith,
  SelectField,
  TextAreaField,
  TextField,
  Versioned,
} from "~/components/FormFields";
import { CitySchema, CityUpdateSchema } from "~/domain/taxonomy/city-form";
import { countryGroups } from "~/domain/activities/countries";
import { CITY_RADIUS_MILES } from "~/domain/constants";

export type CityFormValues = {
  id: string;
  name: string;
  displayName: string;
  country: string;
  state: string;
  stateCode: string;
  description: string;
  centerLatitude: number;
  centerLongitude: number;
  radius: number;
  metaTitle: string | null;
  metaDescription: string | null;
  showPhotos: number;
  featuredImageUrl: string | null;
};

function lastOf(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

export function CityForm({
  city,
  lastResult,
  backTo,
  versioned,
}: {
  /** The city being edited; none when adding. */
  city?: CityFormValues;
  backTo: string;
} & FormReplyProps) {
  const editing = city !== undefined;
  // Editing validates without the City ID (it is fixed); the fields are the same.
  const schema = (editing ? CityUpdateSchema : CitySchema) as typeof CitySchema;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: editing ? `city-${city.id}` : "city-new",
    lastResult,
    defaultValue: city
      ? {
          ...city,
          centerLatitude: String(city.centerLatitude),
          centerLongitude: String(city.centerLongitude),
          radius: String(city.radius),
          metaTitle: city.metaTitle ?? "",
          metaDescription: city.metaDescription ?? "",
          featuredImageUrl: city.featuredImageUrl ?? "",
          showPhotos: String(city.showPhotos),
        }
      : { country: "United States", radius: String(CITY_RADIUS_MILES), showPhotos: "1" },
    ...validateWith(schema),
  });
  const showPhotosChecked = String(lastOf(fields.showPhotos.initialValue) ?? "1") === "1";
  const submitting = navigation.state === "submitting";

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <Versioned state={versioned}>
        {form.errors && (
          <p id={form.errorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {form.errors.join(". ")}
          </p>
        )}
        {editing ? (
          <div>
            <label htmlFor="city-id-fixed" className="block text-sm font-medium text-gray-800">
              City ID
            </label>
            <input
              id="city-id-fixed"
              value={city.id}
              disabled
              readOnly
              aria-describedby="city-id-fixed-hint"
              className="mt-1 block w-full rounded-md border border-gray-300 bg-gray-100 px-3 py-2 text-sm text-gray-500"
            />
            <p id="city-id-fixed-hint" className="mt-1 text-xs text-gray-500">
              The City ID is part of the city's web addresses and cannot change after creation.
            </p>
          </div>
        ) : (
          <TextField
            meta={fields.id}
            label="City ID"
            required
            hint="Lowercase letters, digits and hyphens, e.g. new-york. It cannot be changed later."
            autoComplete="off"
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.name} label="Name" required />
          <TextField meta={fields.displayName} label="Display name" required />
          <SelectField meta={fields.country} label="Country" required groups={countryGroups(city?.country)} />
          <TextField meta={fields.state} label="State" required hint="State, province or region" />
          <TextField meta={fields.stateCode} label="State code" hint="e.g. TN; US cities use it in their web address" />
          <TextField
            meta={fields.radius}
            label="Radius (miles)"
            type="number"
            inputMode="numeric"
            hint={`Not a number? ${CITY_RADIUS_MILES} miles is used.`}
          />
          <TextField meta={fields.centerLatitude} label="Center latitude" required inputMode="decimal" />
          <TextField meta={fields.centerLongitude} label="Center longitude" required inputMode="decimal" />
        </div>
        <TextAreaField meta={fields.description} label="Description" required />
        <TextField meta={fields.featuredImageUrl} label="Featured image URL" type="url" placeholder="https://…" />
        <TextField meta={fields.metaTitle} label="Meta title" />
        <TextAreaField meta={fields.metaDescription} label="Meta description" rows={2} />
        <div className="flex items-center gap-2">
          {/* An unticked checkbox sends nothing: the hidden 0 before it says "off", a ticked box's 1 wins. */}
          <input type="hidden" name={fields.showPhotos.name} value="0" />
          <input
            id={fields.showPhotos.id}
            type="checkbox"
            name={fields.showPhotos.name}
            value="1"
            defaultChecked={showPhotosChecked}
            className="h-4 w-4 accent-black"
          />
          <label htmlFor={fields.showPhotos.id} className="text-sm font-medium text-gray-800">
            Show photos on the city page
          </label>
        </div>
        <FormButtons cancelTo={backTo} editing={editing} busy={submitting} />
      </Versioned>
    </Form>
  );
}
