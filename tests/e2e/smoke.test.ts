// `npm start` on a fresh clone: an empty database, migrated and seeded by the server itself (every other file
// starts from a copy of the seeded template), then the home page with JavaScript off.
import { describe, expect, it } from "vitest";
import { newContext } from "../helpers/browser";
import { setUpSite } from "../helpers/e2e";

const site = setUpSite({ database: "empty" });

describe("smoke (JavaScript disabled)", () => {
  it("serves the seeded home page with the header and real cities", async () => {
    const context = await newContext(site.browser, { javaScript: false });
    const page = await context.newPage();
    const response = await page.goto(site.url + "/");
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toMatch(/ \| /);
    expect(await page.getByRole("link", { name: "Explore Places" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Travel Lists" }).count()).toBe(1);
    expect(await page.locator('header a[href="/"]').count()).toBe(1);
    const nashville = page.getByRole("link", { name: /Nashville/ }).first();
    expect(await nashville.getAttribute("href")).toBe("/usa/tn/nashville/things-to-do");
    await context.close();
  });
});
