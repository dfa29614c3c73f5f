// The one activity schema (admin §3, §4, §5): the Add/Edit Activity form validates with it in the browser
// and on the server, and the admin API validates its JSON bodies with it too.
import { isValidPhoneNumber } from "libphonenumber-js";
import { z } from "zod";
import { COSTS, DURATIONS, NOT_AVAILABLE, PHOTO_SOURCES, TOURISTY_LEVELS } from "./constants";
import { countryCode, DEFAULT_COUNTRY, DEFAULT_STATE, isCountry, statesOf } from "./countries";
import { titleSlug } from "./slug";

/** What the form may choose from; the caller reads them from the Category, Tag and City tables. */
export type ActivityChoices = {
  categories: readonly string[];
  tags: readonly string[];
  cityIds: readonly string[];
};

/** 'Other' is always allowed, whatever the Category table holds (admin §3). */
export const OTHER_CATEGORY = "Other";

export function categoryChoices(categories: readonly string[]): string[] {
  return categories.includes(OTHER_CATEGORY) ? [...categories] : [...categories, OTHER_CATEGORY];
}

export const TOURISTY_LEVEL_CHOICES = [NOT_AVAILABLE, ...TOURISTY_LEVELS] as const;
export const COST_CHOICES = [NOT_AVAILABLE, ...COSTS] as const;
export const DURATION_CHOICES = [NOT_AVAILABLE, ...DURATIONS] as const;

export const PHOTO_SOURCE_LABELS: Record<(typeof PHOTO_SOURCES)[number], string> = {
  original: "Original/Unsplash (free)",
  google: "Google Photos (premium)",
  custom: "Custom URL",
};

export const ACTIVITY_MESSAGES = {
  titleRequired: "Title is required",
  titleTooLong: "Title must be at most 200 characters",
  categoryRequired: "Category is required",
  categoryUnknown: "Choose a category from the list",
  excerptRequired: "Description is required",
  imageRequired: "Image URL is required",
  imageInvalid: "Image URL must be a valid URL",
  latitudeRequired: "Latitude is required",
  latitudeInvalid: "Latitude must be a number between -90 and 90",
  longitudeRequired: "Longitude is required",
  longitudeInvalid: "Longitude must be a number between -180 and 180",
  cityRequired: "City is required",
  cityUnknown: "Choose a city from the list",
  countryUnknown: "Choose a country from the list",
  stateRequired: "State is required",
  stateNotInCountry: (state: string, country: string) =>
    `"${state}" is not a state of ${country}; choose one from the list`,
  websiteInvalid: "Website must be a valid URL",
  phoneInvalid: "Phone number is not valid",
  googleMapsUrlInvalid: "Google Maps URL must be a valid URL",
  tagUnknown: "Choose tags from the list",
  choiceUnknown: "Choose a value from the list",
  photoSourceUnknown: "Choose a photo source from the list",
  customPhotoUrlRequired: "Custom Photo URL is required when the photo source is Custom URL",
  customPhotoUrlInvalid: "Custom Photo URL must be a valid URL",
} as const;

/** Form fields arrive as strings ('' when left empty), JSON bodies as strings, numbers or null. */
function blankToUndefined(value: unknown): unknown {
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return value.trim() === "" ? undefined : value.trim();
  return value === null ? undefined : value;
}

function requiredText(message: string) {
  return z.preprocess(blankToUndefined, z.string({ error: message }));
}

const optionalText = z.preprocess(blankToUndefined, z.string().optional());

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Images may also be the site's own files ('/images/default-activity.svg', the default image). */
export function isImageUrl(value: string): boolean {
  return isHttpUrl(value) || (/^\/[^/\\]/.test(value) && !/\s/.test(value));
}

function coordinate(required: string, invalid: string, limit: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: required })
      .refine((v) => /^[-+]?(\d+\.?\d*|\.\d+)$/.test(v) && Math.abs(Number(v)) <= limit, invalid)
      .transform(Number),
  );
}

function choice(values: readonly string[], message: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .refine((v) => v === undefined || values.includes(v), message)
      .transform((v) => v ?? NOT_AVAILABLE),
  );
}

/** One checkbox posts a string, several post a list, none posts nothing. */
function nameList(values: readonly string[], message: string) {
  return z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string().trim()).refine((names) => names.every((n) => values.includes(n)), message),
  );
}

export function activitySchema(choices: ActivityChoices) {
  const categories = categoryChoices(choices.categories);
  const m = ACTIVITY_MESSAGES;
  return z
    .object({
      title: requiredText(m.titleRequired).pipe(z.string().max(200, m.titleTooLong)),
      category: requiredText(m.categoryRequired).refine((v) => categories.includes(v), m.categoryUnknown),
      excerpt: requiredText(m.excerptRequired),
      image: requiredText(m.imageRequired).refine(isImageUrl, m.imageInvalid),
      latitude: coordinate(m.latitudeRequired, m.latitudeInvalid, 90),
      longitude: coordinate(m.longitudeRequired, m.longitudeInvalid, 180),
      cityId: requiredText(m.cityRequired).refine((v) => choices.cityIds.includes(v), m.cityUnknown),
      country: optionalText
        .refine((v) => v === undefined || isCountry(v), m.countryUnknown)
        .transform((v) => v ?? DEFAULT_COUNTRY),
      state: optionalText,
      address: optionalText,
      website: optionalText.refine((v) => v === undefined || isHttpUrl(v), m.websiteInvalid),
      phoneNumber: optionalText,
      googleMapsUrl: optionalText.refine((v) => v === undefined || isHttpUrl(v), m.googleMapsUrlInvalid),
      tags: nameList(choices.tags, m.tagUnknown),
      touristyLevel: choice(TOURISTY_LEVEL_CHOICES, m.choiceUnknown),
      cost: choice(COST_CHOICES, m.choiceUnknown),
      duration: choice(DURATION_CHOICES, m.choiceUnknown),
      photoSource: z.preprocess(
        blankToUndefined,
        z.enum(PHOTO_SOURCES, { error: m.photoSourceUnknown }).default("original"),
      ),
      customPhotoUrl: optionalText.refine((v) => v === undefined || isHttpUrl(v), m.customPhotoUrlInvalid),
      metaTitle: optionalText,
      metaDescription: optionalText,
    })
    .superRefine(
      // Runs even when other fields failed, so an empty submit shows every message at once.
      (value, ctx) => {
        const v = value as Partial<typeof value>;
        const country = typeof v.country === "string" && isCountry(v.country) ? v.country : undefined;
        if (country !== undefined) {
          const states = statesOf(country);
          if (states && v.state !== undefined && !states.includes(v.state)) {
            ctx.addIssue({ code: "custom", path: ["state"], message: m.stateNotInCountry(v.state, country) });
          }
          if (!states && v.state === undefined)
            ctx.addIssue({ code: "custom", path: ["state"], message: m.stateRequired });
        }
        if (
          typeof v.phoneNumber === "string" &&
          !isValidPhoneNumber(v.phoneNumber, countryCode(country ?? DEFAULT_COUNTRY))
        ) {
          ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: m.phoneInvalid });
        }
        if (v.photoSource === "custom" && v.customPhotoUrl === undefined) {
          ctx.addIssue({ code: "custom", path: ["customPhotoUrl"], message: m.customPhotoUrlRequired });
        }
      },
      { when: () => true },
    );
}

export type ActivityInput = z.infer<ReturnType<typeof activitySchema>>;

/** The stored row for validated input: optional text becomes null, the slug follows the title. */
export function activityData(input: ActivityInput) {
  return {
    slug: titleSlug(input.title),
    title: input.title,
    excerpt: input.excerpt,
    image: input.image,
    latitude: input.latitude,
    longitude: input.longitude,
    cityId: input.cityId,
    category: input.category,
    country: input.country,
    state: input.state ?? "",
    address: input.address ?? null,
    website: input.website ?? null,
    phoneNumber: input.phoneNumber ?? null,
    googleMapsUrl: input.googleMapsUrl ?? null,
    touristyLevel: input.touristyLevel,
    cost: input.cost,
    duration: input.duration,
    photoSource: input.photoSource,
    customPhotoUrl: input.customPhotoUrl ?? null,
    metaTitle: input.metaTitle ?? null,
    metaDescription: input.metaDescription ?? null,
  };
}

export type ActivityData = ReturnType<typeof activityData>;

/** The form's values for a stored activity (edit mode), in the same shape the form posts. */
export type ActivityFormValues = {
  [K in keyof ActivityInput]: K extends "tags" ? string[] : string;
};

type StoredActivity = Omit<ActivityData, "slug" | "photoSource"> & { photoSource: string; tags: readonly string[] };

export function activityFormValues(a: StoredActivity): ActivityFormValues {
  return {
    title: a.title,
    category: a.category,
    excerpt: a.excerpt,
    image: a.image,
    latitude: String(a.latitude),
    longitude: String(a.longitude),
    cityId: a.cityId,
    country: a.country,
    state: a.state,
    address: a.address ?? "",
    website: a.website ?? "",
    phoneNumber: a.phoneNumber ?? "",
    googleMapsUrl: a.googleMapsUrl ?? "",
    tags: [...a.tags],
    touristyLevel: a.touristyLevel,
    cost: a.cost,
    duration: a.duration,
    photoSource: a.photoSource,
    customPhotoUrl: a.customPhotoUrl ?? "",
    metaTitle: a.metaTitle ?? "",
    metaDescription: a.metaDescription ?? "",
  };
}

/** A new activity's starting values (admin §3 defaults). */
export function newActivityFormValues(cityId: string): Partial<ActivityFormValues> {
  return {
    cityId,
    country: DEFAULT_COUNTRY,
    state: DEFAULT_STATE,
    touristyLevel: NOT_AVAILABLE,
    cost: NOT_AVAILABLE,
    duration: NOT_AVAILABLE,
    photoSource: "original",
    tags: [],
  };
}

/**
 * The API's JSON body as form values: PUT sends only some fields (admin §7), so they are laid over the
 * stored activity and the whole is validated again; 'phone' is the spec's name for phoneNumber there.
 */
export function apiBodyValues(body: Record<string, unknown>, stored?: ActivityFormValues): Record<string, unknown> {
  const values: Record<string, unknown> = { ...(stored ?? {}) };
  for (const [key, value] of Object.entries(body)) {
    if (key === "phone") values.phoneNumber = value;
    else values[key] = value;
  }
  return values;
}

/**
 * POST /api/activities: the body as form values with the admin defaults for what it leaves out (admin §3: country
 * United States, state Tennessee). The state default belongs to the default country only: another country's
 * states are its own.
 */
export function newActivityApiValues(body: Record<string, unknown>): Record<string, unknown> {
  const values = apiBodyValues(body);
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  if (blank(values.country)) values.country = DEFAULT_COUNTRY;
  if (blank(values.state) && values.country === DEFAULT_COUNTRY) values.state = DEFAULT_STATE;
  return values;
}

/** Field errors as `{ field: [messages] }`, the shape conform and the API both use. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export const BULK_MESSAGES = {
  noneSelected: "Select at least one activity",
  categoryRequired: "Category is required",
} as const;

/** Activity ids from a form (one or many values) or a JSON list. */
export const activityIdsSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z
    // Ids are the int4 primary key's: a larger number is no activity (and PostgreSQL would refuse it).
    .array(z.coerce.number().int().positive().max(2_147_483_647))
    .min(1, BULK_MESSAGES.noneSelected)
    .transform((ids) => [...new Set(ids)]),
);

/** POST /api/activities/bulk-category-update and the tab's Change Category action. */
export function bulkCategorySchema(categories: readonly string[]) {
  const names = categoryChoices(categories);
  return z.object({
    activityIds: activityIdsSchema,
    categoryName: requiredText(BULK_MESSAGES.categoryRequired).refine(
      (v) => names.includes(v),
      ACTIVITY_MESSAGES.categoryUnknown,
    ),
  });
}
