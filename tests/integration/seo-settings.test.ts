// The SEO tab's and Script Management's saves against a real database (PGlite, or PostgreSQL with DATABASE_URL):
// one transaction, and what the public reads give on the next request.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getPageScripts, getScriptSettings, saveScripts } from "~/data/scripts.server";
import {
  categoryMeta,
  getSeoSettingsForm,
  getSeoTemplates,
  getSiteSeo,
  saveSeoSettings,
  tagMeta,
} from "~/data/seo.server";
import { DEFAULT_SEO_TEMPLATES } from "~/domain/seo/seo";
import { SeoSettingsSchema } from "~/domain/seo/seo-form";
import { ScriptsSchema } from "~/domain/admin/scripts";
import { loadCityPage } from "~/routes/public/city-page/loader.server";
import { databaseForTheseTests } from "../helpers/fresh-database";

const database = databaseForTheseTests("seeded");

const REQUIRED = {
  cityTitleTemplate: "Visit {city}",
  cityDescriptionTemplate: "{count} ideas for {city}",
  activityTitleTemplate: "{activity} ({city})",
  activityDescriptionTemplate: "{excerpt}",
};

async function scriptsRow() {
  return database.prisma.scriptSettings.findUniqueOrThrow({ where: { id: 1 } });
}

// Each test starts from the seeded settings, put back through the saves themselves (which also renew the in-memory
// copies), so the tests hold in any order.
let seeded: {
  seo: Awaited<ReturnType<typeof getSeoSettingsForm>>;
  scripts: Awaited<ReturnType<typeof getScriptSettings>>;
};
beforeAll(async () => {
  seeded = { seo: await getSeoSettingsForm(), scripts: await getScriptSettings() };
});
beforeEach(async () => {
  await saveSeoSettings(SeoSettingsSchema.parse(seeded.seo));
  await saveScripts(ScriptsSchema.parse(seeded.scripts));
});

describe("saving the SEO tab", () => {
  it("shows the stored row as it is, the seeded templates and the six script boxes", async () => {
    const form = await getSeoSettingsForm();
    expect(form.cityTitleTemplate).toBe(DEFAULT_SEO_TEMPLATES.cityTitleTemplate);
    expect(form.headScripts).toBe("");
    expect(Object.keys(form)).toHaveLength(Object.keys(DEFAULT_SEO_TEMPLATES).length + 6);
  });

  it("writes every field and the public reads change on the next request", async () => {
    await getSeoTemplates(); // filled the in-memory copy, which the write must replace
    const input = SeoSettingsSchema.parse({
      ...REQUIRED,
      museumsTitleTemplate: "Museums of {city}: {count}",
      musicDescriptionTemplate: "Hear {activityCount} bands in {city}",
      defaultSocialImage: "https://cdn.example.com/share.png",
      tagTitleTemplate: "",
      headScripts: "<meta name=general-seo>",
      prodBodyScripts: "<p>prod</p>",
    });
    const saved = await saveSeoSettings(input);
    expect(saved.ok && saved.value.cityTitleTemplate).toBe("Visit {city}");
    // An emptied template reads as the built-in one on the site, and stays empty in the form.
    expect(saved.ok && saved.value.tagTitleTemplate).toBe(DEFAULT_SEO_TEMPLATES.tagTitleTemplate);
    expect((await getSeoSettingsForm()).tagTitleTemplate).toBe("");

    expect((await getSeoTemplates()).cityTitleTemplate).toBe("Visit {city}");
    expect((await categoryMeta("nashville", "museums"))!.title).toMatch(/^Museums of Nashville: \d+\+?$/);
    expect((await tagMeta("nashville", "live-music"))!.description).toMatch(/^Hear \d+ bands in Nashville$/);
    expect((await getSiteSeo(new Request("http://localhost/"))).defaultSocialImage).toBe(
      "https://cdn.example.com/share.png",
    );
    expect(await scriptsRow()).toMatchObject({
      headScripts: "<meta name=general-seo>",
      prodBodyScripts: "<p>prod</p>",
    });
    expect((await getPageScripts()).headScripts).toBe("<meta name=general-seo>");
  });

  it("keeps the stored scripts when a JSON body leaves them out", async () => {
    await saveSeoSettings(
      SeoSettingsSchema.parse({ ...REQUIRED, headScripts: "<meta name=general-seo>", prodBodyScripts: "<p>prod</p>" }),
    );
    await saveSeoSettings(SeoSettingsSchema.parse({ ...REQUIRED, cityTitleTemplate: "Again {city}" }));
    expect(await scriptsRow()).toMatchObject({
      headScripts: "<meta name=general-seo>",
      prodBodyScripts: "<p>prod</p>",
    });
    expect((await getSeoTemplates()).cityTitleTemplate).toBe("Again {city}");
  });

  it("writes nothing when part of the save fails (one transaction)", async () => {
    const before = await database.prisma.seoSettings.findUniqueOrThrow({ where: { id: 1 } });
    // Past the schema (which refuses NUL), PostgreSQL refuses it in the second statement of the transaction.
    const input = {
      ...SeoSettingsSchema.parse({ ...REQUIRED, cityTitleTemplate: "Never {city}" }),
      bodyScripts: "a\u0000b",
    };
    await expect(saveSeoSettings(input)).rejects.toThrow();
    const after = await database.prisma.seoSettings.findUniqueOrThrow({ where: { id: 1 } });
    expect(after.cityTitleTemplate).toBe(before.cityTitleTemplate);
    expect((await getSeoTemplates()).cityTitleTemplate).toBe(DEFAULT_SEO_TEMPLATES.cityTitleTemplate);
  });

  it("joins a caller's transaction", async () => {
    await expect(
      database.prisma.$transaction(async (tx) => {
        await saveSeoSettings(SeoSettingsSchema.parse({ ...REQUIRED, cityTitleTemplate: "Rolled back {city}" }), tx);
        throw new Error("the caller gives up");
      }),
    ).rejects.toThrow("the caller gives up");
    expect((await getSeoTemplates()).cityTitleTemplate).toBe(DEFAULT_SEO_TEMPLATES.cityTitleTemplate);
  });
});

describe("what the city, category and tag pages render after a save", () => {
  const page = (segment?: string) =>
    loadCityPage(new Request(`http://localhost/usa/tn/nashville/${segment ?? "things-to-do"}`), {
      cityId: "nashville",
      segment,
    });

  it("titles, descriptions, headings and the default pin follow the saved settings", async () => {
    // A category without a pin of its own shows the default pin.
    await database.prisma.category.update({ where: { name: "Museums" }, data: { pinIcon: "" } });
    await page("museums"); // the pages' in-memory copies are filled before the save
    await saveSeoSettings(
      SeoSettingsSchema.parse({
        ...REQUIRED,
        cityDescriptionTemplate: "Page description for {city}",
        museumsTitleTemplate: "Meta museums {city}",
        museumsDescriptionTemplate: "Meta description of {city} museums",
        museumsPageTitle: "Heading: museums of {city}",
        museumsPageDescription: "Intro: {count} museums",
        kidFriendlyPageTitle: "Heading: kids in {city}",
        defaultMapPinUrl: "/icons/pins/saved-default.svg",
      }),
    );
    const city = await page();
    expect(city.seo).toMatchObject({ title: "Visit Nashville", description: "Page description for Nashville" });
    const museums = await page("museums");
    expect(museums.seo).toMatchObject({
      title: "Meta museums Nashville",
      description: "Meta description of Nashville museums",
      heading: "Heading: museums of Nashville",
      // The seed's 12 Nashville museums (up to 25 a count is written out; past it, a bucket such as '25+').
      intro: "Intro: 12 museums",
    });
    expect(museums.list.items.length).toBeGreaterThan(0);
    expect(museums.list.items.every((a) => a.pinUrl === "/icons/pins/saved-default.svg")).toBe(true);
    expect((await page("things-to-do-with-kids")).seo.heading).toBe("Heading: kids in Nashville");
  });
});

describe("Save Scripts", () => {
  it("replaces the four production and development boxes and keeps the general ones", async () => {
    await saveSeoSettings(SeoSettingsSchema.parse({ ...REQUIRED, headScripts: "<meta name=general-seo>" }));
    const saved = await saveScripts(
      ScriptsSchema.parse({ prodHeadScripts: "<script>prod()</script>", devHeadScripts: "<script>dev()</script>" }),
    );
    // Tests run outside production: the general scripts, then the development ones.
    expect(saved.ok && saved.value).toEqual({
      headScripts: "<meta name=general-seo>\n<script>dev()</script>",
      bodyScripts: "",
    });
    expect(await getScriptSettings()).toEqual({
      headScripts: "<meta name=general-seo>",
      bodyScripts: "",
      prodHeadScripts: "<script>prod()</script>",
      prodBodyScripts: "",
      devHeadScripts: "<script>dev()</script>",
      devBodyScripts: "",
    });
    expect(await getPageScripts()).toEqual(saved.ok && saved.value);
  });

  it("creates the row when there is none", async () => {
    await database.prisma.scriptSettings.deleteMany();
    expect(await getScriptSettings()).toMatchObject({ prodHeadScripts: "", headScripts: "" });
    await saveScripts(ScriptsSchema.parse({ devBodyScripts: "<p>dev</p>" }));
    expect((await getPageScripts()).bodyScripts).toBe("<p>dev</p>");
  });
});
