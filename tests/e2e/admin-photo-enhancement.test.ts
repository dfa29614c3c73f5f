// The Settings tab's Photo Enhancement System (admin §2, §4, §8, §9) against the fake Google Places: without
// JavaScript, enabling hybrid photos through the cost confirmation, Test Single Activity's success toast, and
// disabling; with it, 'Feature Disabled' when testing while off.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakePlaces, type FakePlaces } from "../fakes/google-places";
import { setUpSite, toast } from "../helpers/e2e";

let fake: FakePlaces;
beforeAll(async () => {
  fake = await startFakePlaces();
});
afterAll(() => fake?.close());

describe("the Photo Enhancement System", () => {
  const site = setUpSite({ env: () => fake.env() });

  const section = (page: Page) => page.getByRole("region", { name: "Photo Enhancement System" });
  const state = (page: Page) => section(page).locator("[data-hybrid-state]");

  it("with JavaScript on, testing while hybrid photos are off says 'Feature Disabled'", async () => {
    const { context, page } = await site.adminPage(true);
    try {
      await page.goto(`${site.url}/admin/settings`);
      expect(await state(page).textContent()).toBe("Disabled");
      const before = fake.requests.length;
      await section(page).getByRole("button", { name: "Test Single Activity" }).click();
      expect(await (await toast(page, "Feature Disabled", "destructive")).textContent()).toContain(
        "Hybrid photos are not enabled",
      );
      expect(fake.requests.length).toBe(before);
    } finally {
      await context.close();
    }
  });

  // Six page loads and two Google fetches: on a busy two-core machine, over the default 30 s when run first (cold).
  it(
    "without JavaScript, enables through the cost confirmation, tests one activity, and disables",
    { timeout: 120_000 },
    async () => {
      // Test Single Activity picks the first activity, by id, without Google photos: the seed's first.
      const [first] = (await (await site.api("/api/activities?limit=1")).json()) as { id: number; title: string }[];
      fake.addPlace({ id: "ChIJ-hybrid", displayName: first.title, location: { latitude: 0, longitude: 0 } }, 2);

      const { context, page } = await site.adminPage(false);
      try {
        await page.goto(`${site.url}/admin/settings`);
        expect(await state(page).textContent()).toBe("Disabled");
        await section(page).getByRole("link", { name: "Enable Hybrid Photos" }).click();
        expect(new URL(page.url()).pathname).toBe("/admin/settings/hybrid-photos/enable");
        // admin spec: about $0.096 per activity per year (about $96 per 1,000), for the seed's 716 activities
        // 716 × $0.096 = $68.736, shown in dollars and cents.
        await page
          .getByText("About $0.096 per activity per year: about $68.74 a year for 716 activities.", { exact: true })
          .waitFor();
        await page.getByRole("button", { name: "Confirm" }).click();
        await toast(page, "Hybrid Photos Enabled");
        expect(await state(page).textContent()).toBe("Enabled");

        await section(page).getByRole("button", { name: "Test Single Activity" }).click();
        expect(await (await toast(page, "Test Succeeded")).textContent()).toContain(
          `Fetched 2 Google photos for "${first.title}"`,
        );
        expect(fake.requests.some((r) => r.path.startsWith("/v1/places/ChIJ-hybrid/photos/"))).toBe(true);

        await section(page).getByRole("button", { name: "Disable Hybrid Photos" }).click();
        await toast(page, "Hybrid Photos Disabled");
        expect(await state(page).textContent()).toBe("Disabled");
      } finally {
        await context.close();
      }
    },
  );
});
