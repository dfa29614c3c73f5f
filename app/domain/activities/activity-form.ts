// The admin's activity inputs (admin §4, §5, §7): the Add/Edit Activity form and the activity API bodies, built
// from the columns of activity-record.ts plus the rules that tie columns together (a state for a country without a
// list, the custom photo URL), and the bulk actions' inputs.
import { z } from "zod";
import {
  ACTIVITY_MESSAGES as M,
  activityColumnSchemas,
  activityText,
  categoryChoices,
  FORM_COLUMNS,
  type ActivityChoices,
  type ActivityValues,
  type GooglePhotoColumn,
  type StoredActivity,
} from "./activity-record";
import { NOT_AVAILABLE } from "../constants";
import { DEFAULT_COUNTRY, DEFAULT_STATE, isCountry, statesOf } from "./countries";
import { fromForm, MAX_ID, requiredText, unlessBlank } from "../form-values";
import { checkPhone } from "../data-quality/phone-check";

function pickShape<T extends Record<string, z.ZodType>, K extends keyof T>(shape: T, keys: readonly K[]) {
  return Object.fromEntries(keys.map((k) => [k, shape[k]])) as Pick<T, K>;
}

type CrossCheckedColumns = Partial<
  Pick<ActivityValues, "country" | "state" | "phoneNumber" | "photoSource" | "customPhotoUrl">
>;

/** The form columns checked together: each column's own rules, then the rules that tie columns together. */
function withCrossColumnRules<S extends z.ZodRawShape>(shape: S) {
  return z.object(shape).superRefine(
    // Runs even when other fields failed, so an empty submit shows every message at once.
    (value, ctx) => {
      const v = value as CrossCheckedColumns;
      const country = typeof v.country === "string" && isCountry(v.country) ? v.country : undefined;
      // A state off the country's list, like a phone that does not parse, is stored as given (Data Quality's to
      // flag); a country without a list asks for its state as free text (admin §4).
      if (country !== undefined && !statesOf(country) && (v.state === null || v.state === undefined)) {
        ctx.addIssue({ code: "custom", path: ["state"], message: M.stateRequired });
      }
      if (v.photoSource === "custom" && (v.customPhotoUrl === null || v.customPhotoUrl === undefined)) {
        ctx.addIssue({ code: "custom", path: ["customPhotoUrl"], message: M.customPhotoUrlRequired });
      }
    },
    { when: () => true },
  );
}

/**
 * The hint under the form's phone field: a number that does not parse for the country is saved as typed, and the
 * form says so (the same test as Phone Validation's `invalid_format`); null when there is nothing to say.
 */
export function phoneHint(phoneNumber: string | undefined, country: string | undefined): string | null {
  const number = (phoneNumber ?? "").trim();
  if (number === "") return null;
  const where = country && isCountry(country) ? country : DEFAULT_COUNTRY;
  return checkPhone(number, where).phoneStatus === "invalid_format" ? M.phoneDoubtful(where) : null;
}

/** The activity as the form and the API send it: every form column, checked together. */
export function activitySchema(choices: ActivityChoices) {
  return withCrossColumnRules(pickShape(activityColumnSchemas(choices), FORM_COLUMNS));
}

export type ActivitySchema = ReturnType<typeof activitySchema>;
export type ActivityInput = z.output<ActivitySchema>;

/** The same schema reading a form: the tag checkboxes are a list however many are ticked. */
export function activityFormSchema(choices: ActivityChoices) {
  return fromForm(activitySchema(choices), ["tags"]);
}

/**
 * The columns the review list's Edit dialog may leave empty (admin §5 'In the review edit dialog: title, latitude and
 * longitude are required'): a value given is checked as in the full form; left empty, the stored value stays.
 */
export const REVIEW_OPTIONAL_COLUMNS = ["category", "cityId", "excerpt", "image"] as const;

type ReviewOptionalColumn = (typeof REVIEW_OPTIONAL_COLUMNS)[number];

/** The review edit dialog's activity: the full form's rules, but only title, latitude and longitude required. */
export function reviewActivitySchema(choices: ActivityChoices) {
  const columns = pickShape(activityColumnSchemas(choices), FORM_COLUMNS);
  return withCrossColumnRules({
    ...columns,
    category: unlessBlank(columns.category),
    cityId: unlessBlank(columns.cityId),
    excerpt: unlessBlank(columns.excerpt),
    image: unlessBlank(columns.image),
  });
}

export type ReviewActivityInput = z.output<ReturnType<typeof reviewActivitySchema>>;

export function reviewActivityFormSchema(choices: ActivityChoices) {
  return fromForm(reviewActivitySchema(choices), ["tags"]);
}

/** What the review dialog saves: what it was given, and the stored value of each optional column left empty. */
export function reviewedActivityInput(
  input: ReviewActivityInput,
  stored: Pick<StoredActivity, ReviewOptionalColumn>,
): ActivityInput {
  return {
    ...input,
    category: input.category ?? stored.category,
    cityId: input.cityId ?? stored.cityId,
    excerpt: input.excerpt ?? stored.excerpt,
    image: input.image ?? stored.image,
  };
}

/** The form's values for a stored activity (edit mode), in the same shape the form posts. */
export type ActivityFormValues = { [K in keyof ActivityInput]: K extends "tags" ? string[] : string };

export function activityFormValues(a: Omit<StoredActivity, "id" | "slug" | GooglePhotoColumn>): ActivityFormValues {
  const text = activityText(a);
  return Object.fromEntries(FORM_COLUMNS.map((column) => [column, text[column]])) as ActivityFormValues;
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

export const BULK_MESSAGES = {
  noneSelected: "Select at least one activity",
  categoryRequired: "Category is required",
} as const;

/**
 * Activity ids: a list (a form's checkboxes are read with getAll, so they are a list too), each a number or its
 * digits, within the id column's range; repeats count once. A single id outside a list is refused.
 */
export const activityIdsSchema = z
  .array(
    z
      .union(
        [
          z.number(),
          z
            .string()
            .trim()
            .regex(/^\d{1,10}$/),
        ],
        { error: "Activity ids must be numbers" },
      )
      .transform(Number)
      .pipe(z.number().int().positive().max(MAX_ID)),
    { error: "activityIds must be a list of activity ids" },
  )
  .min(1, BULK_MESSAGES.noneSelected)
  .max(10_000, "At most 10,000 activities at once")
  .transform((ids) => [...new Set(ids)]);

/** POST /api/activities/bulk-category-update and the tab's Change Category action. */
export function bulkCategorySchema(categories: readonly string[]) {
  const names = categoryChoices(categories);
  return z.object({
    activityIds: activityIdsSchema,
    categoryName: requiredText(BULK_MESSAGES.categoryRequired).refine((v) => names.includes(v), M.categoryUnknown),
  });
}

export type BulkCategoryInput = z.output<ReturnType<typeof bulkCategorySchema>>;

// ---- Selective update (admin §5 'CSV import', §7 PATCH /api/activities/{id}/selective-update) ----

/** The columns a selective update may change: the form's, and the Google rating and review count. */
export const SELECTIVE_COLUMNS = [...FORM_COLUMNS, "googleRating", "googleReviewCount"] as const;

export type SelectiveColumn = (typeof SELECTIVE_COLUMNS)[number];

export function isSelectiveColumn(name: string): name is SelectiveColumn {
  return (SELECTIVE_COLUMNS as readonly string[]).includes(name);
}

export const unknownColumnMessage = (names: readonly string[]) =>
  `Unknown column${names.length === 1 ? "" : "s"}: ${names.join(", ")}. Columns are: ${SELECTIVE_COLUMNS.join(", ")}`;

/** What a selective update writes: the chosen columns' validated values (state stored "" when none). */
export type SelectiveValues = { [K in SelectiveColumn]?: K extends "tags" ? string[] : unknown };

// A rule that ties two columns reports on one of them (activitySchema above): the state is checked against the
// country, the custom photo URL against the photo source. Changing the country must answer for a state it now
// requires, even when the state itself is not being changed.
const CHECKED_WITH: Partial<Record<SelectiveColumn, readonly SelectiveColumn[]>> = {
  state: ["country"],
  customPhotoUrl: ["photoSource"],
};

// An import checks up to 50,000 rows against one set of choices: the schemas are built once per set.
const schemaCache = new WeakMap<
  ActivityChoices,
  { whole: ActivitySchema; columns: ReturnType<typeof activityColumnSchemas> }
>();

function schemasFor(choices: ActivityChoices) {
  let schemas = schemaCache.get(choices);
  if (!schemas) {
    schemas = { whole: activitySchema(choices), columns: activityColumnSchemas(choices) };
    schemaCache.set(choices, schemas);
  }
  return schemas;
}

/**
 * A selective update: `updates` for the `selected` columns are laid over the stored activity and the whole is
 * checked with the form's schema, so the chosen values meet every rule the form applies; only problems of the
 * chosen columns (and of the columns checked with them) count, so a stored value that today's rules would refuse
 * does not block changing another column. Unselected columns keep their stored values (admin §5).
 */
export function selectiveUpdate(
  stored: Omit<StoredActivity, "id" | "slug" | GooglePhotoColumn>,
  updates: Record<string, unknown>,
  selected: readonly SelectiveColumn[],
  choices: ActivityChoices,
): { ok: true; values: SelectiveValues } | { ok: false; errors: Record<string, string[]> } {
  const merged: Record<string, unknown> = { ...activityText(stored) };
  for (const column of selected) merged[column] = updates[column];
  const counts = (column: string) =>
    selected.includes(column as SelectiveColumn) ||
    (CHECKED_WITH[column as SelectiveColumn] ?? []).some((c) => selected.includes(c));
  const errors: Record<string, string[]> = {};
  const note = (column: string, message: string) => {
    if (!counts(column)) return;
    const messages = (errors[column] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  const { whole: wholeSchema, columns } = schemasFor(choices);
  const whole = wholeSchema.safeParse(merged);
  if (whole.success) {
    // The common case, one parse: every column's value as the form's schema gives it.
    const data = whole.data as Record<string, unknown>;
    const values: Record<string, unknown> = {};
    for (const column of selected) {
      values[column] = column in data ? (column === "state" ? (data.state ?? "") : data[column]) : undefined;
    }
    if (!selected.some((c) => !(c in data))) return { ok: true, values: values as SelectiveValues };
  } else {
    for (const issue of whole.error.issues) note(String(issue.path[0] ?? ""), issue.message);
  }
  const values: Record<string, unknown> = {};
  for (const column of selected) {
    const one = columns[column].safeParse(merged[column]);
    if (one.success) values[column] = column === "state" ? (one.data ?? "") : one.data;
    else for (const issue of one.error.issues) note(column, issue.message);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values: values as SelectiveValues };
}

/** PATCH /api/activities/{id}/selective-update's body: `updates` (an object) and `selectedColumns` (known names). */
export const selectiveUpdateBodySchema = z.object({
  updates: z.record(z.string().max(100), z.unknown(), { error: "updates must be an object" }),
  selectedColumns: z
    .array(z.string().max(100), { error: "selectedColumns must be a list of column names" })
    .min(1, "Select at least one column")
    .max(SELECTIVE_COLUMNS.length * 2)
    .superRefine((names, ctx) => {
      const unknown = names.filter((n) => !isSelectiveColumn(n));
      if (unknown.length > 0) ctx.addIssue({ code: "custom", message: unknownColumnMessage(unknown) });
    })
    .transform((names) => [...new Set(names)] as SelectiveColumn[]),
});
