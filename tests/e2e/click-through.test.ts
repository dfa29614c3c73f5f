// Every way a visitor reaches a page, by clicking as a visitor does (rule 3): a page that loads by URL can
// still be unreachable by a click (a client navigation fetches '{path}.data', and a loader that compared that
// with its canonical path redirected to itself forever). Each test starts from a page, clicks, and checks the
// address and the heading it lands on, with JavaScript on (client navigations) and off (plain links).
import type { BrowserContext, Locator, Page, Request } from "playwright-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newContext } from "../helpers/browser";
import { setUpSite } from "../helpers/e2e";

const site = setUpSite();

const NASHVILLE = "/usa/tn/nashville/things-to-do";
const DETAIL_PATH = /^\/usa\/tn\/nashville\/things-to-do\/[a-z0-9-]+$/;

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

for (const javaScript of [true, false]) {
  describe(`reaching pages by clicking (JavaScript ${javaScript ? "on" : "off"})`, () => {
    let context: BrowserContext;
    let page: Page;
    /** Client data requests ('.data') since the last page.goto: a redirect loop shows up as dozens. */
    let dataRequests: string[] = [];
    /** Those not answered yet. */
    const dataInFlight = new Set<Request>();

    beforeEach(async () => {
      // Below 1280 px, where activity links open in the same tab.
      context = await newContext(site.browser, { javaScript, viewport: { width: 1024, height: 900 } });
      page = await context.newPage();
      dataInFlight.clear();
      page.on("request", (request) => {
        if (!new URL(request.url()).pathname.endsWith(".data")) return;
        dataRequests.push(request.url());
        dataInFlight.add(request);
      });
      page.on("requestfinished", (request) => dataInFlight.delete(request));
      page.on("requestfailed", (request) => dataInFlight.delete(request));
    });
    afterEach(async () => context?.close());

    async function open(path: string) {
      const response = await page.goto(site.url + path);
      expect(response?.status()).toBe(200);
      dataRequests = [];
    }

    /**
     * Clicks an activity link and checks the detail page it opens: its address, its heading, and no loop. It waits
     * for the link's own address, not any detail address: from one detail page to another, a pattern matches the
     * page the click starts from, and the wait would end before the navigation began.
     */
    async function clickThroughToDetail(link: Locator, expectedPath?: string) {
      const title = ((await link.textContent()) ?? "").trim();
      expect(title).not.toBe("");
      const href = new URL((await link.getAttribute("href")) ?? "", site.url).pathname;
      expect(href).toMatch(DETAIL_PATH);
      if (expectedPath) expect(href).toBe(expectedPath);
      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      await expect.poll(() => heading(page).textContent(), { timeout: 10_000 }).toBe(title);
      // Its data requests answered (not the network gone quiet: the map's tiles may still be loading).
      await expect.poll(() => dataInFlight.size).toBe(0);
      // One data request for the page (a redirect to the canonical address would add one more), never a loop.
      expect(dataRequests.length, dataRequests.join("\n")).toBeLessThanOrEqual(javaScript ? 2 : 0);
      return title;
    }

    it("home → detail", async () => {
      await open("/?lat=36.1627&lng=-86.7816");
      const section = page.getByRole("region", { name: "Local favorites near Nashville" });
      await clickThroughToDetail(section.locator("[data-activity-link]").first());
    });

    it("city page → detail", async () => {
      await open(NASHVILLE);
      await clickThroughToDetail(page.locator("li[data-activity-id] [data-activity-link]").first());
    });

    it("city page, page 2 → detail", async () => {
      await open(NASHVILLE);
      const first = await page.locator("li[data-activity-id] [data-activity-link]").first().textContent();
      await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      await expect
        .poll(() => page.getByText(/^Showing \d+ to \d+ of \d+ activities$/).textContent())
        .toMatch(/^Showing 49 to /);
      const link = page.locator("li[data-activity-id] [data-activity-link]").first();
      expect(await link.textContent()).not.toBe(first);
      await clickThroughToDetail(link);
    });

    it("search → detail", async () => {
      await open("/");
      const box = page.getByRole("combobox", { name: /search/i }).first();
      await box.fill("Radnor Lake");
      const radnor = "/usa/tn/nashville/things-to-do/radnor-lake-state-park";
      if (javaScript) {
        // The header's suggestion dropdown.
        const option = page.getByRole("option", { name: /Radnor Lake State Park/ });
        await option.click();
        await page.waitForURL((url) => url.pathname === radnor);
        await expect.poll(() => heading(page).textContent()).toBe("Radnor Lake State Park");
        await expect.poll(() => dataInFlight.size).toBe(0);
        expect(dataRequests.length, dataRequests.join("\n")).toBeLessThanOrEqual(2);
      } else {
        // Without JavaScript the box submits to the results page.
        await box.press("Enter");
        await page.waitForURL((url) => url.pathname === "/search");
        const results = page.getByRole("region", { name: "Activities" });
        await clickThroughToDetail(results.getByRole("link", { name: "Radnor Lake State Park" }), radnor);
      }
    });

    it("detail → a nearby activity", async () => {
      await open("/usa/tn/nashville/things-to-do/radnor-lake-state-park");
      const nearby = page.locator("[data-nearby] [data-activity-link]").first();
      const title = await clickThroughToDetail(nearby);
      expect(title).not.toBe("Radnor Lake State Park");
    });

    it("city hub → category page → detail", async () => {
      await open("/usa/tn/nashville");
      await page
        .getByRole("link", { name: /^Museums/ })
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === "/usa/tn/nashville/museums");
      await expect.poll(() => heading(page).textContent()).toMatch(/Museums/);
      dataRequests = [];
      const link = page.locator("li[data-activity-id] [data-activity-link]").first();
      await clickThroughToDetail(link);
    });

    it("Explore Cities → city page → detail", async () => {
      await open("/cities");
      await page.getByRole("link", { name: /^Nashville\b/ }).click();
      await page.waitForURL((url) => url.pathname === NASHVILLE);
      await expect.poll(() => heading(page).textContent()).toMatch(/Nashville/);
      dataRequests = [];
      await clickThroughToDetail(page.locator("li[data-activity-id] [data-activity-link]").first());
    });

    it("embed card → 'View on Explore' opens the activity page in a new tab", async () => {
      const found = (await (
        await fetch(`${site.url}/api/activities/by-slug/nashville/radnor-lake-state-park`)
      ).json()) as {
        id: number;
      };
      await open(`/embed/activity/${found.id}`);
      const [opened] = await Promise.all([
        context.waitForEvent("page"),
        page.getByRole("link", { name: "View on Explore" }).click(),
      ]);
      await opened.waitForLoadState();
      expect(new URL(opened.url()).pathname).toBe("/usa/tn/nashville/things-to-do/radnor-lake-state-park");
      expect(await opened.getByRole("heading", { level: 1 }).textContent()).toBe("Radnor Lake State Park");
      await opened.close();
    });
  });
}

describe("the routes a page's router knows", () => {
  /** The route ids of the manifest the page's scripts loaded, once they have run. */
  async function routeIdsOf(path: string): Promise<string[]> {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await page.goto(site.url + path);
    return page.evaluate(() =>
      Object.keys((window as unknown as { __reactRouterManifest: { routes: object } }).__reactRouterManifest.routes),
    );
  }

  it("a public page's: the public site's only (no admin, embed or API route to rank as it starts)", async () => {
    const ids = await routeIdsOf(NASHVILLE);
    expect(ids).toEqual(expect.arrayContaining(["root", "city-activities", "activity-detail", "prefixless-city-hub"]));
    expect(ids.filter((id) => /admin|embed|api/.test(id))).toEqual([]);
  });

  it("an admin page's: every route of the site", async () => {
    const ids = await routeIdsOf("/admin/login");
    expect(ids).toEqual(expect.arrayContaining(["city-activities", "routes/admin/activities/index"]));
    expect(ids.some((id) => id.startsWith("embed"))).toBe(true);
  });
});
