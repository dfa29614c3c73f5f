// The scheduled rating refresh (issue #29, decision 021) in a real browser: the Settings tab shows the schedule's
// state (last run, next run, cost so far) and saves its settings with JavaScript on and off, keeping what was typed
// when refused; and a Google rating older than the policy's 30 days is absent from the public pages and API.
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { RATING_REFRESH_MESSAGES } from "~/domain/places/rating-freshness";
import { startFakePlaces, type FakePlaces } from "../fakes/google-places";
import { setUpSite, toast } from "../helpers/e2e";

const LONG = 120_000;
const TOOTSIES = "/usa/tn/nashville/things-to-do/tootsies-orchid-lounge";
const DAY = 24 * 60 * 60 * 1000;
let fake: FakePlaces;
let tootsiesId = 0;

beforeAll(async () => {
  fake = await startFakePlaces();
  return () => fake.close();
});

const site = setUpSite({
  env: () => fake.env(),
  async prepare(p) {
    // Tootsie's rating came from Google 40 days ago and was never refreshed: past the policy's window.
    const tootsies = await p.activity.findFirstOrThrow({
      where: { cityId: "nashville", slug: "tootsies-orchid-lounge" },
    });
    tootsiesId = tootsies.id;
    await p.activity.update({
      where: { id: tootsies.id },
      data: { googleRatingUpdatedAt: new Date(Date.now() - 40 * DAY) },
    });
    // Yesterday's scheduled run refreshed three activities.
    const at = new Date(Date.now() - DAY);
    await p.jobRun.create({
      data: {
        id: randomUUID(),
        kind: "refresh-ratings",
        status: "completed",
        current: 3,
        total: 3,
        createdBy: "schedule",
        createdAt: at,
        startedAt: at,
        finishedAt: at,
      },
    });
  },
});

async function stateOf(page: Page, which: "last" | "next" | "cost" | "due") {
  return (await page.locator(`[data-refresh="${which}"]`).textContent())?.trim() ?? "";
}

describe("a stale Google rating", () => {
  it("is absent from the detail page, the city page's card, the embed card and the API", () =>
    site.withPage({ javaScript: true }, async (page) => {
      const detail = await page.goto(site.url + TOOTSIES);
      expect(detail?.status()).toBe(200);
      await expect
        .poll(() => page.locator('[data-card="Google Rating"] dd').first().textContent())
        .toBe("Not available");
      expect(await page.getByText("13,000 reviews").count()).toBe(0);

      await page.goto(site.url + "/usa/tn/nashville/things-to-do?q=Tootsie");
      const card = page.locator("a", { hasText: "Tootsie's Orchid Lounge" }).first();
      await card.waitFor();
      expect(await card.locator("[aria-label^='Rated']").count()).toBe(0);

      await page.goto(`${site.url}/embed/activity/${tootsiesId}`);
      await page.getByText("Tootsie's Orchid Lounge").first().waitFor();
      expect(await page.locator("[data-rating]").count()).toBe(0);

      const api = await site.api(`/api/activities/${tootsiesId}`);
      expect(api.status).toBe(200);
      expect(await api.json()).toMatchObject({ googleRating: null, googleReviewCount: null });
    }));
});

for (const javaScript of [true, false]) {
  describe(`the Scheduled Rating Refresh panel with JavaScript ${javaScript ? "on" : "off"}`, () => {
    it(
      "shows the schedule's state and saves its settings, keeping what was typed when refused",
      { timeout: LONG },
      async () => {
        const { context, page } = await site.adminPage(javaScript);
        try {
          const response = await page.goto(site.url + "/admin/settings");
          expect(response?.status()).toBe(200);
          const panel = page.getByRole("region", { name: "Scheduled Rating Refresh" });
          await panel.waitFor();
          expect(await stateOf(page, "last")).toMatch(/UTC: Completed: 3 of 3$/);
          // Three activities at the Place Details rate ($0.017).
          expect(await stateOf(page, "cost")).toMatch(/^\$0\.051 of \$/);
          if (javaScript) {
            // The first run of the file: the defaults (off, the policy's 30 days, no budget).
            expect(await stateOf(page, "next")).toBe("None: the scheduled refresh is off.");
            expect(await page.getByLabel("Refresh ratings older than (days)").inputValue()).toBe("30");
          }

          await page.getByLabel("Refresh ratings on a schedule").check();
          await page.getByLabel("Refresh ratings older than (days)").fill("31");
          await page.getByLabel("Monthly cost cap (dollars)").fill(javaScript ? "12.50" : "7");
          await page.getByRole("button", { name: "Save Refresh Settings" }).click();
          await panel.getByText(RATING_REFRESH_MESSAGES.maxAgeDays).waitFor();
          expect(await page.getByLabel("Refresh ratings older than (days)").inputValue()).toBe("31");
          expect(await page.getByLabel("Monthly cost cap (dollars)").inputValue()).toBe(javaScript ? "12.50" : "7");
          expect(await page.getByLabel("Refresh ratings on a schedule").isChecked()).toBe(true);
          if (javaScript) {
            // axe runs its script in the page: with JavaScript on only (the markup is the same).
            const axe = await new AxeBuilder({ page })
              .include("#rating-refresh")
              .withTags(["wcag2a", "wcag2aa"])
              .analyze();
            expect(axe.violations.map((v) => v.id)).toEqual([]);
          }

          await page.getByLabel("Refresh ratings older than (days)").fill(javaScript ? "14" : "21");
          await page.getByRole("button", { name: "Save Refresh Settings" }).click();
          await toast(page, "Refresh settings saved");
          await expect.poll(() => stateOf(page, "next")).toMatch(/UTC \(once a day\)$/);
          expect(await stateOf(page, "cost")).toBe(`$0.051 of ${javaScript ? "$12.50" : "$7"} this month`);

          await page.reload();
          await panel.waitFor();
          expect(await page.getByLabel("Refresh ratings older than (days)").inputValue()).toBe(
            javaScript ? "14" : "21",
          );
          expect(await page.getByLabel("Monthly cost cap (dollars)").inputValue()).toBe(javaScript ? "12.50" : "7.00");
          expect(await page.getByLabel("Refresh ratings on a schedule").isChecked()).toBe(true);
        } finally {
          await context.close();
        }
      },
    );
  });
}
