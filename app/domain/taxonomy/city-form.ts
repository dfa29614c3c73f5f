// The Add / Edit City form and the city API body (spec/admin.md §3 "City", §5 "City form").
import { z } from "zod";
import { CITY_RADIUS_MILES } from "../constants";
import {
  isHttpUrl,
  optionalText,
  requiredNumber,
  requiredText,
  textOrEmpty,
  toFlag,
  toNumberInput,
} from "../form-values";

/** Slug-like: lowercase letters and digits, words joined by single hyphens ('new-york', 'st-louis'). */
export const CITY_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CITY_ID_MAX_LENGTH = 60;

/** First path segments the site itself uses; a city with one of these ids would be shadowed by them. */
export const RESERVED_CITY_IDS = [
  "admin",
  "api",
  "embed",
  "activity",
  "usa",
  "assets",
  "icons",
  "images",
  "things-to-do",
] as const;

export const CITY_MESSAGES = {
  idRequired: "City ID is required",
  idFormat: "City ID may contain only lowercase letters, digits and hyphens (for example new-york)",
  idTooLong: `City ID must be at most ${CITY_ID_MAX_LENGTH} characters`,
  idReserved: "This City ID is reserved for the site's own pages",
  idTaken: "A city with this ID already exists",
  nameRequired: "Name is required",
  displayNameRequired: "Display name is required",
  countryRequired: "Country is required",
  stateRequired: "State is required",
  descriptionRequired: "Description is required",
  latitudeRange: "Center latitude must be between -90 and 90",
  longitudeRange: "Center longitude must be between -180 and 180",
  radiusPositive: "Radius must be at least 1 mile",
  featuredImageUrl: "Featured image URL must be a valid URL (https://…)",
} as const;

/** Radius is a number of miles; a missing or non-numeric value falls back to 60 (admin §5, §9). */
export function cityRadius(value: unknown): number {
  const n = toNumberInput(value);
  if (typeof n !== "number" || !Number.isFinite(n)) return CITY_RADIUS_MILES;
  return Math.round(n);
}

const cityFields = {
  name: requiredText(CITY_MESSAGES.nameRequired),
  displayName: requiredText(CITY_MESSAGES.displayNameRequired),
  country: requiredText(CITY_MESSAGES.countryRequired),
  state: requiredText(CITY_MESSAGES.stateRequired),
  stateCode: textOrEmpty(),
  description: requiredText(CITY_MESSAGES.descriptionRequired),
  centerLatitude: requiredNumber("Center latitude").pipe(
    z.number().min(-90, CITY_MESSAGES.latitudeRange).max(90, CITY_MESSAGES.latitudeRange),
  ),
  centerLongitude: requiredNumber("Center longitude").pipe(
    z.number().min(-180, CITY_MESSAGES.longitudeRange).max(180, CITY_MESSAGES.longitudeRange),
  ),
  radius: z.preprocess(cityRadius, z.number().int().min(1, CITY_MESSAGES.radiusPositive)),
  metaTitle: optionalText(),
  metaDescription: optionalText(),
  // A new city shows photos unless told otherwise (the column's default).
  showPhotos: z.preprocess(
    (v) => (v === undefined ? 1 : toFlag(v)),
    z.union([z.literal(0), z.literal(1)], { error: "showPhotos must be 1 or 0" }),
  ),
  featuredImageUrl: optionalText().refine((v) => v === null || isHttpUrl(v), CITY_MESSAGES.featuredImageUrl),
};

export const cityIdSchema = requiredText(CITY_MESSAGES.idRequired)
  .pipe(z.string().max(CITY_ID_MAX_LENGTH, CITY_MESSAGES.idTooLong))
  .pipe(z.string().regex(CITY_ID_PATTERN, CITY_MESSAGES.idFormat))
  .refine((id) => !(RESERVED_CITY_IDS as readonly string[]).includes(id), CITY_MESSAGES.idReserved);

/** Add City (and POST /api/cities). */
export const CitySchema = z.object({ id: cityIdSchema, ...cityFields });

/** Edit City (and PUT /api/cities/:id): the same fields, the City ID is fixed after creation. */
export const CityUpdateSchema = CitySchema.omit({ id: true });

export type CityInput = z.output<typeof CitySchema>;
export type CityUpdateInput = z.output<typeof CityUpdateSchema>;

/** The show-photos switch on a city card (a form per card): which city, and the new value. */
export const CityPhotoToggleSchema = z.object({
  cityId: cityIdSchema,
  showPhotos: z.preprocess(toFlag, z.union([z.literal(0), z.literal(1)], { error: "showPhotos must be 1 or 0" })),
});

/** The toasts of the show-photos switch (admin §8). */
export function photoToggleToast(displayName: string, showPhotos: 0 | 1) {
  return {
    title: "Success",
    description: `Photo display ${showPhotos === 1 ? "enabled" : "disabled"} for ${displayName}`,
  };
}
export const PHOTO_TOGGLE_FAILED = {
  title: "Error",
  description: "Failed to update photo display setting",
  variant: "destructive",
} as const;
