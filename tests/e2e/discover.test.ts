// Home, Explore Cities, the city hub / guide and search, in Chromium with JavaScript on and off.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HERO_ROTATE_MS, HERO_WORDS } from "~/domain/pages/home";
import { settled, stopClock, visit } from "../helpers/browser";
import { setUpSite } from "../helpers/e2e";
import { startFakeIpGeolocation, type FakeIpGeolocation } from "../fakes/ip-geolocation";

let ipService: FakeIpGeolocation;

const NASHVILLE = { latitude: 36.1627, longitude: -86.7816 };
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
// Where the browser calls the IP service from, as the service sees it: the loopback address (the fake locates
// the caller, as ipapi.co's /json/ does). The site's server calls from there too, but without an Origin.
const VISITOR = "127.0.0.1";

beforeAll(async () => {
  ipService = await startFakeIpGeolocation({ [VISITOR]: { city: "Austin", ...AUSTIN } });
});
afterAll(async () => ipService?.close());
const site = setUpSite({ env: () => ({ IP_GEOLOCATION_URL: ipService.url }) });
const headings = (page: Page) => page.locator("main h2").allInnerTexts();

describe.each([false, true])("with JavaScript %s", (javaScript) => {
  it("home shows the four sections for ?lat=&lng= (Nashville)", async () => {
    await site.withPage({ javaScript }, async (page) => {
      await page.goto(`${site.url}/?lat=${NASHVILLE.latitude}&lng=${NASHVILLE.longitude}`);
      expect(await page.title()).toBe("Find Things To Do | Things To Do");
      await expect(page.locator("h1").innerText()).resolves.toBe("Find something to do today");
      const titles = await headings(page);
      expect(titles).toEqual([
        "Local favorites near Nashville",
        "Bars & Restaurants near Nashville",
        "Points of Interest near Nashville",
        "Top Destinations",
      ]);
      const favorites = page.locator("section", {
        has: page.getByRole("heading", { name: "Local favorites near Nashville" }),
      });
      const cards = favorites.locator("article");
      expect(await cards.count()).toBeGreaterThan(0);
      expect(await cards.count()).toBeLessThanOrEqual(8);
      expect(await favorites.getByText("NEARBY").count()).toBe(await cards.count());
      for (const tags of await favorites.getByRole("list", { name: "Tags" }).all()) {
        expect(
          await tags
            .locator("li")
            .filter({ hasNotText: /^\+\d+$/ })
            .count(),
        ).toBeLessThanOrEqual(3);
      }
      const dining = page.locator("section", {
        has: page.getByRole("heading", { name: "Bars & Restaurants near Nashville" }),
      });
      expect(await dining.getByText("DINING").count()).toBeGreaterThan(0);
      expect(await dining.getByRole("link", { name: /See all/ }).getAttribute("href")).toBe(
        "/usa/tn/nashville/things-to-do?category=bars-and-restaurants",
      );
      const poi = page.locator("section", {
        has: page.getByRole("heading", { name: "Points of Interest near Nashville" }),
      });
      expect(await poi.getByText("ATTRACTION").count()).toBeGreaterThan(0);
      expect(await poi.getByRole("link", { name: /See all/ }).getAttribute("href")).toBe(
        "/usa/tn/nashville/things-to-do?category=points-of-interest",
      );
      const destinations = page.locator("section", { has: page.getByRole("heading", { name: "Top Destinations" }) });
      expect(await destinations.locator("li").count()).toBe(10);
    });
  });

  it("Explore Cities groups by state and searches by city or state", async () => {
    await site.withPage({ javaScript }, async (page) => {
      await page.goto(`${site.url}/cities`);
      expect(await page.title()).toBe("Explore Cities | Things To Do");
      await expect(page.locator("h1").innerText()).resolves.toBe("Explore Cities");
      const states = await headings(page);
      expect(states).toEqual([...states].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
      expect(states).toContain("Tennessee");

      const box = page.getByRole("searchbox", { name: "Search by city or state" });
      await box.fill("tennessee");
      if (!javaScript) await box.press("Enter");
      await page.waitForURL(/\/cities\?q=tennessee$/);
      const cityNames = () => page.locator("main section li a span:first-child").allInnerTexts();
      await expect.poll(cityNames).toEqual(["Chattanooga", "Gatlinburg", "Knoxville", "Memphis", "Nashville"]);

      await box.fill("zzzz-nowhere");
      if (!javaScript) await box.press("Enter");
      await page.getByRole("heading", { name: "No cities found" }).waitFor();
      expect(await page.getByText("Try adjusting your search").count()).toBe(1);
    });
  });

  it("the city hub and its guide variant", async () => {
    await site.withPage({ javaScript }, async (page) => {
      const response = await page.goto(`${site.url}/usa/tx/san-antonio`);
      expect(response?.status()).toBe(200);
      expect(await page.locator("h1").innerText()).toBe("San Antonio");
      expect(await page.getByText(/^\d+\+ Activities$/).count()).toBe(1);
      expect(await page.getByRole("link", { name: "Browse All Activities" }).getAttribute("href")).toBe(
        "/usa/tx/san-antonio/things-to-do",
      );
      const categories = page.locator("section", { has: page.getByRole("heading", { name: "Browse by Category" }) });
      expect(await categories.getByRole("link", { name: /Museums/ }).getAttribute("href")).toBe(
        "/usa/tx/san-antonio/museums",
      );
      const interests = page.locator("section", { has: page.getByRole("heading", { name: "Browse by Interest" }) });
      expect(await interests.getByRole("link").count()).toBe(9);
      expect(await interests.getByRole("link", { name: "Indoors" }).getAttribute("href")).toBe(
        "/usa/tx/san-antonio/indoor-things-to-do",
      );
      await page.getByRole("heading", { name: "Ready to Explore San Antonio?" }).waitFor();
      expect(await page.getByRole("link", { name: "Start Exploring" }).getAttribute("href")).toBe(
        "/usa/tx/san-antonio/things-to-do",
      );

      await page.goto(`${site.url}/usa/tx/san-antonio/guide`);
      expect(await page.title()).toBe("Things to Do in San Antonio - Complete Guide | Things To Do");
      const guideInterests = page.locator("section", {
        has: page.getByRole("heading", { name: "Browse by Interest" }),
      });
      expect(await guideInterests.getByRole("link", { name: "Indoor", exact: true }).getAttribute("href")).toBe(
        "/usa/tx/san-antonio/indoor-things-to-do",
      );

      await visit(page, `${site.url}/usa/tx/atlantis`, 404);
      await page.getByRole("heading", { name: "City not found" }).waitFor();
    });
  });

  it("the header search box leads to the results page, and says when nothing matches", async () => {
    await site.withPage({ javaScript }, async (page) => {
      await page.goto(`${site.url}/cities`);
      const box = page.getByRole("search", { name: "Site search" }).getByRole("combobox");
      await box.fill("museum");
      await box.press("Enter");
      await page.waitForURL(`${site.url}/search?q=museum`);
      await expect.poll(() => page.title()).toBe('Search results for "museum" | Things To Do');
      const results = page.locator("section", { has: page.getByRole("heading", { name: "Activities" }) });
      expect(await results.locator("article").count()).toBeGreaterThan(0);
      expect(await page.getByText(/^Showing 1 to \d+ of \d+ activities$/).count()).toBe(1);

      await page.goto(`${site.url}/search?q=qqqzzz`);
      expect(await page.getByText('No results found for "qqqzzz"').count()).toBe(1);
    });
  });

  it("home falls back to San Antonio without a location", async () => {
    // With JavaScript the browser then looks for the visitor; here GPS is denied and the IP service fails.
    ipService.failWith(500);
    try {
      await site.withPage({ javaScript }, async (page) => {
        const errors: string[] = [];
        page.on("console", (m) => {
          if (m.type() === "error") errors.push(m.text());
        });
        await page.goto(`${site.url}/`);
        expect((await headings(page))[0]).toBe("Local favorites near San Antonio");
        if (javaScript) {
          await expect
            .poll(() => errors.some((e) => e.includes("HTTP error! status: 500")), { timeout: 15_000 })
            .toBe(true);
          expect(new URL(page.url()).search).toBe("");
          expect((await headings(page))[0]).toBe("Local favorites near San Antonio");
        }
      });
    } finally {
      ipService.failWith(null);
    }
  });
});

describe("with JavaScript: location, rotating word, dropdown and overlay", () => {
  it("uses GPS when allowed, remembers the place and renders it next time", async () => {
    await site.withPage({ permissions: ["geolocation"], geolocation: NASHVILLE }, async (page, context) => {
      await page.goto(`${site.url}/`);
      await page.waitForURL(/\?lat=36\.16&lng=-86\.78$/);
      await page.getByRole("heading", { name: "Local favorites near Nashville" }).waitFor();
      const cookie = (await context.cookies()).find((c) => c.name === "loc");
      expect(cookie?.value).toBe("36.16,-86.78");
      // The server renders the remembered place for a plain '/'.
      const html = await (await context.request.get(`${site.url}/`)).text();
      expect(html).toContain("Local favorites near Nashville");
    });
  });

  it("falls back to IP geolocation when GPS is denied: the browser asks where its own address is", async () => {
    const before = ipService.requests.length;
    await site.withPage({ permissions: [] }, async (page) => {
      await page.goto(`${site.url}/`);
      await page.waitForURL(/\?lat=30\.27&lng=-97\.74$/, { timeout: 15_000 });
      await page.getByRole("heading", { name: "Local favorites near Austin" }).waitFor();
    });
    // The visitor's browser called the service itself (the page's Origin), for the address it calls from: an
    // address named in the path, or the server asking on the visitor's behalf, would be another lookup.
    const lookups = ipService.requests.slice(before);
    expect(lookups.length).toBeGreaterThan(0);
    for (const lookup of lookups) {
      expect(lookup).toEqual({ ip: VISITOR, caller: VISITOR, path: "/json/", origin: site.url });
    }
  });

  it("rotates the hero word every 5 seconds, on the page's clock", async () => {
    await site.withPage({ javaScript: true }, async (page) => {
      await page.clock.install();
      await page.goto(`${site.url}/?lat=${NASHVILLE.latitude}&lng=${NASHVILLE.longitude}`);
      const word = page.locator("h1 span");
      expect(await word.innerText()).toBe("today");
      await stopClock(page);
      await settled(page);
      // Each 5 s of the page's time moves on by exactly one word, whatever the phase the clock stopped at.
      let shown = await word.innerText();
      for (let turn = 0; turn < HERO_WORDS.length; turn++) {
        const next = HERO_WORDS[(HERO_WORDS.indexOf(shown as (typeof HERO_WORDS)[number]) + 1) % HERO_WORDS.length];
        await page.clock.runFor(HERO_ROTATE_MS);
        await settled(page);
        shown = await word.innerText();
        expect(shown).toBe(next);
      }
    });
  });

  it("keeps the hero word still for a visitor who asked for reduced motion", async () => {
    await site.withPage({ javaScript: true, reducedMotion: "reduce" }, async (page) => {
      await page.clock.install();
      await page.goto(`${site.url}/?lat=${NASHVILLE.latitude}&lng=${NASHVILLE.longitude}`);
      await stopClock(page);
      await page.clock.runFor(3 * HERO_ROTATE_MS);
      await settled(page);
      expect(await page.locator("h1 span").innerText()).toBe("today");
    });
  });

  it("suggests 3 cities and 3 activities as you type, with the keyboard", async () => {
    await site.withPage({ javaScript: true }, async (page) => {
      await page.goto(`${site.url}/cities`);
      const box = page.getByRole("search", { name: "Site search" }).getByRole("combobox");
      await box.fill("san");
      const list = page.getByRole("listbox", { name: "Search suggestions" }).first();
      await list.waitFor();
      expect(await list.getByRole("group", { name: "Cities" }).getByRole("option").count()).toBe(3);
      expect(await list.getByRole("group", { name: "Activities" }).getByRole("option").count()).toBe(3);
      expect(await box.getAttribute("aria-expanded")).toBe("true");

      await box.press("Escape");
      expect(await box.getAttribute("aria-expanded")).toBe("false");
      await box.fill("");
      await box.type("san antonio");
      await list
        .getByRole("option", { name: /San Antonio/ })
        .first()
        .waitFor();
      await box.press("ArrowDown");
      const active = await box.getAttribute("aria-activedescendant");
      expect(await page.locator(`[id="${active}"]`).innerText()).toContain("San Antonio");
      await box.press("Enter");
      await page.waitForURL(`${site.url}/usa/tx/san-antonio/things-to-do`);
    });
  });

  it("searches text typed before the page's scripts ran, once they have", async () => {
    await site.withPage({ javaScript: true }, async (page) => {
      // The scripts are held back until the text is typed, so the typing certainly comes before hydration.
      let typed!: () => void;
      const typing = new Promise<void>((resolve) => (typed = resolve));
      await page.route("**/assets/*.js", async (route) => {
        await typing;
        await route.continue();
      });
      await page.goto(`${site.url}/cities`, { waitUntil: "domcontentloaded" });
      await page.getByRole("searchbox", { name: "Search by city or state" }).fill("tennessee");
      const box = page.getByRole("search", { name: "Site search" }).getByRole("combobox");
      await box.fill("san");
      typed();
      // The header box's suggestions, and the city filter the Explore Cities box applies as it does when typed into.
      const list = page.getByRole("listbox", { name: "Search suggestions" }).first();
      await list.getByRole("group", { name: "Cities" }).waitFor();
      expect(await box.inputValue()).toBe("san");
      await page.waitForURL(/\/cities\?q=tennessee$/);
      expect(await page.locator("main section li a span:first-child").allInnerTexts()).toContain("Nashville");
    });
  });

  it("clearing the box resets the suggestions", async () => {
    await site.withPage({ javaScript: true }, async (page) => {
      await page.goto(`${site.url}/cities`);
      const box = page.getByRole("search", { name: "Site search" }).getByRole("combobox");
      await box.fill("qqqzzz");
      await page.getByText('No results found for "qqqzzz"').first().waitFor();
      await box.fill("");
      await expect.poll(() => box.getAttribute("aria-expanded")).toBe("false");
      await expect.poll(() => page.getByText('No results found for "qqqzzz"').count()).toBe(0);
    });
  });

  // 'the' is in hundreds of activity descriptions: every list is full. 5 on the city activities page (10 in its
  // overlay), 3 elsewhere (5 in the overlay).
  it.each([
    ["/usa/tn/nashville/things-to-do", 5, 10],
    ["/usa/tn/nashville/museums", 5, 10],
    [`/?lat=${NASHVILLE.latitude}&lng=${NASHVILLE.longitude}`, 3, 5],
  ] as const)("on %s suggests %i activities in the dropdown and %i in the overlay", async (path, dropdown, overlay) => {
    await site.withPage({ javaScript: true }, async (page) => {
      await page.goto(site.url + path);
      const box = page.getByRole("search", { name: "Site search" }).getByRole("combobox");
      await box.fill("the");
      const activities = page
        .getByRole("listbox", { name: "Search suggestions" })
        .first()
        .getByRole("group", { name: "Activities" });
      await activities.waitFor();
      expect(await activities.getByRole("option").count(), `${path} dropdown`).toBe(dropdown);
    });
    await site.withPage({ viewport: { width: 375, height: 800 } }, async (page) => {
      await page.goto(site.url + path);
      await page.getByRole("search", { name: "Site search" }).getByRole("combobox").click();
      const dialog = page.getByRole("dialog", { name: "Search Cities & Activities" });
      await dialog.waitFor();
      await dialog.getByRole("combobox").fill("the");
      const activities = dialog.getByRole("group", { name: "Activities" });
      await activities.waitFor();
      expect(await activities.getByRole("option").count(), `${path} overlay`).toBe(overlay);
    });
  });

  it("opens the full-screen search overlay under 768px", async () => {
    await site.withPage({ viewport: { width: 375, height: 800 } }, async (page) => {
      await page.clock.install();
      await page.goto(`${site.url}/cities`);
      await page.getByRole("search", { name: "Site search" }).getByRole("combobox").click();
      const dialog = page.getByRole("dialog", { name: "Search Cities & Activities" });
      await dialog.waitFor();
      const box = dialog.getByRole("combobox");
      await box.fill("a");
      await dialog.getByRole("group", { name: "Activities" }).waitFor();
      expect(await dialog.getByRole("group", { name: "Cities" }).getByRole("option").count()).toBe(5);
      expect(await dialog.getByRole("group", { name: "Activities" }).getByRole("option").count()).toBe(5);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });

      // Focus came back to the header box as the dialog closed, and did not open it again; a tap once that moment
      // is past (the page's clock moved on, not the test's) opens it.
      await page.clock.fastForward(1000);
      await page.getByRole("search", { name: "Site search" }).getByRole("combobox").click();
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "hidden" });
    });
  });
});

describe("accessibility", () => {
  it.each(["/?lat=36.1627&lng=-86.7816", "/cities"])("axe finds no violations on %s", async (path) => {
    await site.withPage({ javaScript: true }, async (page) => {
      await page.goto(site.url + path);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
        [],
      );
    });
  });
});
