// The SEO tab's form, PUT /api/seo-settings' body and the tab's preview (spec/admin.md §2 "SEO tab", §3 "SEO
// template settings", §5 "Other forms"; public-site §9 count wording and the 160-character cut).
import { z } from "zod";
import { activityMetaText } from "../pages/activity-detail";
import { cityPageSeo, type CityPageSubject } from "../pages/city-page";
import {
  isAssetUrl,
  LONG_TEXT_MAX,
  requiredText,
  TEXT_MAX,
  textOrEmpty,
  tooLongMessage,
  URL_MAX,
} from "../form-values";
import { withTemplateDefaults } from "./page-meta";
import { scriptText, SCRIPT_FIELD_LABELS, type ScriptField } from "../admin/scripts";
import { DEFAULT_SEO_TEMPLATES, type SeoTemplates } from "./seo";
import { SOCIAL_IMAGE_SIZE } from "./social-meta";
import { SEO_CATEGORY_PREFIXES, SEO_SUBJECTS, SEO_TAG_PREFIXES, type SeoPrefix } from "../taxonomy/taxonomy";

export type SeoField = keyof SeoTemplates;

export const ADMIN_SEO_PATH = "/admin/seo";

/** admin §5 "SEO: city and activity title and description templates are required." */
export const REQUIRED_SEO_TEMPLATES = [
  "cityTitleTemplate",
  "cityDescriptionTemplate",
  "activityTitleTemplate",
  "activityDescriptionTemplate",
] as const satisfies readonly SeoField[];

/** A template is one line of wording; a page description (the paragraph under a heading) may be longer. */
export const SEO_TEMPLATE_MAX = TEXT_MAX;
export const SEO_PAGE_DESCRIPTION_MAX = LONG_TEXT_MAX;

/** The recommended size of the social share image (admin §3, §9), as the social tags declare it. */
const SOCIAL_IMAGE_SIZE_TEXT = `${SOCIAL_IMAGE_SIZE.width}x${SOCIAL_IMAGE_SIZE.height} px`;

export const SEO_MESSAGES = {
  required: (label: string) => `${label} is required`,
  assetUrl: (label: string) => `${label} must be a web address (https://…) or a path on this site (/images/…)`,
} as const;

export type SeoFieldSpec = { name: SeoField; label: string; multiline: boolean; max: number; hint?: string };
type FieldSpec = SeoFieldSpec;

/** The four fields of one category or interest tag, labelled within its group. */
const PREFIX_FIELDS = [
  { suffix: "TitleTemplate", label: "Meta title template", multiline: false, max: SEO_TEMPLATE_MAX },
  { suffix: "DescriptionTemplate", label: "Meta description template", multiline: true, max: SEO_TEMPLATE_MAX },
  { suffix: "PageTitle", label: "Page title", multiline: false, max: SEO_TEMPLATE_MAX },
  { suffix: "PageDescription", label: "Page description", multiline: true, max: SEO_PAGE_DESCRIPTION_MAX },
] as const;

export type SeoSubjectGroup = { subject: string; prefix: SeoPrefix; fields: FieldSpec[] };

function subjectGroup(subject: string, prefix: SeoPrefix): SeoSubjectGroup {
  return {
    subject,
    prefix,
    fields: PREFIX_FIELDS.map((f) => ({
      name: `${prefix}${f.suffix}` as SeoField,
      label: f.label,
      multiline: f.multiline,
      max: f.max,
    })),
  };
}

/** The tab's groups, in the order of admin §3; the 72 per-subject fields come from taxonomy.ts. */
export const SEO_FORM_GROUPS = {
  pages: [
    {
      title: "City pages",
      fields: [
        { name: "cityTitleTemplate", label: "City title template", multiline: false, max: SEO_TEMPLATE_MAX },
        { name: "cityDescriptionTemplate", label: "City description template", multiline: true, max: SEO_TEMPLATE_MAX },
      ],
    },
    {
      title: "Activity pages",
      fields: [
        { name: "activityTitleTemplate", label: "Activity title template", multiline: false, max: SEO_TEMPLATE_MAX },
        {
          name: "activityDescriptionTemplate",
          label: "Activity description template",
          multiline: true,
          max: SEO_TEMPLATE_MAX,
        },
      ],
    },
    {
      title: "Tag pages (tags without templates of their own)",
      fields: [
        { name: "tagTitleTemplate", label: "Tag title template", multiline: false, max: SEO_TEMPLATE_MAX },
        { name: "tagDescriptionTemplate", label: "Tag description template", multiline: true, max: SEO_TEMPLATE_MAX },
      ],
    },
  ] satisfies { title: string; fields: FieldSpec[] }[],
  images: [
    {
      name: "defaultMapPinUrl",
      label: "Default map pin URL",
      multiline: false,
      max: URL_MAX,
      hint: "The map pin of a category without a pin icon of its own.",
    },
    {
      name: "defaultSocialImage",
      label: "Default social image",
      multiline: false,
      max: URL_MAX,
      hint: `Shared pages without an image of their own show it. Recommended size ${SOCIAL_IMAGE_SIZE_TEXT}.`,
    },
  ] satisfies FieldSpec[],
  categories: Object.entries(SEO_CATEGORY_PREFIXES).map(([name, prefix]) => subjectGroup(name, prefix)),
  tags: Object.entries(SEO_TAG_PREFIXES).map(([name, prefix]) => subjectGroup(name, prefix)),
  scripts: Object.keys(SCRIPT_FIELD_LABELS) as ScriptField[],
};

/** Every template field with its label for messages ('Museums page title'), derived from the groups above. */
const TEMPLATE_FIELDS: (FieldSpec & { messageLabel: string })[] = [
  ...SEO_FORM_GROUPS.pages.flatMap((g) => g.fields.map((f) => ({ ...f, messageLabel: f.label }))),
  ...SEO_FORM_GROUPS.images.map((f) => ({ ...f, messageLabel: f.label })),
  ...[...SEO_FORM_GROUPS.categories, ...SEO_FORM_GROUPS.tags].flatMap((g) =>
    g.fields.map((f) => ({ ...f, messageLabel: `${g.subject} ${f.label.toLowerCase()}` })),
  ),
];

function templateSchema({ name, max, messageLabel }: FieldSpec & { messageLabel: string }) {
  const tooLong = tooLongMessage(max, messageLabel);
  if ((REQUIRED_SEO_TEMPLATES as readonly string[]).includes(name)) {
    return requiredText(SEO_MESSAGES.required(messageLabel), max, tooLong);
  }
  const text = textOrEmpty(max, tooLong);
  // An empty image address falls back to the built-in one (page-meta.ts withTemplateDefaults).
  return name === "defaultMapPinUrl" || name === "defaultSocialImage"
    ? text.refine((v) => v === "" || isAssetUrl(v), SEO_MESSAGES.assetUrl(messageLabel))
    : text;
}

export type SeoSettingsInput = SeoTemplates & Partial<Record<ScriptField, string>>;

/**
 * The SEO tab and PUT /api/seo-settings. A template left empty is stored empty and pages use the built-in wording
 * (its placeholder in the form). The six script boxes are optional here: the form always sends them, while a JSON
 * client that read GET /api/seo-settings (which does not list scripts) and puts it back keeps the stored scripts.
 * Built from the field lists, so zod cannot name the keys itself: the type says what the lists hold (a unit test
 * checks that they are exactly the settings' fields).
 */
export const SeoSettingsSchema = z.object({
  ...Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f.name, templateSchema(f)])),
  ...Object.fromEntries(SEO_FORM_GROUPS.scripts.map((name) => [name, scriptText(name).optional()])),
}) as unknown as z.ZodType<SeoSettingsInput, Record<string, unknown>>;

export const SEO_SAVED_TOAST = { title: "Success", description: "SEO settings saved" } as const;

// --- The preview panel (admin §2 "a preview panel with sample data (Las Vegas, with a count of 15 or 25+)") ---

export const PREVIEW_CITY = "Las Vegas";
/** 30 activities read as '25+' (public-site §9 SEO count buckets). */
export const PREVIEW_COUNTS = [15, 30] as const;
/** A tag with no templates of its own, so the general tag templates apply. */
export const PREVIEW_OTHER_TAG = "Pet-Friendly";
export const PREVIEW_ACTIVITY = {
  title: "Fremont Street Experience",
  category: "Points of Interest",
  // Longer than a meta description may be, so the preview shows the 160-character cut.
  excerpt:
    "A pedestrian mall under a 1,500-foot LED canopy in downtown Las Vegas, with free concerts, zip lines over the crowd, vintage neon signs and some of the oldest casinos in the city.",
  metaTitle: null,
  metaDescription: null,
};

export type PreviewEntry = { label: string; title: string; description: string; heading?: string; intro?: string };

/** Which category and interest tag the preview shows: the ones being edited, else the first of each. */
export type PreviewSubjects = { category?: SeoPrefix; tag?: SeoPrefix };

function subjectName(groups: SeoSubjectGroup[], prefix: SeoPrefix | undefined): string {
  return (groups.find((g) => g.prefix === prefix) ?? groups[0]!).subject;
}

/** Which group a field belongs to, so the preview can follow what the administrator is typing. */
export function previewSubjectsFor(field: string, current: PreviewSubjects): PreviewSubjects {
  const prefix = (Object.keys(SEO_SUBJECTS) as SeoPrefix[]).find((p) =>
    PREFIX_FIELDS.some((f) => `${p}${f.suffix}` === field),
  );
  if (!prefix) return current;
  return SEO_FORM_GROUPS.categories.some((g) => g.prefix === prefix)
    ? { ...current, category: prefix }
    : { ...current, tag: prefix };
}

/**
 * The titles, descriptions and headings the public pages would show for the sample data with these (unsaved)
 * templates, rendered by the same rules as the pages (city-page.ts, activity-detail.ts); an empty template shows
 * the built-in wording, as on the site. Titles carry the site's ' | {brand}' suffix.
 */
export function seoPreview(
  values: Partial<Record<string, unknown>>,
  brand: string,
  subjects: PreviewSubjects = {},
): PreviewEntry[] {
  const strings = Object.fromEntries(
    Object.keys(DEFAULT_SEO_TEMPLATES).map((k) => [k, typeof values[k] === "string" ? values[k] : ""]),
  ) as SeoTemplates;
  const templates = withTemplateDefaults(strings);
  const city = { displayName: PREVIEW_CITY, metaTitle: null, metaDescription: null };
  const suffix = (title: string) => `${title} | ${brand}`;
  const page = (label: string, subject: CityPageSubject, count: number, withHeading: boolean): PreviewEntry => {
    const seo = cityPageSeo(templates, city, subject, count);
    const entry: PreviewEntry = { label, title: suffix(seo.title), description: seo.description };
    return withHeading ? { ...entry, heading: seo.heading, intro: seo.intro ?? undefined } : entry;
  };
  const [few, many] = PREVIEW_COUNTS;
  const category = subjectName(SEO_FORM_GROUPS.categories, subjects.category);
  const tag = subjectName(SEO_FORM_GROUPS.tags, subjects.tag);
  const activity = activityMetaText(PREVIEW_ACTIVITY, PREVIEW_CITY, templates);
  return [
    page(`City page, ${few} activities`, { kind: "city" }, few, false),
    page(`City page, 25+ activities (${many})`, { kind: "city" }, many, false),
    { label: "Activity page", title: suffix(activity.title), description: activity.description },
    page(`Tag page: ${PREVIEW_OTHER_TAG}, ${few} activities`, { kind: "tag", tag: PREVIEW_OTHER_TAG }, few, false),
    page(`Category page: ${category}, ${few} activities`, { kind: "category", category }, few, true),
    page(`Tag page: ${tag}, ${few} activities`, { kind: "tag", tag }, few, true),
  ];
}
