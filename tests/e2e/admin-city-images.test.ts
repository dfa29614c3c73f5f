// The Cities tab's images (admin §2 'Cities tab': Fetch Image, Browse Images and the picker) in a real browser with
// JavaScript on and off, against the Unsplash fake; the credit on the public city page; the JSON calls; and the
// tab without a key, which says so before anyone clicks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CITY_IMAGE_MESSAGES } from "~/domain/taxonomy/city-image";
import { FAKE_UNSPLASH_KEY, startFakeUnsplash, type FakeUnsplash } from "../fakes/unsplash";
import { adminHttp, openDashboardTab } from "../helpers/admin";
import { setUpSite, toast, type Site } from "../helpers/e2e";

const LONG = 120_000;

let unsplash: FakeUnsplash;
beforeAll(async () => {
  unsplash = await startFakeUnsplash();
});
afterAll(async () => unsplash?.close());

async function openCities(site: Site, javaScript: boolean) {
  const { context, page } = await site.adminPage(javaScript);
  // With JavaScript, the goto waits until the page is hydrated (newContext): the tab's click is React Router's.
  await page.goto(`${site.url}/admin/activities`);
  await openDashboardTab(page, "Cities", "/admin/cities");
  return { context, page };
}

describe("with Unsplash configured", () => {
  const site = setUpSite({
    env: () => ({ UNSPLASH_ACCESS_KEY: FAKE_UNSPLASH_KEY, UNSPLASH_BASE_URL: unsplash.url }),
  });

  for (const javaScript of [true, false]) {
    it(
      `fetches an image and picks another, with credits (JavaScript ${javaScript ? "on" : "off"})`,
      { timeout: LONG },
      async () => {
        const city = javaScript ? "Austin" : "Boston";
        const { context, page } = await openCities(site, javaScript);
        const card = page.getByRole("listitem", { name: city, exact: true });
        await card.getByRole("button", { name: `Fetch image for ${city}` }).click();
        await toast(page, CITY_IMAGE_MESSAGES.set(city));
        await page.getByRole("listitem", { name: city, exact: true }).getByText("Photographer 1").waitFor();

        await page
          .getByRole("listitem", { name: city, exact: true })
          .getByRole("link", { name: `Browse images for ${city}` })
          .click();
        const dialog = page.getByRole("dialog", { name: `Choose an image for ${city}` });
        await dialog.waitFor();
        expect(await dialog.getByRole("list", { name: "Images" }).getByRole("listitem").count()).toBe(3);
        await dialog.getByRole("button", { name: "Use the photo by Photographer 2" }).click();
        await toast(page, CITY_IMAGE_MESSAGES.set(city));
        await page.getByRole("listitem", { name: city, exact: true }).getByText("Photographer 2").waitFor();
        expect(unsplash.requests).toContain("GET /photos/photo-2/download");

        // The public city page shows the photo with its credit.
        const publicPage = await context.newPage();
        await publicPage.goto(`${site.url}/usa/${javaScript ? "tx/austin" : "ma/boston"}`);
        const credit = publicPage.getByText(/^Photo by/);
        await credit.waitFor();
        expect(await credit.getByRole("link", { name: "Photographer 2" }).getAttribute("href")).toBe(
          "https://unsplash.com/@photographer2?utm_source=things_to_do&utm_medium=referral",
        );
        await context.close();
      },
    );
  }

  for (const javaScript of [true, false]) {
    it(
      `says when the picker finds no images and suggests Fetch Image (JavaScript ${javaScript ? "on" : "off"})`,
      { timeout: LONG },
      async () => {
        unsplash.setPhotoCount(0);
        const { context, page } = await openCities(site, javaScript);
        try {
          await page.getByRole("link", { name: "Browse images for Denver" }).click();
          const dialog = page.getByRole("dialog", { name: "Choose an image for Denver" });
          await dialog.getByText("No images found for Denver. Try the Fetch Image button.", { exact: true }).waitFor();
          // The button it suggests is there; with a photo found meanwhile, it sets the image.
          unsplash.setPhotoCount(3);
          await dialog.getByRole("button", { name: "Fetch image for Denver" }).click();
          await toast(page, CITY_IMAGE_MESSAGES.set("Denver"));
          await page.getByRole("listitem", { name: "Denver", exact: true }).getByText("Photographer 1").waitFor();
        } finally {
          unsplash.setPhotoCount(3);
          await context.close();
        }
      },
    );
  }

  it("answers the JSON calls", async () => {
    const http = adminHttp(site.server);
    const { cookie } = await http.signedInCookie("curator@example.com");
    const call = (path: string, init: RequestInit = {}) =>
      http.request(path, {
        ...init,
        cookie,
        headers: { ...http.sameOrigin(), "Content-Type": "application/json" },
      });
    const options = await call("/api/cities/nashville/image-options");
    expect(options.status).toBe(200);
    expect(((await options.json()) as { photos: unknown[] }).photos).toHaveLength(3);
    expect((await http.request("/api/cities/nashville/image-options")).status).toBe(401);
    const set = await call("/api/cities/nashville/set-featured-image", {
      method: "POST",
      body: JSON.stringify({ imageUrl: "https://example.com/nashville.jpg" }),
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({
      featuredImageUrl: "https://example.com/nashville.jpg",
      featuredImageCreditName: null,
      centerLatitude: expect.any(String),
    });
    const bad = await call("/api/cities/nashville/set-featured-image", {
      method: "POST",
      body: JSON.stringify({ imageUrl: "javascript:alert(1)" }),
    });
    expect(bad.status).toBe(400);
    expect((await call("/api/cities/atlantis/featured-image", { method: "POST" })).status).toBe(404);
    const fetched = await call("/api/cities/nashville/featured-image", { method: "POST" });
    expect(await fetched.json()).toMatchObject({
      featuredImageCreditName: "Photographer 1",
      centerLongitude: expect.any(String),
    });
  });
});

describe("without an Unsplash key", () => {
  const site = setUpSite({ env: { UNSPLASH_ACCESS_KEY: "" } });

  it(
    "says the service is not configured before anyone clicks, and the buttons are off",
    { timeout: LONG },
    async () => {
      const { context, page } = await openCities(site, true);
      await page.getByText(CITY_IMAGE_MESSAGES.notConfigured).waitFor();
      expect(await page.getByRole("button", { name: "Fetch image for Austin" }).isDisabled()).toBe(true);
      await context.close();
    },
  );
});
