// The city activities page and its tag and category variants, in Chromium with JavaScript off and on.
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newContext, visit } from "../helpers/browser";
import { setUpSite } from "../helpers/e2e";

const site = setUpSite();

const CITY = "/usa/tn/nashville/things-to-do";

const bar = (page: Page) => page.locator("form[role=search]");
const cards = (page: Page) => page.locator("li[data-activity-id] article");
const showing = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ activities$/);

async function showingTotal(page: Page): Promise<number> {
  const text = (await showing(page).textContent()) ?? "";
  return Number(/of (\d+) activities/.exec(text)?.[1]);
}

/** The category line and rating of every card on the page. */
async function cardFacts(page: Page) {
  return cards(page).evaluateAll((articles) =>
    articles.map((a) => {
      const line = a.querySelector("p")?.textContent ?? "";
      const rated = a.querySelector("[aria-label^='Rated']")?.getAttribute("aria-label") ?? "";
      return { category: line.split(" · ")[0], rating: Number(/Rated ([\d.]+)/.exec(rated)?.[1] ?? 0) };
    }),
  );
}

async function waitForSearchParam(page: Page, key: string, value: string) {
  await page.waitForURL((url) => url.searchParams.getAll(key).includes(value));
}

for (const javaScript of [false, true]) {
  describe(`city activities page (JavaScript ${javaScript ? "on" : "off"})`, () => {
    let context: BrowserContext;
    let page: Page;
    beforeEach(async () => {
      context = await newContext(site.browser, { javaScript });
      page = await context.newPage();
    });
    afterEach(async () => context?.close());

    /** Without JavaScript the form needs its Apply button; with it, results follow each change. */
    async function applyBar() {
      if (!javaScript) await bar(page).getByRole("button", { name: "Apply" }).click();
    }

    it("filters by category and minimum rating, with everything in the URL", async () => {
      const response = await page.goto(site.url + CITY);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=600");
      expect(await page.title()).toMatch(/Best Things to Do in Nashville \| Things To Do$/);
      const before = await showingTotal(page);
      expect(before).toBeGreaterThan(48);

      await bar(page)
        .locator("label", { hasText: /^Museums$/ })
        .click();
      if (javaScript) await waitForSearchParam(page, "category", "museums");
      await bar(page).getByLabel("Minimum rating").fill("4.5");
      await applyBar();
      await waitForSearchParam(page, "rating", "4.5");
      expect(new URL(page.url()).searchParams.getAll("category")).toEqual(["museums"]);

      // With JavaScript the address changes a moment before the list is drawn: wait for the new total.
      await expect.poll(() => showingTotal(page)).toBeLessThan(before);
      const after = await showingTotal(page);
      expect(after).toBeGreaterThan(0);
      const facts = await cardFacts(page);
      expect(facts).toHaveLength(after);
      for (const f of facts) {
        expect(f.category).toBe("Museums");
        expect(f.rating).toBeGreaterThanOrEqual(4.5);
      }
      expect(await page.locator("#category-museums").isChecked()).toBe(true);

      // 'All' is exclusive: it clears the category selection.
      await page.getByRole("button", { name: "All", exact: true }).click();
      await page.waitForURL((url) => !url.searchParams.has("category"));
      await expect.poll(() => page.locator("#category-museums").isChecked()).toBe(false);
      await expect.poll(async () => new Set((await cardFacts(page)).map((f) => f.category)).size).toBeGreaterThan(1);
    });

    it("paginates 48 a page with Previous/Next and page buttons", async () => {
      await page.goto(site.url + CITY);
      const total = await showingTotal(page);
      await expect(showing(page).textContent()).resolves.toBe(`Showing 1 to 48 of ${total} activities`);
      const pagination = page.getByRole("navigation", { name: "Pagination" });
      await pagination.getByRole("link", { name: "Page 2" }).click();
      await waitForSearchParam(page, "page", "2");
      // The address changes before the list is drawn again: wait for what is drawn.
      await expect
        .poll(() => showing(page).textContent())
        .toBe(`Showing 49 to ${Math.min(96, total)} of ${total} activities`);
      expect(await pagination.getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
      await pagination.getByRole("link", { name: "Previous" }).click();
      await page.waitForURL((url) => !url.searchParams.has("page"));
      await expect.poll(() => showing(page).textContent()).toBe(`Showing 1 to 48 of ${total} activities`);
    });

    it("keeps a tag page's tag: preselected, not removable, and restored by Clear", async () => {
      const path = "/usa/tn/nashville/historic-sites";
      const response = await page.goto(site.url + path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Historic Sites in Nashville");
      const historic = page.locator("#bar-tag-historic");
      expect(await historic.isChecked()).toBe(true);
      expect(await historic.isDisabled()).toBe(true);
      const tagTotal = await showingTotal(page);
      expect(tagTotal).toBeGreaterThan(0);

      await bar(page).getByLabel("Minimum rating").fill("4.8");
      await bar(page).getByLabel("Sort").selectOption("name-asc");
      await applyBar();
      await waitForSearchParam(page, "sort", "name-asc");
      expect(new URL(page.url()).pathname).toBe(path);
      expect(new URL(page.url()).searchParams.has("tag")).toBe(false);
      await expect.poll(() => showingTotal(page)).toBeLessThan(tagTotal);
      expect(await page.locator("#bar-tag-historic").isChecked()).toBe(true);

      await bar(page).getByRole("link", { name: "Clear" }).click();
      await page.waitForURL((url) => url.pathname === path && url.search === "");
      await expect.poll(() => showingTotal(page)).toBe(tagTotal);
      expect(await page.locator("#bar-tag-historic").isChecked()).toBe(true);
      expect(await page.locator("#bar-tag-historic").isDisabled()).toBe(true);
      // The controls follow the address once the list is drawn: wait for the slider, do not read it once.
      await expect.poll(() => bar(page).getByLabel("Minimum rating").inputValue()).toBe("0");
    });

    it("shows a category page with its category preselected", async () => {
      const response = await page.goto(site.url + "/usa/tn/nashville/museums");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Museums in Nashville");
      expect(await page.title()).toBe("Museums in Nashville | Things To Do");
      expect(await page.locator("#category-museums").isChecked()).toBe(true);
      expect(await page.locator("#category-museums").isDisabled()).toBe(true);
      const facts = await cardFacts(page);
      expect(facts.length).toBeGreaterThan(0);
      expect(facts.every((f) => f.category === "Museums")).toBe(true);
    });

    it("says so when a search finds nothing", async () => {
      await page.goto(site.url + CITY);
      await bar(page).getByLabel("Search", { exact: true }).fill("zzqx nowhere");
      if (javaScript) await page.waitForURL((url) => url.searchParams.get("q") === "zzqx nowhere");
      else await bar(page).getByLabel("Search", { exact: true }).press("Enter");
      await page.getByText('No activities found matching "zzqx nowhere"').waitFor();
      expect(await cards(page).count()).toBe(0);

      // None of the seed's 12 Nashville museums costs High (they are Free, Low or Medium).
      await page.goto(site.url + CITY + "?category=Museums&cost=High&duration=All+Day&level=Not+Touristy");
      await page.getByText("No activities found matching your criteria.").waitFor();
      expect(await cards(page).count()).toBe(0);
    });

    it("answers an unknown city and an unknown category with 404 pages", async () => {
      await visit(page, site.url + "/usa/tn/atlantis/things-to-do", 404);
      await expect(page.getByRole("heading", { name: "City Not Found" }).isVisible()).resolves.toBe(true);
      await expect(page.getByText('The city "atlantis" is not available.').isVisible()).resolves.toBe(true);
      expect(await page.getByRole("link", { name: "Return Home" }).getAttribute("href")).toBe("/");

      await visit(page, site.url + "/usa/tn/nashville/underwater-basket-weaving", 404);
      await expect(page.getByRole("heading", { name: "Category Not Found" }).isVisible()).resolves.toBe(true);
      expect(await page.getByRole("link", { name: "View All Activities" }).getAttribute("href")).toBe(CITY);
    });

    if (javaScript) {
      it("searches text typed into the search box before the page's scripts ran, once they have", async () => {
        const typer = await newContext(site.browser);
        try {
          const tab = await typer.newPage();
          // The scripts are held back until the text is typed, so the typing certainly comes before hydration.
          let typed!: () => void;
          const typing = new Promise<void>((resolve) => (typed = resolve));
          await tab.route("**/assets/*.js", async (route) => {
            await typing;
            await route.continue();
          });
          await tab.goto(site.url + CITY, { waitUntil: "domcontentloaded" });
          await bar(tab).getByLabel("Search", { exact: true }).fill("Parthenon");
          typed();
          await waitForSearchParam(tab, "q", "Parthenon");
          expect(await bar(tab).getByLabel("Search", { exact: true }).inputValue()).toBe("Parthenon");
          await expect.poll(async () => (await cards(tab).allInnerTexts()).join(" ")).toContain("Parthenon");
        } finally {
          await typer.close();
        }
      });
    }

    it("under 768px, opens the filter sheet from 'See {n} activities' and toggles the map view", async () => {
      const mobile = await newContext(site.browser, { javaScript, viewport: { width: 390, height: 844 } });
      const m = await mobile.newPage();
      await m.goto(site.url + CITY);
      const total = await showingTotal(m);
      const see = m.getByRole("link", { name: `See ${total} activities` });
      expect(await see.getAttribute("href")).toBe("#filters");
      const sheet = m.locator("#filters");
      expect(await sheet.isVisible()).toBe(false);
      await see.click();
      await expect(sheet.isVisible()).resolves.toBe(true);

      if (javaScript) {
        // A modal dialog: Escape closes it and focus goes back to the button that opened it.
        await m.keyboard.press("Escape");
        await expect(sheet.isVisible()).resolves.toBe(false);
        expect(await m.evaluate(() => document.activeElement?.textContent)).toBe(`See ${total} activities`);
        await see.click();
        await sheet.getByRole("button", { name: "Close filters" }).click();
        await expect(sheet.isVisible()).resolves.toBe(false);
        await see.click();
      }

      await sheet.getByRole("checkbox", { name: "Museums" }).check();
      await sheet.getByRole("checkbox", { name: "Free" }).check();
      await sheet.getByRole("checkbox", { name: "Low" }).check();
      // 1-2 hours: nine of the seed's twelve Nashville museums take it (none takes All Day), so the list is not empty.
      await sheet.getByRole("checkbox", { name: "1-2 hours" }).check();
      await sheet.getByRole("button", { name: "Apply" }).click();
      await waitForSearchParam(m, "category", "museums");
      // More than one cost collapses to All; a single duration stays. (With JavaScript the URL changes a moment
      // before the list re-renders, so wait for the list.)
      await expect.poll(async () => (await cardFacts(m)).every((f) => f.category === "Museums")).toBe(true);
      const facts = await cardFacts(m);
      expect(facts.length).toBeGreaterThan(0);
      expect(facts.every((f) => f.category === "Museums")).toBe(true);
      if (javaScript) {
        expect(new URL(m.url()).searchParams.has("cost")).toBe(false);
        expect(new URL(m.url()).searchParams.get("duration")).toBe("1-2 hours");
      }
      await m
        .locator("#filters")
        .evaluate((d) => (d as HTMLDialogElement).open)
        .then((open) => expect(open).toBe(false));

      await mobile.close();
    });

    it("without a maps token still has the map (MapLibre) beside the list, and the 'Show Map' toggle", async () => {
      await page.goto(site.url + CITY);
      // The map is drawn in the browser: with JavaScript off the list stands alone (tests/e2e/map.test.ts covers the map).
      if (javaScript) {
        await expect.poll(() => page.locator("[data-map-state]").getAttribute("data-map-library")).toBe("maplibre");
      } else {
        expect(await page.locator("[data-map-state]").count()).toBe(0);
      }
      expect(await cards(page).count()).toBe(48);
      // The toggle is for phones (hidden at this width), and there whether or not a Mapbox token is set.
      expect(await page.getByRole("link", { name: "Show Map", includeHidden: true }).getAttribute("href")).toBe(
        `${CITY}?view=map`,
      );
    });
  });
}

describe("city activities page details", () => {
  it("redirects a wrong prefix to the city's own, with the query string in its canonical form", async () => {
    const response = await fetch(`${site.url}/usa/ca/nashville/things-to-do?category=Museums&page=2`, {
      redirect: "manual",
    });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`${CITY}?category=museums&page=2`);
    const tag = await fetch(`${site.url}/canada/quebec/nashville/live-music`, { redirect: "manual" });
    expect(tag.status).toBe(301);
    expect(tag.headers.get("location")).toBe("/usa/tn/nashville/live-music");
  });

  it("keeps what was chosen in the phone filter sheet before the page's scripts ran, once they have", async () => {
    const mobile = await newContext(site.browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const m = await mobile.newPage();
      // The scripts are held back until the sheet has been used, so every choice certainly comes before hydration.
      let used!: () => void;
      const using = new Promise<void>((resolve) => (used = resolve));
      await m.route("**/assets/*.js", async (route) => {
        await using;
        await route.continue();
      });
      await m.goto(site.url + CITY, { waitUntil: "domcontentloaded" });
      // Without scripts the button is a link to the sheet, which shows as the page's #filters target.
      await m.getByRole("link", { name: /^See \d+ activities$/ }).tap();
      const sheet = m.locator("#filters");
      await expect.poll(() => sheet.isVisible()).toBe(true);
      expect(await m.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
      await sheet.getByRole("checkbox", { name: "Museums" }).check();
      await sheet.getByRole("checkbox", { name: "Parks" }).check();
      await sheet.getByRole("checkbox", { name: "Free" }).check();
      await sheet.getByRole("radio", { name: "Somewhat Touristy" }).check();
      await sheet.getByLabel("Search").fill("music");
      await sheet.getByLabel("Sort").selectOption({ label: "Name (A-Z)" });
      used();
      await m.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));

      // The scripts took over without undoing a choice…
      expect(await sheet.getByRole("checkbox", { name: "Museums" }).isChecked()).toBe(true);
      expect(await sheet.getByRole("checkbox", { name: "Parks" }).isChecked()).toBe(true);
      expect(await sheet.getByRole("checkbox", { name: "Free" }).isChecked()).toBe(true);
      expect(await sheet.getByRole("radio", { name: "Somewhat Touristy" }).isChecked()).toBe(true);
      expect(await sheet.getByLabel("Search").inputValue()).toBe("music");
      expect(await sheet.getByLabel("Sort").evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.text)).toBe(
        "Name (A-Z)",
      );
      // …and Apply applies them all.
      await sheet.getByRole("button", { name: "Apply" }).tap();
      await m.waitForURL((url) => url.searchParams.get("q") === "music");
      const url = new URL(m.url());
      expect(url.searchParams.getAll("category")).toHaveLength(2);
      expect(url.searchParams.getAll("cost")).toHaveLength(1);
      expect(url.searchParams.getAll("level")).toHaveLength(1);
      expect(url.searchParams.get("sort")).toBe("name-asc");
      await expect
        .poll(async () => (await cardFacts(m)).every((f) => f.category === "Museums" || f.category === "Parks"))
        .toBe(true);
      expect(await sheet.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    } finally {
      await mobile.close();
    }
  });

  it("goes back through filter changes with the browser's Back button (JavaScript on)", async () => {
    const context = await newContext(site.browser, { javaScript: true });
    const page = await context.newPage();
    await page.goto(site.url + CITY);
    await bar(page)
      .locator("label", { hasText: /^Parks$/ })
      .click();
    await waitForSearchParam(page, "category", "parks");
    // The parks list drawn (the address changes a moment before).
    await expect.poll(async () => [...new Set((await cardFacts(page)).map((f) => f.category))]).toEqual(["Parks"]);
    expect(await page.locator("#category-parks").isChecked()).toBe(true);
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has("category"));
    await expect.poll(() => page.locator("#category-parks").isChecked()).toBe(false);
    await expect.poll(async () => new Set((await cardFacts(page)).map((f) => f.category)).size).toBeGreaterThan(1);
    await context.close();
  });

  it("paints a chip's tick before it asks for the list's data (JavaScript on)", async () => {
    const context = await newContext(site.browser, { javaScript: true });
    const page = await context.newPage();
    await page.goto(site.url + CITY);
    // In the page: when the first frame after the tick is drawn (and whether the chip shows ticked in it), and when
    // the router first asks for the new list's data (React Router's '.data' requests).
    await page.evaluate(() => {
      const tick: { frame?: number; checked?: boolean; data?: number } = {};
      (window as unknown as { tick: typeof tick }).tick = tick;
      const chip = document.querySelector<HTMLInputElement>("#category-parks")!;
      chip.addEventListener("change", () =>
        requestAnimationFrame(() => {
          tick.frame = performance.now();
          tick.checked = chip.checked;
        }),
      );
      const fetchNow = window.fetch;
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.includes(".data")) tick.data ??= performance.now();
        return fetchNow(input, init);
      };
    });
    await bar(page)
      .locator("label", { hasText: /^Parks$/ })
      .click();
    await waitForSearchParam(page, "category", "parks");
    const tick = await page.evaluate(
      () => (window as unknown as { tick: { frame?: number; checked?: boolean; data?: number } }).tick,
    );
    expect(tick.checked).toBe(true);
    expect(tick.data).toBeGreaterThan(tick.frame!);
    await context.close();
  });

  it("answers a category or tag by name or in any letter case with a 301 to its slug, and one that names nothing with a 301 without it", async () => {
    const redirects: Array<[string, string]> = [
      [`${CITY}?category=Museums`, `${CITY}?category=museums`],
      [`${CITY}?category=MUSEUMS&tag=Music`, `${CITY}?category=museums&tag=live-music`],
      [`${CITY}?category=Bars+%26+Restaurants&tag=live-music`, `${CITY}?category=bars-and-restaurants&tag=live-music`],
      [`${CITY}?category=underwater-basket-weaving&sort=newest`, `${CITY}?sort=newest`],
      [`${CITY}?sort=newest&category=parks&utm_source=news`, `${CITY}?category=parks&sort=newest&utm_source=news`],
    ];
    for (const [from, to] of redirects) {
      const response = await fetch(site.url + from, { redirect: "manual" });
      expect(response.status, from).toBe(301);
      expect(response.headers.get("location"), from).toBe(to);
    }
    // The slug form lists what the display name listed before: Nashville's twelve-odd museums.
    const museums = await fetch(`${site.url}${CITY}?category=museums`);
    expect(museums.status).toBe(200);
    expect(await museums.text()).toMatch(/Showing 1 to \d+ of \d+ activities/);
  });

  it("has no accessibility violations (axe)", async () => {
    const context = await newContext(site.browser, { javaScript: true });
    const page = await context.newPage();
    await page.goto(site.url + CITY + "?tag=historic-sites&tag=live-music");
    // Everything the page draws after hydration is drawn: the map, last, says it is ready.
    await expect
      .poll(() => page.locator("[data-map-state]").getAttribute("data-map-state"), { timeout: 20_000 })
      .toBe("ready");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await context.close();
  });
});
