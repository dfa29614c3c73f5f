// Phones (public-site §2 'City activities page', §9 breakpoints): no public page scrolls sideways at 320, 375
// and 414 px, and on the city page the floating 'See {n} activities' button and the 'Show Map' / 'Show List'
// toggle sit on screen and answer a tap. Mobile emulation matters: a phone's layout viewport grows to fit a
// too-wide page (window.innerWidth grows with it), which is what pushed the floating button off screen.
import type { Locator, Page } from "playwright-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newContext, visit } from "../helpers/browser";
import { setUpSite } from "../helpers/e2e";

const WIDTHS = [320, 375, 414] as const;
const HEIGHT = 800;
const CITY = "/usa/tn/nashville/things-to-do";

const site = setUpSite();
let activityId = 0;

beforeAll(async () => {
  const found = (await (await fetch(`${site.url}/api/activities/by-slug/nashville/radnor-lake-state-park`)).json()) as {
    id: number;
  };
  activityId = found.id;
});

// Every public page; {id} is Radnor Lake's id, known once the server runs. Each answers 200 but these.
const NOT_FOUND = ["/no-such-page-anywhere", "/nosuchcity", "/usa/tn/atlantis/things-to-do"];
const PUBLIC_PAGES = [
  "/",
  "/?lat=36.1627&lng=-86.7816",
  "/cities",
  "/search?q=park",
  CITY,
  "/usa/tn/nashville/museums",
  "/usa/tn/nashville/things-to-do-with-kids",
  "/usa/tn/nashville",
  "/usa/tn/nashville/guide",
  "/usa/tn/nashville/things-to-do/radnor-lake-state-park",
  "/activity/{id}",
  "/embed/activity/{id}",
  ...NOT_FOUND,
  "/privacy",
  "/terms",
  `${CITY}?view=map`,
];

/**
 * The page's width against the phone's, and the elements reaching furthest past the right edge, leaving out
 * those a scroll container clips (the category chips): those do not widen the page.
 */
async function measure(page: Page, width: number) {
  return page.evaluate((screenWidth) => {
    const rightOf = (element: Element) => element.getBoundingClientRect().right + window.scrollX;
    const clipped = (element: Element) => {
      // Walk the containing blocks: an absolute box escapes every unpositioned ancestor, a fixed one all of them.
      let at: Element | null = element;
      while (at && at !== document.body) {
        const position: string = getComputedStyle(at).position;
        if (position === "fixed") return false;
        const next: Element | null = position === "absolute" ? (at as HTMLElement).offsetParent : at.parentElement;
        if (
          next &&
          next !== document.body &&
          getComputedStyle(next).overflowX !== "visible" &&
          rightOf(next) <= screenWidth + 0.5
        )
          return true;
        at = next;
      }
      return false;
    };
    const offenders = [...document.querySelectorAll("body *")]
      .map((element) => ({ element, right: rightOf(element) }))
      .filter(({ element, right }) => right > screenWidth + 0.5 && !clipped(element))
      .sort((a, b) => b.right - a.right)
      .slice(0, 5)
      .map(({ element, right }) => {
        const classes =
          typeof element.className === "string" ? element.className.trim().split(/\s+/).slice(0, 6).join(".") : "";
        return `<${element.tagName.toLowerCase()}${classes ? ` .${classes}` : ""}> right edge ${Math.round(right)}px`;
      });
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, offenders };
  }, width);
}

/**
 * Opens the page; with JavaScript, its goto has waited until it is hydrated (newContext), and on a city page until
 * what scripts add after it is drawn: the category strip's scroll arrows, and on the map view the map.
 */
async function open(page: Page, path: string, javaScript: boolean, status = 200) {
  await visit(page, site.url + path, status);
  if (!javaScript || status !== 200) return;
  const strip = page.locator("button[aria-label='Scroll categories left']");
  if ((await page.locator("label.category-chip").count()) > 0) await strip.waitFor({ state: "attached" });
  if (new URL(page.url()).searchParams.get("view") === "map") {
    await expect
      .poll(() => page.locator("[data-map-state]").getAttribute("data-map-state"), { timeout: 20_000 })
      .toBe("ready");
  }
}

/** A phone's screen, with touch, as mobile emulation lays pages out on one. */
function phone(width: number) {
  return { isMobile: true, hasTouch: true, deviceScaleFactor: 2, viewport: { width, height: HEIGHT } };
}

/** The element's box lies wholly inside the phone's screen, and a tap at its centre reaches it, not a card. */
async function expectOnScreen(control: Locator, width: number, what: string) {
  const box = await control.boundingBox();
  expect(box, `${what} is rendered`).not.toBeNull();
  const { x, y, width: w, height: h } = box!;
  expect(
    x >= 0 && y >= 0 && x + w <= width && y + h <= HEIGHT,
    `${what} at x ${Math.round(x)}..${Math.round(x + w)}, y ${Math.round(y)}..${Math.round(y + h)} is off a ${width}x${HEIGHT} screen`,
  ).toBe(true);
  const hit = await control.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return top === element || element.contains(top) ? "" : (top?.outerHTML.slice(0, 120) ?? "nothing");
  });
  expect(hit, `a tap on ${what} lands on another element`).toBe("");
}

/** How many lines a floating button's label takes (a wrapped label means the row of buttons is too tight). */
async function labelLines(control: Locator): Promise<number> {
  return control.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
}

/**
 * The same page on another phone's screen, laid out again: no breakpoint of the site's styles or scripts lies between
 * 320 and 414 px, and its scripts follow media queries as they change (app/components/media-query.ts). With
 * JavaScript, until two frames have been drawn (what scripts redraw on the change is in them); without, the measures
 * that follow lay the page out at the new size as they read it.
 */
async function resize(page: Page, width: number, javaScript: boolean) {
  await page.setViewportSize({ width, height: HEIGHT });
  if (javaScript) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
}

/** Why the page is wider than a `width` px phone, or "" when it is not. */
async function tooWide(page: Page, path: string, width: number): Promise<string> {
  const m = await measure(page, width);
  if (m.scrollWidth <= width && m.innerWidth === width) return "";
  return `${path} is ${m.scrollWidth}px wide (window ${m.innerWidth}px) on a ${width}px phone; furthest right:\n    ${m.offenders.join("\n    ")}`;
}

/** The city page's category strip scrolls inside itself, and its last chip, scrolled to, is on the screen. */
async function expectStripScrolls(page: Page, width: number) {
  const strip = page.locator("form[role=search] fieldset > div").first();
  const { scrollWidth, clientWidth } = await strip.evaluate((e) => ({
    scrollWidth: e.scrollWidth,
    clientWidth: e.clientWidth,
  }));
  expect(clientWidth, `the strip on a ${width}px phone`).toBeLessThanOrEqual(width);
  expect(scrollWidth, `the strip overflows on a ${width}px phone`).toBeGreaterThan(clientWidth);
  await strip.evaluate((e) => e.scrollTo({ left: e.scrollWidth }));
  const last = strip.locator("label.category-chip").last();
  await expectOnScreen(last, width, `the last category chip, scrolled to, on a ${width}px phone`);
  await strip.evaluate((e) => e.scrollTo({ left: 0 }));
}

for (const javaScript of [false, true]) {
  // Each page is loaded once, on the narrowest phone, then laid out again on each wider one.
  describe(`${WIDTHS.join(", ")} px phones (JavaScript ${javaScript ? "on" : "off"})`, () => {
    for (const path of PUBLIC_PAGES) {
      const strip = path === CITY ? ", and the category strip scrolls inside itself" : "";
      it(`${path} is no wider than the screen${strip}`, async () => {
        const context = await newContext(site.browser, { javaScript, ...phone(WIDTHS[0]) });
        const page = await context.newPage();
        await open(page, path.replace("{id}", String(activityId)), javaScript, NOT_FOUND.includes(path) ? 404 : 200);
        const problems: string[] = [];
        for (const width of WIDTHS) {
          if (width !== WIDTHS[0]) await resize(page, width, javaScript);
          const problem = await tooWide(page, path, width);
          if (problem) problems.push(problem);
          if (strip) await expectStripScrolls(page, width);
        }
        expect(problems, problems.join("\n")).toEqual([]);
      });
    }
  });

  for (const width of WIDTHS) {
    describe(`${width} px phone (JavaScript ${javaScript ? "on" : "off"})`, () => {
      let page: Page;
      beforeEach(async () => {
        // Closed when the test ends (newContext).
        page = await (await newContext(site.browser, { javaScript, ...phone(width) })).newPage();
      });

      it("'See {n} activities' is on screen and a tap opens the filter sheet", async () => {
        await open(page, CITY, javaScript);
        const see = page.getByRole("link", { name: /^See \d+ activities$/ });
        await expectOnScreen(see, width, "'See {n} activities'");
        expect(await labelLines(see), "'See {n} activities' wraps").toBe(1);
        // Further down the list too: the button floats over the cards.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
        await expectOnScreen(see, width, "'See {n} activities' over the list");
        await see.tap();
        const sheet = page.locator("#filters");
        if (javaScript) {
          await page.locator("dialog#filters:modal").waitFor();
        } else {
          await page.waitForURL((url) => url.hash === "#filters");
        }
        await expect.poll(() => sheet.isVisible()).toBe(true);
        await expectOnScreen(sheet.getByRole("heading", { name: "Filters" }), width, "the sheet's title");
        await expectOnScreen(sheet.getByRole("button", { name: "Apply" }), width, "the sheet's Apply button");
        expect(await sheet.evaluate((d) => d.scrollWidth <= d.clientWidth), "the sheet scrolls sideways").toBe(true);
        if (javaScript) {
          await sheet.getByRole("button", { name: "Close filters" }).tap();
          await expect.poll(() => sheet.isVisible()).toBe(false);
        }
      });

      it("'Show Map' / 'Show List' is on screen and a tap switches the view and back", async () => {
        await open(page, CITY, javaScript);
        const showMap = page.getByRole("link", { name: "Show Map" });
        await expectOnScreen(showMap, width, "'Show Map'");
        expect(await labelLines(showMap), "'Show Map' wraps").toBe(1);
        await showMap.tap();
        await page.waitForURL((url) => url.searchParams.get("view") === "map");
        const showList = page.getByRole("link", { name: "Show List" });
        await showList.waitFor();
        expect(await page.locator("li[data-activity-id]").first().isVisible()).toBe(false);
        await expectOnScreen(showList, width, "'Show List'");
        await expectOnScreen(
          page.getByRole("link", { name: /^See \d+ activities$/ }),
          width,
          "'See {n} activities' on the map view",
        );
        await showList.tap();
        await page.waitForURL((url) => url.pathname === CITY && !url.searchParams.has("view"));
        await page.getByRole("link", { name: "Show Map" }).waitFor();
        expect(await page.locator("li[data-activity-id]").first().isVisible()).toBe(true);
      });
    });
  }
}

// The dashboard's tabs and the CSV import page on a 375 px phone, signed in: none scrolls sideways (a wide table
// may scroll inside its own box).
const ADMIN_PAGES = [
  "/admin/activities",
  "/admin/activities/import",
  "/admin/cities",
  "/admin/tags",
  "/admin/categories",
  "/admin/data-quality",
  "/admin/seo",
  "/admin/settings",
  "/admin/changes",
  "/admin/history/city/nashville",
] as const;

for (const javaScript of [false, true]) {
  describe(`375 px phone, admin (JavaScript ${javaScript ? "on" : "off"})`, () => {
    let page: Page;
    beforeEach(async () => {
      // Signed in once for the file (site.adminPage), each test in a fresh context with that session.
      ({ page } = await site.adminPage(javaScript, phone(375)));
    });

    for (const path of ADMIN_PAGES) {
      it(`${path} is no wider than the screen`, async () => {
        await open(page, path, javaScript);
        expect(new URL(page.url()).pathname).toBe(path);
        const m = await measure(page, 375);
        expect(
          m.scrollWidth <= 375 && m.innerWidth === 375,
          `${path} is ${m.scrollWidth}px wide (window ${m.innerWidth}px); furthest right:\n    ${m.offenders.join("\n    ")}`,
        ).toBe(true);
      });
    }
  });
}
