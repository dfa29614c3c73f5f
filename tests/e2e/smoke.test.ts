import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext } from "../helpers/browser";
import { startServer, type TestServer } from "../helpers/server";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("smoke (JavaScript disabled)", () => {
  it("serves the seeded home page with the header and real cities", async () => {
    const context = await newContext(browser, { javaScript: false });
    const page = await context.newPage();
    const response = await page.goto(server.url + "/");
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
