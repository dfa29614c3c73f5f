import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { DEFAULT_SEO_TEMPLATES } from "./seo";
import {
  previewSubjectsFor,
  REQUIRED_SEO_TEMPLATES,
  SEO_FORM_GROUPS,
  SEO_PAGE_DESCRIPTION_MAX,
  SEO_TEMPLATE_MAX,
  SeoSettingsSchema,
  seoPreview,
} from "./seo-form";
import { SEO_CATEGORY_PREFIXES, SEO_TAG_PREFIXES } from "../taxonomy/taxonomy";

const REQUIRED = {
  cityTitleTemplate: "Things in {city}",
  cityDescriptionTemplate: "All {count} things in {city}",
  activityTitleTemplate: "{activity} | {city}",
  activityDescriptionTemplate: "{excerpt}",
};

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return parseWithZod(data, { schema: SeoSettingsSchema, disableAutoCoercion: true });
}

describe("SEO form fields", () => {
  it("has every field of admin §3: six templates, two images, four per category and tag, six scripts", () => {
    const templateFields = [
      ...SEO_FORM_GROUPS.pages.flatMap((g) => g.fields.map((f) => f.name)),
      ...SEO_FORM_GROUPS.images.map((f) => f.name),
      ...[...SEO_FORM_GROUPS.categories, ...SEO_FORM_GROUPS.tags].flatMap((g) => g.fields.map((f) => f.name)),
    ];
    expect(templateFields.sort()).toEqual(Object.keys(DEFAULT_SEO_TEMPLATES).sort());
    expect(templateFields).toHaveLength(6 + 2 + 18 * 4);
    expect(SEO_FORM_GROUPS.categories.map((g) => g.subject)).toEqual(Object.keys(SEO_CATEGORY_PREFIXES));
    expect(SEO_FORM_GROUPS.tags.map((g) => g.prefix)).toEqual(Object.values(SEO_TAG_PREFIXES));
    expect(SEO_FORM_GROUPS.scripts).toEqual([
      "headScripts",
      "bodyScripts",
      "prodHeadScripts",
      "prodBodyScripts",
      "devHeadScripts",
      "devBodyScripts",
    ]);
    expect(SEO_FORM_GROUPS.images[1]!.hint).toContain("1200x630 px");
  });
});

describe("SeoSettingsSchema", () => {
  it("requires the city and activity title and description templates (admin §5)", () => {
    const result = form({ tagTitleTemplate: "x" });
    expect(result.status).toBe("error");
    expect(result.reply().error).toEqual({
      cityTitleTemplate: ["City title template is required"],
      cityDescriptionTemplate: ["City description template is required"],
      activityTitleTemplate: ["Activity title template is required"],
      activityDescriptionTemplate: ["Activity description template is required"],
    });
    expect(Object.keys(result.reply().error!)).toEqual([...REQUIRED_SEO_TEMPLATES]);
    expect(form({ ...REQUIRED, cityTitleTemplate: "   " }).reply().error).toEqual({
      cityTitleTemplate: ["City title template is required"],
    });
  });

  it("stores the other templates empty when left empty, trimmed otherwise", () => {
    const result = form({ ...REQUIRED, museumsPageTitle: "  Museums of {city} ", tagTitleTemplate: "" });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.museumsPageTitle).toBe("Museums of {city}");
    expect(result.value.tagTitleTemplate).toBe("");
    expect(result.value.parksDescriptionTemplate).toBe("");
  });

  it("caps every field, naming the field in the message", () => {
    const long = "x".repeat(SEO_TEMPLATE_MAX + 1);
    expect(form({ ...REQUIRED, museumsTitleTemplate: long }).reply().error).toEqual({
      museumsTitleTemplate: [`Museums meta title template must be at most ${SEO_TEMPLATE_MAX} characters`],
    });
    expect(form({ ...REQUIRED, cityTitleTemplate: long }).reply().error).toEqual({
      cityTitleTemplate: [`City title template must be at most ${SEO_TEMPLATE_MAX} characters`],
    });
    expect(form({ ...REQUIRED, museumsPageDescription: "y".repeat(SEO_TEMPLATE_MAX + 1) }).status).toBe("success");
    expect(
      Object.keys(
        form({ ...REQUIRED, museumsPageDescription: "y".repeat(SEO_PAGE_DESCRIPTION_MAX + 1) }).reply().error!,
      ),
    ).toEqual(["museumsPageDescription"]);
    expect(form({ ...REQUIRED, headScripts: "s".repeat(50_001) }).reply().error).toEqual({
      headScripts: ["General head scripts must be at most 50,000 characters"],
    });
  });

  it("takes a web address or a site path for the default images", () => {
    expect(
      form({ ...REQUIRED, defaultMapPinUrl: "/icons/pins/x.svg", defaultSocialImage: "https://cdn.example/s.png" })
        .status,
    ).toBe("success");
    expect(form({ ...REQUIRED, defaultSocialImage: "javascript:alert(1)" }).reply().error).toEqual({
      defaultSocialImage: ["Default social image must be a web address (https://…) or a path on this site (/images/…)"],
    });
  });

  it("refuses what is not text in a JSON body, and NUL characters", () => {
    const result = SeoSettingsSchema.safeParse({ ...REQUIRED, tagTitleTemplate: 5 });
    expect(result.success).toBe(false);
    expect(SeoSettingsSchema.safeParse({ ...REQUIRED, tagTitleTemplate: "a\u0000b" }).success).toBe(false);
  });

  it("leaves the scripts out when a JSON body does not name them, and empties them when it sends null or ''", () => {
    const parsed = SeoSettingsSchema.parse({ ...REQUIRED });
    expect(parsed.headScripts).toBeUndefined();
    expect(parsed.prodBodyScripts).toBeUndefined();
    const cleared = SeoSettingsSchema.parse({ ...REQUIRED, headScripts: null, bodyScripts: "" });
    expect(cleared.headScripts).toBe("");
    expect(cleared.bodyScripts).toBe("");
    // A form always sends every box, so an emptied box is saved empty.
    const sent = form({ ...REQUIRED, headScripts: "", devBodyScripts: "<p>dev</p>" });
    expect(sent.status === "success" && [sent.value.headScripts, sent.value.devBodyScripts]).toEqual([
      "",
      "<p>dev</p>",
    ]);
  });
});

describe("seoPreview", () => {
  const byLabel = (entries: ReturnType<typeof seoPreview>, start: string) =>
    entries.find((e) => e.label.startsWith(start))!;

  it("renders the sample city with a count of 15 and of 25+, with the brand suffix", () => {
    const entries = seoPreview({ ...REQUIRED, cityTitleTemplate: "{count} things in {city}" }, "Brand");
    expect(byLabel(entries, "City page, 15").title).toBe("15 things in Las Vegas | Brand");
    expect(byLabel(entries, "City page, 25+").title).toBe("25+ things in Las Vegas | Brand");
    expect(byLabel(entries, "City page, 15").description).toBe("All 15 things in Las Vegas");
  });

  it("uses the built-in wording for empty templates, as the pages do", () => {
    const entries = seoPreview({}, "Brand");
    expect(byLabel(entries, "City page, 15").title).toBe("15 Best Things to Do in Las Vegas | Brand");
    expect(byLabel(entries, "Tag page: Pet-Friendly").title).toBe("Pet-Friendly Things to Do in Las Vegas | Brand");
  });

  it("cuts descriptions at 160 characters (157 and an ellipsis)", () => {
    const entries = seoPreview({ ...REQUIRED, activityDescriptionTemplate: "{activity}: {excerpt} {excerpt}" }, "B");
    const activity = byLabel(entries, "Activity page");
    expect(activity.title).toBe("Fremont Street Experience | Las Vegas | B");
    expect(activity.description).toHaveLength(160);
    expect(activity.description.endsWith("...")).toBe(true);
  });

  it("shows a category and an interest tag page's heading and intro, following the group being edited", () => {
    const values = {
      ...REQUIRED,
      parksPageTitle: "Green {city}",
      parksPageDescription: "{count} parks",
      romanticPageTitle: "Love in {city}",
    };
    const first = seoPreview(values, "B");
    expect(byLabel(first, "Category page").label).toBe("Category page: Bars & Restaurants, 15 activities");
    const subjects = previewSubjectsFor("romanticPageTitle", previewSubjectsFor("parksPageTitle", {}));
    expect(subjects).toEqual({ category: "parks", tag: "romantic" });
    const entries = seoPreview(values, "B", subjects);
    expect(byLabel(entries, "Category page")).toMatchObject({ heading: "Green Las Vegas", intro: "15 parks" });
    expect(byLabel(entries, "Tag page: Romantic").heading).toBe("Love in Las Vegas");
    expect(previewSubjectsFor("cityTitleTemplate", subjects)).toBe(subjects);
  });
});
