// The SEO and Settings tabs in a real browser, with JavaScript on and off: templates saved there show on the public
// pages on the next request, Script Management's scripts are injected into them; and the two JSON saves.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminHttp, openDashboardTab, requestLoginLink } from "../helpers/admin";
import { visit } from "../helpers/browser";
import { setUpSite, toast } from "../helpers/e2e";

// Its own server: it changes the title templates and the page scripts of every page.
const site = setUpSite({ ownServer: true });

const LONG = 120_000;
const CITY_PAGE = "/usa/tn/nashville/things-to-do";

/**
 * Opens a page; with JavaScript, its goto has waited until it is hydrated (newContext), so clicks go through React
 * Router.
 */
async function open(page: Page, path: string) {
  await page.goto(site.url + path);
}

function previewEntry(page: Page, label: string) {
  return page.getByRole("list", { name: "Preview of public pages" }).getByRole("listitem", { name: label });
}

for (const javaScript of [true, false]) {
  const mode = javaScript ? "js" : "nojs";

  describe(`with JavaScript ${javaScript ? "on" : "off"}`, () => {
    it(
      "edits SEO templates with a preview, refuses an empty required one, and the public pages follow",
      {
        timeout: LONG,
      },
      async () => {
        const { context, page } = await site.adminPage(javaScript);
        await open(page, "/admin/activities");
        await openDashboardTab(page, "SEO", "/admin/seo");
        await page.getByRole("heading", { level: 1, name: "SEO Settings" }).waitFor();
        await page.getByText("Recommended size 1200x630 px.").waitFor();
        // The server renders the preview with the sample data.
        await previewEntry(page, "City page, 15 activities")
          .getByText(/Las Vegas/)
          .first()
          .waitFor();
        await previewEntry(page, "City page, 25+ activities (30)").getByText(/25\+/).first().waitFor();

        const cityTitle = page.getByLabel("City title template", { exact: true });
        const museums = page.getByRole("group", { name: "Museums", exact: true });
        await cityTitle.fill("");
        await page.getByRole("button", { name: "Save SEO Settings" }).click();
        await page.getByText("City title template is required", { exact: true }).waitFor();
        expect(new URL(page.url()).pathname).toBe("/admin/seo");

        await cityTitle.fill(`E2E {city} picks ({count}) ${mode}`);
        await museums.getByLabel("Page title", { exact: true }).fill(`Museum trail of {city} ${mode}`);
        await page.getByLabel("Default social image").fill(`https://cdn.example.com/e2e-${mode}.png`);
        if (javaScript) {
          // The preview follows the typing, the category shown is the one being edited.
          await previewEntry(page, "City page, 15 activities").getByText(`E2E Las Vegas picks (15) ${mode}`).waitFor();
          await previewEntry(page, "City page, 25+ activities (30)")
            .getByText(`E2E Las Vegas picks (25+) ${mode}`)
            .waitFor();
          await previewEntry(page, "Category page: Museums, 15 activities")
            .getByText(`Museum trail of Las Vegas ${mode}`)
            .waitFor();
        }
        await page.getByRole("button", { name: "Save SEO Settings" }).click();
        await toast(page, "SEO settings saved");
        expect(new URL(page.url()).pathname).toBe("/admin/seo");
        await previewEntry(page, "City page, 15 activities").getByText(`E2E Las Vegas picks (15) ${mode}`).waitFor();
        expect(await cityTitle.inputValue()).toBe(`E2E {city} picks ({count}) ${mode}`);

        await page.goto(site.url + CITY_PAGE);
        expect(await page.title()).toMatch(new RegExp(`^E2E Nashville picks \\((\\d+|\\d+\\+)\\) ${mode} \\| `));
        expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toBe(
          `https://cdn.example.com/e2e-${mode}.png`,
        );
        await page.goto(site.url + "/usa/tn/nashville/museums");
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(`Museum trail of Nashville ${mode}`);
        await context.close();
      },
    );

    it(
      "saves production and development scripts on their tabs; the public pages carry the production ones",
      {
        timeout: LONG,
      },
      async () => {
        const { context, page } = await site.adminPage(javaScript);
        await open(page, "/admin/activities");
        await openDashboardTab(page, "Settings", "/admin/settings");
        await page.getByRole("heading", { name: "Script Management" }).waitFor();
        await page.getByText("#F9AF24").waitFor();
        const tabs = page.getByRole("navigation", { name: "Script environments" });
        expect(await tabs.getByRole("link", { name: "Production" }).getAttribute("aria-current")).toBe("page");

        const prodHead = `<meta name="e2e-prod-${mode}" content="on">`;
        const prodBody = `<div id="e2e-prod-body-${mode}">production body</div>`;
        const devHead = `<meta name="e2e-dev-${mode}" content="on">`;
        await page.getByLabel("Production head scripts").fill(prodHead);
        await page.getByLabel("Production body scripts").fill(prodBody);
        await page.getByRole("button", { name: "Save Scripts" }).click();
        await toast(page, "Scripts saved");

        await tabs.getByRole("link", { name: "Development" }).click();
        await page.waitForURL(`${site.url}/admin/settings?scripts=development`);
        // With JavaScript the tab's boxes change when the navigation renders, a moment after the URL.
        await page.getByLabel("Production head scripts").waitFor({ state: "hidden" });
        await page.getByLabel("Development head scripts").fill(devHead);
        await page.getByRole("button", { name: "Save Scripts" }).click();
        await toast(page, "Scripts saved");
        // Back on the tab it was saved from, the other tab's boxes kept.
        expect(page.url()).toBe(`${site.url}/admin/settings?scripts=development`);
        await tabs.getByRole("link", { name: "Production" }).click();
        await page.waitForURL(`${site.url}/admin/settings`);
        expect(await page.getByLabel("Production head scripts").inputValue()).toBe(prodHead);

        // The test server runs in production: the production scripts, not the development ones.
        await page.goto(site.url + CITY_PAGE);
        expect(await page.locator(`head meta[name="e2e-prod-${mode}"]`).count()).toBe(1);
        await page.locator(`body #e2e-prod-body-${mode}`).waitFor({ state: "attached" });
        expect(await page.locator(`meta[name="e2e-dev-${mode}"]`).count()).toBe(0);
        const scripts = (await (await site.api("/api/scripts")).json()) as { headScripts: string; bodyScripts: string };
        expect(scripts.headScripts).toContain(prodHead);
        expect(scripts.headScripts).not.toContain(devHead);
        expect(scripts.bodyScripts).toContain(prodBody);
        await context.close();
      },
    );
  });
}

describe("where the page scripts go", () => {
  // The scripts record that they ran, and are tagged so their markup can be found with JavaScript off.
  const headScript = (mode: string) =>
    `<script data-page-script="head-${mode}">window.__pageScripts = (window.__pageScripts || []).concat("head-${mode}");</script>`;
  const bodyScript = (mode: string) =>
    `<script data-page-script="body-${mode}">window.__pageScripts = (window.__pageScripts || []).concat("body-${mode}");</script>`;

  /** The page scripts a page carries: those that ran with JavaScript, those in its markup without. */
  async function pageScriptsOn(page: Page, path: string, javaScript: boolean): Promise<string[]> {
    // Every page here answers 200 but the unknown admin path, a 404.
    await visit(page, site.url + path, path === "/admin/nothing" ? 404 : 200);
    const markup = await page
      .locator("[data-page-script]")
      .evaluateAll((tags) => tags.map((tag) => tag.getAttribute("data-page-script")));
    if (!javaScript) return markup as string[];
    const ran = await page.evaluate(() => (window as unknown as { __pageScripts?: string[] }).__pageScripts ?? []);
    expect(ran, path).toEqual(markup);
    return ran;
  }

  for (const javaScript of [true, false]) {
    const mode = javaScript ? "js" : "nojs";
    it(
      `runs Script Management's scripts on public pages, never on admin or sign-in pages (JavaScript ${javaScript ? "on" : "off"})`,
      { timeout: LONG },
      async () => {
        const { context, page } = await site.adminPage(javaScript);
        try {
          await open(page, "/admin/settings");
          await page.getByLabel("Production head scripts").fill(headScript(mode));
          await page.getByLabel("Production body scripts").fill(bodyScript(mode));
          await page.getByRole("button", { name: "Save Scripts" }).click();
          await toast(page, "Scripts saved");

          for (const path of ["/", CITY_PAGE, "/cities"]) {
            expect(await pageScriptsOn(page, path, javaScript), path).toEqual([`head-${mode}`, `body-${mode}`]);
          }
          expect(await page.locator(`head [data-page-script="head-${mode}"]`).count()).toBe(1);

          for (const path of [
            "/admin",
            "/admin/activities",
            "/admin/settings",
            "/admin/data-quality",
            "/admin/nothing",
          ]) {
            expect(await pageScriptsOn(page, path, javaScript), path).toEqual([]);
            // Not even as data (the Settings tab shows them in its boxes, as text).
            if (path !== "/admin/settings") expect(await page.content(), path).not.toContain("__pageScripts");
          }
        } finally {
          await context.close();
        }

        // The sign-in pages, signed out.
        await site.withPage({ javaScript }, async (visitor) => {
          const link = new URL(await requestLoginLink(site.server, `scripts-${mode}@example.com`));
          for (const path of ["/admin/login", "/ADMIN/login", link.pathname]) {
            expect(await pageScriptsOn(visitor, path, javaScript), path).toEqual([]);
            expect(await visitor.content(), path).not.toContain("__pageScripts");
          }
          expect(await pageScriptsOn(visitor, "/", javaScript)).toEqual([`head-${mode}`, `body-${mode}`]);
        });
      },
    );
  }
});

describe("the JSON saves", () => {
  it("PUT /api/seo-settings: 401 without a session, 400 with the message, 200 and the public read follows", async () => {
    const body = {
      cityTitleTemplate: "API {city}",
      cityDescriptionTemplate: "API {count} in {city}",
      activityTitleTemplate: "{activity} in {city}",
      activityDescriptionTemplate: "{excerpt}",
      toursPageTitle: "Tours through {city}",
    };
    expect((await site.api("/api/seo-settings", { method: "PUT", body })).status).toBe(401);
    const { cookie } = await adminHttp(site.server).signedInCookie("curator@example.com");

    const missing = await site.api("/api/seo-settings", { method: "PUT", body: { tagTitleTemplate: "x" }, cookie });
    expect(missing.status).toBe(400);
    const refusal = (await missing.json()) as { message: string; errors: Record<string, string[]> };
    expect(refusal.message).toContain("City title template is required");
    expect(refusal.errors.activityDescriptionTemplate).toEqual(["Activity description template is required"]);
    const notJson = await site.api("/api/seo-settings", { method: "PUT", rawBody: "{nope", cookie });
    expect(notJson.status).toBe(400);
    const tooLong = await site.api("/api/seo-settings", {
      method: "PUT",
      body: { ...body, parksTitleTemplate: "p".repeat(501) },
      cookie,
    });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { message: string }).message).toBe(
      "Parks meta title template must be at most 500 characters",
    );

    const saved = await site.api("/api/seo-settings", { method: "PUT", body, cookie });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      cityTitleTemplate: "API {city}",
      toursPageTitle: "Tours through {city}",
    });
    expect(await (await site.api("/api/seo-settings")).json()).toMatchObject({ cityTitleTemplate: "API {city}" });
    const cityPage = await (await site.api(CITY_PAGE)).text();
    expect(cityPage).toMatch(/<title>API Nashville \| /);
  });

  it("PUT /api/scripts: 401 without a session, 400 for a bad field, 200 and GET /api/scripts answers them", async () => {
    const body = { prodHeadScripts: '<meta name="api-prod">', devHeadScripts: '<meta name="api-dev">' };
    expect((await site.api("/api/scripts", { method: "PUT", body })).status).toBe(401);
    const { cookie } = await adminHttp(site.server).signedInCookie("curator@example.com");
    const bad = await site.api("/api/scripts", { method: "PUT", body: { prodBodyScripts: 42 }, cookie });
    expect(bad.status).toBe(400);
    const saved = await site.api("/api/scripts", { method: "PUT", body, cookie });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ headScripts: '<meta name="api-prod">', bodyScripts: "" });
    expect(await (await site.api("/api/scripts")).json()).toEqual({
      headScripts: '<meta name="api-prod">',
      bodyScripts: "",
    });
  });
});

describe("accessibility", () => {
  it("has no serious problems on the SEO and Settings tabs", { timeout: LONG }, async () => {
    const { context, page } = await site.adminPage(true);
    for (const path of ["/admin/seo", "/admin/settings", "/admin/settings?scripts=development"]) {
      await open(page, path);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
    await context.close();
  });
});
