// The one definition of an activity record (admin §3 "Activity", public-site §3 "Activity"): each column once,
// with how it is read from text (a form field, a JSON value, a CSV cell), its limit, its default and how it is
// written back as text. The admin form and API schemas (activity-form.ts), the seed, the public JSON shape, and the
// CSV import and export derive from it.
import { z } from "zod";
import { COSTS, DURATIONS, NOT_AVAILABLE, PHOTO_SOURCES, TOURISTY_LEVELS } from "../constants";
import { DEFAULT_COUNTRY, isCountry } from "./countries";
import {
  decimalOf,
  isAssetUrl,
  LONG_TEXT_MAX,
  MAX_ID,
  optionalHttpUrl,
  optionalText,
  requiredText,
  TEXT_MAX,
  tooLongMessage,
  URL_MAX,
} from "../form-values";
import { formatRating } from "./rating";
import { FALLBACK_CATEGORY } from "../taxonomy/taxonomy";
import { titleSlug } from "../taxonomy/slug";

export const TOURISTY_LEVEL_CHOICES = [NOT_AVAILABLE, ...TOURISTY_LEVELS] as const;
export const COST_CHOICES = [NOT_AVAILABLE, ...COSTS] as const;
export const DURATION_CHOICES = [NOT_AVAILABLE, ...DURATIONS] as const;

export const PHOTO_SOURCE_LABELS: Record<(typeof PHOTO_SOURCES)[number], string> = {
  original: "Original/Unsplash (free)",
  google: "Google Photos (premium)",
  custom: "Custom URL",
};

export const ACTIVITY_LIMITS = {
  title: 200,
  excerpt: LONG_TEXT_MAX,
  url: URL_MAX,
  text: TEXT_MAX,
  phoneNumber: 50,
  metaTitle: 200,
  tags: 50,
} as const;

export const ACTIVITY_MESSAGES = {
  titleRequired: "Title is required",
  titleTooLong: tooLongMessage(ACTIVITY_LIMITS.title, "Title"),
  excerptRequired: "Description is required",
  excerptTooLong: tooLongMessage(ACTIVITY_LIMITS.excerpt, "Description"),
  categoryRequired: "Category is required",
  categoryUnknown: "Choose a category from the list",
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
  /** A hint, not a refusal: the number is saved as typed and Data Quality's Phone Validation flags it. */
  phoneDoubtful: (country: string) =>
    `This does not look like a phone number in ${country}. It is saved as typed; Data Quality's Phone Validation will flag it.`,
  tagUnknown: "Choose tags from the list",
  tooManyTags: `At most ${ACTIVITY_LIMITS.tags} tags`,
  choiceUnknown: "Choose a value from the list",
  photoSourceUnknown: "Choose a photo source from the list",
  customPhotoUrlRequired: "Custom Photo URL is required when the photo source is Custom URL",
  customPhotoUrlInvalid: "Custom Photo URL must be a valid URL",
  ratingInvalid: "Google rating must be a number from 0 to 5",
  reviewCountInvalid: "Google review count must be a whole number",
} as const;

const M = ACTIVITY_MESSAGES;

/** What the text columns may choose from; the caller reads them from the Category, Tag and City tables. */
export type ActivityChoices = {
  categories: readonly string[];
  tags: readonly string[];
  cityIds: readonly string[];
};

/** The categories an activity may have: the Category table's, and 'Other' always (admin §3). */
export function categoryChoices(categories: readonly string[]): string[] {
  return categories.includes(FALLBACK_CATEGORY) ? [...categories] : [...categories, FALLBACK_CATEGORY];
}

const blankTo = (empty: undefined | null) => (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? empty : value;

/** A number as JSON or as plain decimal text; `check` says whether it is acceptable. */
function decimal(required: string, invalid: string, check: (n: number) => boolean) {
  return z.preprocess(
    blankTo(undefined),
    z.union([z.string(), z.number()], { error: required }).transform((value, ctx) => {
      const n = decimalOf(value);
      if (n === undefined || !check(n)) {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      return n;
    }),
  );
}

/** The same, null when empty. */
function optionalDecimal(invalid: string, check: (n: number) => boolean) {
  return z.preprocess(
    blankTo(null),
    z
      .union([z.string(), z.number()], { error: invalid })
      .nullable()
      .transform((value, ctx) => {
        if (value === null) return null;
        const n = decimalOf(value);
        if (n === undefined || !check(n)) {
          ctx.addIssue({ code: "custom", message: invalid });
          return z.NEVER;
        }
        return n;
      }),
  );
}

/** One of `values`; missing or empty gives Not available. */
function choice(values: readonly string[], message: string) {
  return optionalText(TEXT_MAX)
    .refine((v) => v === null || values.includes(v), message)
    .transform((v) => v ?? NOT_AVAILABLE);
}

/** Tag names: a JSON list (a form's checkboxes are made a list by asList before parsing). */
function tagList(values: readonly string[]) {
  return z
    .array(z.string({ error: M.tagUnknown }).trim().max(TEXT_MAX), { error: M.tagUnknown })
    .max(ACTIVITY_LIMITS.tags, M.tooManyTags)
    .default([])
    .refine((names) => names.every((n) => values.includes(n)), M.tagUnknown)
    .transform((names) => [...new Set(names)]);
}

/**
 * Each column's schema: the rules every way in shares. Cross-column rules (a state for a country without a list,
 * the custom photo URL) are in activity-form.ts, which builds the admin form's schema from these. Refusals are only
 * for what would break the site or the spec's own rules (required, types, lengths, choices); a phone, website,
 * Google Maps URL, address or state that looks wrong is stored as given and flagged by Data Quality.
 */
export function activityColumnSchemas(choices: ActivityChoices) {
  const categories = categoryChoices(choices.categories);
  return {
    title: requiredText(M.titleRequired, ACTIVITY_LIMITS.title, M.titleTooLong),
    excerpt: requiredText(M.excerptRequired, ACTIVITY_LIMITS.excerpt, M.excerptTooLong),
    image: requiredText(M.imageRequired, ACTIVITY_LIMITS.url).refine(isAssetUrl, M.imageInvalid),
    latitude: decimal(M.latitudeRequired, M.latitudeInvalid, (n) => Math.abs(n) <= 90),
    longitude: decimal(M.longitudeRequired, M.longitudeInvalid, (n) => Math.abs(n) <= 180),
    category: requiredText(M.categoryRequired).refine((v) => categories.includes(v), M.categoryUnknown),
    cityId: requiredText(M.cityRequired).refine((v) => choices.cityIds.includes(v), M.cityUnknown),
    tags: tagList(choices.tags),
    country: optionalText()
      .refine((v) => v === null || isCountry(v), M.countryUnknown)
      .transform((v) => v ?? DEFAULT_COUNTRY),
    state: optionalText(),
    address: optionalText(),
    // Doubtful contact details are kept as given and flagged by Data Quality (issue #24), never refused.
    website: optionalText(ACTIVITY_LIMITS.url),
    phoneNumber: optionalText(ACTIVITY_LIMITS.phoneNumber),
    googleMapsUrl: optionalText(ACTIVITY_LIMITS.url),
    touristyLevel: choice(TOURISTY_LEVEL_CHOICES, M.choiceUnknown),
    cost: choice(COST_CHOICES, M.choiceUnknown),
    duration: choice(DURATION_CHOICES, M.choiceUnknown),
    photoSource: optionalText()
      .refine((v) => v === null || (PHOTO_SOURCES as readonly string[]).includes(v), M.photoSourceUnknown)
      .transform((v) => (v ?? "original") as (typeof PHOTO_SOURCES)[number]),
    customPhotoUrl: optionalHttpUrl(M.customPhotoUrlInvalid),
    metaTitle: optionalText(ACTIVITY_LIMITS.metaTitle),
    metaDescription: optionalText(),
    googleRating: optionalDecimal(M.ratingInvalid, (n) => n >= 0 && n <= 5),
    googleReviewCount: optionalDecimal(M.reviewCountInvalid, (n) => Number.isInteger(n) && n >= 0 && n <= MAX_ID),
  };
}

export type ActivityColumnSchemas = ReturnType<typeof activityColumnSchemas>;
export type ActivityColumn = keyof ActivityColumnSchemas;
export type ActivityValues = { [K in ActivityColumn]: z.output<ActivityColumnSchemas[K]> };

/** The columns an administrator edits in the Add/Edit Activity dialog (rating and reviews come from Google). */
export const FORM_COLUMNS = [
  "title",
  "category",
  "excerpt",
  "image",
  "latitude",
  "longitude",
  "cityId",
  "country",
  "state",
  "address",
  "website",
  "phoneNumber",
  "googleMapsUrl",
  "tags",
  "touristyLevel",
  "cost",
  "duration",
  "photoSource",
  "customPhotoUrl",
  "metaTitle",
  "metaDescription",
] as const satisfies readonly ActivityColumn[];

/** The stored row of an activity, as the database holds it (tags by name). */
export type StoredActivity = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  image: string;
  latitude: number;
  longitude: number;
  cityId: string;
  category: string;
  tags: readonly string[];
  country: string;
  state: string;
  address: string | null;
  website: string | null;
  phoneNumber: string | null;
  googleMapsUrl: string | null;
  touristyLevel: string;
  cost: string;
  duration: string;
  photoSource: string;
  customPhotoUrl: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  googleRating: number | null;
  googleReviewCount: number | null;
  googlePhotos: readonly string[];
  googleCardPhoto: string | null;
};

/** The columns only the places service writes (its photos): forms, CSV rows and their reads leave them out. */
export type GooglePhotoColumn = "googlePhotos" | "googleCardPhoto";

export type FormColumn = (typeof FORM_COLUMNS)[number];

/** What a write stores for validated values: the slug follows the title; a missing state is stored empty. */
export function activityWrite<V extends Pick<ActivityValues, FormColumn> & Partial<ActivityValues>>(values: V) {
  const { tags: _tags, ...columns } = values;
  return { ...columns, slug: titleSlug(values.title), state: values.state ?? "" };
}

/** Each column of a stored activity written as text: a form's values, a CSV row's cells. */
export function activityText(a: Omit<StoredActivity, "id" | "slug" | GooglePhotoColumn>): {
  [K in ActivityColumn]: K extends "tags" ? string[] : string;
} {
  const text = (v: string | number | null) => (v === null ? "" : String(v));
  return {
    title: a.title,
    excerpt: a.excerpt,
    image: a.image,
    latitude: String(a.latitude),
    longitude: String(a.longitude),
    category: a.category,
    cityId: a.cityId,
    tags: [...a.tags],
    country: a.country,
    state: a.state,
    address: text(a.address),
    website: text(a.website),
    phoneNumber: text(a.phoneNumber),
    googleMapsUrl: text(a.googleMapsUrl),
    touristyLevel: a.touristyLevel,
    cost: a.cost,
    duration: a.duration,
    photoSource: a.photoSource,
    customPhotoUrl: text(a.customPhotoUrl),
    metaTitle: text(a.metaTitle),
    metaDescription: text(a.metaDescription),
    googleRating: text(a.googleRating),
    googleReviewCount: text(a.googleReviewCount),
  };
}

/** How a stored column is shown in the documented JSON shape: coordinates and rating as strings, tags sorted. */
const PUBLIC_FORMAT = {
  latitude: (v: number) => String(v),
  longitude: (v: number) => String(v),
  googleRating: (v: number | null) => formatRating(v),
  tags: (v: readonly string[]) => [...v].sort(),
  googlePhotos: (v: readonly string[]) => [...v],
};

type PublicShape<T> = {
  [K in keyof T]: K extends keyof typeof PUBLIC_FORMAT ? ReturnType<(typeof PUBLIC_FORMAT)[K]> : T[K];
};

function publicShape<T extends Partial<StoredActivity>>(a: T): PublicShape<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(a)) {
    const format = (PUBLIC_FORMAT as Record<string, ((v: never) => unknown) | undefined>)[key];
    out[key] = format ? format(value as never) : value;
  }
  return out as PublicShape<T>;
}

/** The columns of the documented activity shape (public-site §3). */
export const PUBLIC_COLUMNS = [
  "id",
  "slug",
  "title",
  "excerpt",
  "image",
  "latitude",
  "longitude",
  "cityId",
  "category",
  "tags",
  "googleRating",
  "googleReviewCount",
  "googlePhotos",
  "photoSource",
  "customPhotoUrl",
  "googleMapsUrl",
  "address",
  "website",
  "phoneNumber",
  "country",
  "state",
  "touristyLevel",
  "cost",
  "duration",
  "metaTitle",
  "metaDescription",
] as const satisfies readonly (keyof StoredActivity)[];

function pick<T, K extends keyof T>(a: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, a[k]])) as Pick<T, K>;
}

/** The documented activity shape; the spec names the phone 'phone (or phoneNumber)', so both are sent. */
export function publicActivity(a: StoredActivity) {
  return { ...publicShape(pick(a, PUBLIC_COLUMNS)), phone: a.phoneNumber };
}

export type PublicActivity = ReturnType<typeof publicActivity>;

/** The columns a card and its map marker need (the city page's list reads only these, plus the tag names). */
export const CARD_COLUMNS = [
  "id",
  "title",
  "image",
  "latitude",
  "longitude",
  "cityId",
  "category",
  "googleRating",
  "googleReviewCount",
  "googlePhotos",
  "googleCardPhoto",
  "photoSource",
  "customPhotoUrl",
] as const satisfies readonly (keyof StoredActivity)[];

export type CardColumn = (typeof CARD_COLUMNS)[number];

/** A card's activity in the documented shapes. */
export function cardActivity(a: Pick<StoredActivity, CardColumn | "tags">) {
  return publicShape(pick(a, [...CARD_COLUMNS, "tags"]));
}

export type ActivityCardItem = ReturnType<typeof cardActivity>;
