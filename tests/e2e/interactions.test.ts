// The small interactions of the public pages (public-site §2, §4 "Filter state" and "Other", §5 rating steps, §9
// timings and breakpoints): the minimum-rating slider, 'Loading city...', toasts, tooltips and activity links
// opening in a new tab on wide screens. In Chromium against the built server, with JavaScript on and off.
import type { BrowserContext, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TOAST_DURATION_MS } from "~/components/Toaster";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "~/components/Tooltip";
import { RATING_STEPS } from "~/domain/activities/rating";
import { LOADING_ACTIVITIES } from "~/domain/pages/page-loading";
import { signInAsAdmin } from "../helpers/admin";
import { newContext, settled, stopClock } from "../helpers/browser";
import { toast, setUpSite } from "../helpers/e2e";

const site = setUpSite();

const CITY = "/usa/tn/nashville/things-to-do";
const DETAIL = "/usa/tn/nashville/things-to-do/radnor-lake-state-park";
const LONG = 60_000;

/**
 * Opens a page; with JavaScript, its goto has waited until it is hydrated (newContext), so clicks and keys go
 * through React.
 */
async function open(page: Page, path: string) {
  const response = await page.goto(site.url + path);
  expect(response?.status()).toBe(200);
}

/** The city page, hydrated: its category arrows are only there once scripts run. */
async function openCityPage(page: Page, path = CITY) {
  await open(page, path);
  // (By CSS: under 768px the arrows are hidden, and role queries skip hidden elements.)
  await page.locator("button[aria-label='Scroll categories left']").waitFor({ state: "attached" });
}

const bar = (page: Page) => page.locator("form[role=search]");
const slider = (page: Page) => bar(page).getByRole("slider", { name: "Minimum rating" });
const sliderOutput = (page: Page) => bar(page).locator("output[for=bar-rating]");
const ratingParam = (page: Page) => new URL(page.url()).searchParams.get("rating");
/** The line above the cards: how many are shown, or that they are loading. */
const listStatus = (page: Page) => page.locator("section[aria-labelledby=results-heading] p[aria-live=polite]").first();

/** The rating of every card on the page (a missing rating counts as 0). */
async function cardRatings(page: Page) {
  return page
    .locator("li[data-activity-id] article")
    .evaluateAll((articles) =>
      articles.map((a) =>
        Number(
          /Rated ([\d.]+)/.exec(a.querySelector("[aria-label^='Rated']")?.getAttribute("aria-label") ?? "")?.[1] ?? 0,
        ),
      ),
    );
}

/**
 * Holds every client data request ('.data') until released, so what shows while a page loads can be seen.
 * Returns the release function.
 */
async function holdDataRequests(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let holding = true;
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    (route) => (holding ? void held.push(route) : route.continue()),
  );
  return async () => {
    holding = false;
    await Promise.all(held.map((route) => route.continue()));
  };
}

describe("minimum rating slider", () => {
  it("is a labelled range over 0–5 showing 'Any', with the steps' values listed", () =>
    site.withPage({ javaScript: true }, async (page) => {
      await openCityPage(page);
      await expect(slider(page).getAttribute("type")).resolves.toBe("range");
      await expect(slider(page).inputValue()).resolves.toBe("0");
      await expect(sliderOutput(page).textContent()).resolves.toBe("Any");
      await expect(slider(page).getAttribute("aria-valuetext")).resolves.toBe("Any");
      const listed = await page
        .locator("#bar-rating-steps option")
        .evaluateAll((options) => options.map((o) => Number((o as HTMLOptionElement).value)));
      expect(listed).toEqual([...RATING_STEPS]);
    }));

  it("walks the uneven steps with the arrow keys, applying each one and going back to page 1", () =>
    site.withPage({ javaScript: true }, async (page) => {
      await openCityPage(page, `${CITY}?page=2`);
      await slider(page).focus();
      const seen: string[] = [];
      for (let i = 0; i < 11; i++) {
        await slider(page).press("ArrowRight");
        seen.push((await sliderOutput(page).textContent()) ?? "");
      }
      expect(seen).toEqual(["0.5", "1.0", "1.5", "2.0", "2.5", "3.0", "3.5", "4.0", "4.5", "4.6", "4.7"]);
      await page.waitForURL((url) => url.searchParams.get("rating") === "4.7");
      expect(new URL(page.url()).searchParams.has("page")).toBe(false);
      await expect.poll(async () => (await cardRatings(page)).every((r) => r >= 4.7)).toBe(true);
      expect((await cardRatings(page)).length).toBeGreaterThan(0);

      await slider(page).press("ArrowLeft");
      await slider(page).press("ArrowLeft");
      await page.waitForURL((url) => url.searchParams.get("rating") === "4.5");
      await expect(sliderOutput(page).textContent()).resolves.toBe("4.5");
      await slider(page).press("Home");
      await page.waitForURL((url) => !url.searchParams.has("rating"));
      await expect(sliderOutput(page).textContent()).resolves.toBe("Any");
      await slider(page).press("End");
      await page.waitForURL((url) => url.searchParams.get("rating") === "5");
      await expect(sliderOutput(page).textContent()).resolves.toBe("5.0");
    }));

  // A step's navigation starts after the next paint (decision 048): the page of the step before may arrive in between,
  // and must not pull the slider back to itself (it did, now and then, when the arrow keys were quick).
  it("keeps a step taken before its navigation starts when the previous step's page arrives first", () =>
    site.withPage({ javaScript: true }, async (page) => {
      await page.clock.install();
      await openCityPage(page);
      // Frames come only when the test moves the page's clock: each step's navigation waits for one.
      await stopClock(page);
      const release = await holdDataRequests(page);
      await slider(page).focus();
      await slider(page).press("ArrowRight");
      const first = page.waitForRequest((request) => new URL(request.url()).searchParams.get("rating") === "0.5");
      await page.clock.runFor(100);
      await first;
      await slider(page).press("ArrowRight");
      await expect(sliderOutput(page).textContent()).resolves.toBe("1.0");
      // The page for 0.5 arrives while the step to 1.0 still waits for its frame.
      await release();
      await page.waitForURL((url) => url.searchParams.get("rating") === "0.5");
      // Drawn: the list of the page for 0.5, no longer loading; then the page's effects have run.
      await expect.poll(() => listStatus(page).textContent()).not.toBe(LOADING_ACTIVITIES);
      await settled(page);
      await expect(sliderOutput(page).textContent()).resolves.toBe("1.0");
      await page.clock.runFor(100);
      await page.waitForURL((url) => url.searchParams.get("rating") === "1");
      await expect.poll(async () => (await cardRatings(page)).every((r) => r >= 1)).toBe(true);
      await expect(sliderOutput(page).textContent()).resolves.toBe("1.0");
    }));

  it("shows the value while dragged and applies it when released", () =>
    site.withPage({ javaScript: true }, async (page) => {
      await openCityPage(page);
      const box = (await slider(page).boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 4, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.72, y, { steps: 8 });
      // Moved, not released: the value shown follows at once, a step from the list, and nothing is applied yet.
      await expect.poll(() => sliderOutput(page).textContent()).not.toBe("Any");
      const shown = (await sliderOutput(page).textContent()) ?? "";
      expect(RATING_STEPS.map((v) => v.toFixed(1))).toContain(shown);
      expect(await slider(page).inputValue()).toBe(String(Number(shown)));
      expect(ratingParam(page)).toBeNull();
      await page.mouse.up();
      await page.waitForURL((url) => url.searchParams.get("rating") === String(Number(shown)));
      await expect.poll(async () => (await cardRatings(page)).every((r) => r >= Number(shown))).toBe(true);
    }));

  it("submits rating=<value> without JavaScript, and a value between steps is snapped down onto the list", () =>
    site.withPage({ javaScript: false }, async (page) => {
      await open(page, CITY);
      await slider(page).fill("3.2");
      const [submitted] = await Promise.all([
        page.waitForRequest((request) => new URL(request.url()).pathname === CITY),
        bar(page).getByRole("button", { name: "Apply" }).click(),
      ]);
      expect(new URL(submitted.url()).searchParams.get("rating")).toBe("3.2");
      // The server snaps it down to the listed 3.0 (and sends the browser to that address).
      await page.waitForURL((url) => url.searchParams.get("rating") === "3");
      await expect(slider(page).inputValue()).resolves.toBe("3");
      await expect(sliderOutput(page).textContent()).resolves.toBe("3.0");
      const ratings = await cardRatings(page);
      expect(ratings.length).toBeGreaterThan(0);
      expect(ratings.every((r) => r >= 3)).toBe(true);

      await page.goto(`${site.url}${CITY}?rating=4.55`);
      await expect(slider(page).inputValue()).resolves.toBe("4.5");
      await expect(sliderOutput(page).textContent()).resolves.toBe("4.5");
    }));

  it("sets the mobile filter sheet's minimum rating, applied with the sheet", () =>
    site.withPage({ javaScript: true, viewport: { width: 390, height: 900 } }, async (page) => {
      await openCityPage(page);
      await page.getByRole("link", { name: /^See \d+ activities$/ }).click();
      const sheet = page.getByRole("dialog", { name: "Filters" });
      const sheetSlider = sheet.getByRole("slider", { name: "Minimum rating" });
      await sheetSlider.focus();
      for (let i = 0; i < 8; i++) await sheetSlider.press("ArrowRight");
      await expect(sheet.locator("output[for=sheet-rating]").textContent()).resolves.toBe("4.0");
      expect(ratingParam(page)).toBeNull(); // the sheet applies with its Apply button
      await sheet.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL((url) => url.searchParams.get("rating") === "4");
    }));
});

describe("loading messages", () => {
  it("says 'Loading city...' on the way to a city page, and 'Loading activities...' for a filter change", () =>
    site.withPage({ javaScript: true }, async (page) => {
      await open(page, "/cities");
      const loadingCity = page.getByRole("status").filter({ hasText: "Loading city..." });
      let release = await holdDataRequests(page);
      await page.getByRole("link", { name: /^Nashville\b/ }).click();
      await loadingCity.waitFor();
      await release();
      await page.waitForURL((url) => url.pathname === CITY);
      await loadingCity.waitFor({ state: "detached" });
      // The city page is drawn (the message goes in the same render that draws it).
      await page.getByText(/^Showing \d+ to \d+ of \d+ activities$/).waitFor();

      await page.unrouteAll();
      release = await holdDataRequests(page);
      await bar(page)
        .locator("label", { hasText: /^Parks$/ })
        .click();
      await page.getByText("Loading activities...").waitFor();
      expect(await loadingCity.count()).toBe(0);
      await release();
      await page.waitForURL((url) => url.searchParams.get("category") === "parks");
      await page.getByText(/^Showing \d+ to \d+ of \d+ activities$/).waitFor();
    }));
});

describe("toasts", () => {
  /** The 'Login Error' flash toast: starting Google sign-in on a server without Google credentials. */
  async function loginErrorToast(page: Page) {
    const response = await page.context().request.post(`${site.url}/api/auth/google`, {
      headers: { Origin: site.url },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    await open(page, "/admin/login");
    return { toast: await toast(page, "Login Error", "destructive") };
  }

  it("takes a flash toast from the server away on its own with JavaScript", () =>
    site.withPage({ javaScript: true }, async (page) => {
      await page.clock.install();
      const { toast } = await loginErrorToast(page);
      await stopClock(page);
      await settled(page);
      expect(await toast.count()).toBe(1);
      await page.clock.runFor(TOAST_DURATION_MS);
      await toast.waitFor({ state: "detached" });
    }));

  it("stays without JavaScript (no timer to take it away)", () =>
    site.withPage({ javaScript: false }, async (page) => {
      const { toast } = await loginErrorToast(page);
      await expect(toast.textContent()).resolves.toContain("Failed to initialize Google login");
    }));

  it("snaps back under 50 px of swipe and is dismissed past it", () =>
    site.withPage({ javaScript: true }, async (page) => {
      const { toast } = await loginErrorToast(page);
      const box = (await toast.boundingBox())!;
      const y = box.y + box.height / 2;
      const x = box.x + 40;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + 30, y, { steps: 5 });
      // It follows the pointer…
      await expect.poll(async () => (await toast.boundingBox())?.x ?? 0).toBeGreaterThan(box.x + 20);
      await page.mouse.up();
      // …and returns when let go short of the threshold.
      await expect.poll(async () => Math.round((await toast.boundingBox())?.x ?? 0)).toBe(Math.round(box.x));
      expect(await toast.isVisible()).toBe(true);

      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + 80, y, { steps: 5 });
      await page.mouse.up();
      await toast.waitFor({ state: "detached", timeout: 2000 });
    }));

  it("F8 takes focus to the notification region", () =>
    site.withPage({ javaScript: true }, async (page) => {
      await openCityPage(page);
      await page.keyboard.press("F8");
      const focused = await page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
      expect(focused).toBe("Notifications (F8)");
      await expect(
        page.getByRole("region", { name: "Notifications (F8)" }).evaluate((el) => el === document.activeElement),
      ).resolves.toBe(true);
    }));

  it("shows at most one, a new toast replacing the one showing, each for 5000 ms", { timeout: LONG }, async () => {
    const context = await newContext(site.browser, { javaScript: true });
    await signInAsAdmin(context, site.server);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.url });
    const page = await context.newPage();
    await page.clock.install();
    await open(page, "/admin/activities");
    const cards = page.getByRole("article").filter({ has: page.getByRole("button", { name: "Copy embed code" }) });
    await cards.nth(1).waitFor(); // the copy buttons come with hydration
    const titles = (await cards.locator("h3").allTextContents()).map((t) => t.trim());
    const toasts = page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status");
    // The page's time moves only as the test says: a toast's 5000 ms are counted on the page's clock.
    await stopClock(page);
    await cards.nth(0).getByRole("button", { name: "Copy embed code" }).click();
    await toasts.filter({ hasText: `The embed code for "${titles[0]}"` }).waitFor();
    await page.clock.runFor(2000);
    await cards.nth(1).getByRole("button", { name: "Copy embed code" }).click();
    const second = toasts.filter({ hasText: `The embed code for "${titles[1]}"` });
    await second.waitFor();
    expect(await toasts.count()).toBe(1);
    // The new toast has its own 5000 ms, not what was left of the first one's.
    await page.clock.runFor(4999);
    await settled(page);
    expect(await second.count()).toBe(1);
    await page.clock.runFor(1);
    await toasts.waitFor({ state: "detached" });
  });
});

describe("tooltips", () => {
  it("opens after 700 ms of hover, then at once for the next within 300 ms; Escape and leaving close it", () =>
    site.withPage({ javaScript: true }, async (page) => {
      await page.clock.install();
      await openCityPage(page);
      const left = page.getByRole("button", { name: "Scroll categories left" });
      const right = page.getByRole("button", { name: "Scroll categories right" });
      const tip = page.getByRole("tooltip");
      /** Hovers the left arrow: no tooltip until the full delay has passed, then its own. */
      const hoverLeftForTheFullDelay = async () => {
        await left.hover();
        await page.clock.runFor(TOOLTIP_DELAY_MS - 1);
        await settled(page);
        expect(await tip.count()).toBe(0);
        await page.clock.runFor(1);
        await tip.filter({ hasText: "Scroll categories left" }).waitFor();
      };
      // The page's time moves only as the test says: the delays are counted on the page's clock.
      await stopClock(page);

      await hoverLeftForTheFullDelay();
      // Linked to its control.
      const id = await tip.getAttribute("id");
      expect(await left.getAttribute("aria-describedby")).toBe(id);

      // Straight on to the other arrow: no second wait (the clock does not move).
      await right.hover();
      await tip.filter({ hasText: "Scroll categories right" }).waitFor();
      expect(await tip.count()).toBe(1);

      await page.keyboard.press("Escape");
      await tip.waitFor({ state: "detached" });
      expect(await right.getAttribute("aria-describedby")).toBeNull();

      // Away for as long as the skip delay: the full delay again.
      await page.mouse.move(5, 600);
      await page.clock.runFor(TOOLTIP_SKIP_DELAY_MS);
      await hoverLeftForTheFullDelay();
      await page.mouse.move(5, 600);
      await tip.waitFor({ state: "detached" });
    }));

  it("opens on keyboard focus and closes on blur", () =>
    site.withPage({ javaScript: true }, async (page) => {
      await openCityPage(page);
      const left = page.getByRole("button", { name: "Scroll categories left" });
      const tip = page.getByRole("tooltip");
      await page.getByRole("heading", { level: 1 }).click();
      for (let i = 0; i < 30 && !(await left.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press("Tab");
      }
      expect(await left.evaluate((el) => el === document.activeElement)).toBe(true);
      await tip.filter({ hasText: "Scroll categories left" }).waitFor({ timeout: 500 });
      await page.keyboard.press("Tab");
      await tip.waitFor({ state: "detached" });
    }));
});

describe("activity links at 1280 px and wider", () => {
  /** Clicks the link and checks that the activity opened in a new tab while this page stayed where it was. */
  async function opensInNewTab(page: Page, context: BrowserContext, selector: string) {
    const link = page.locator(selector).first();
    const title = ((await link.textContent()) ?? "").trim();
    const href = await link.getAttribute("href");
    const before = page.url();
    const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(href);
    await expect(tab.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(title);
    await tab.close();
    expect(page.url()).toBe(before);
  }

  it(
    "open in a new tab from home, Explore Cities, search results, the city page and the nearby cards",
    () =>
      site.withPage({ javaScript: true }, async (page, context) => {
        await open(page, "/?lat=36.1627&lng=-86.7816");
        await opensInNewTab(page, context, "main [data-activity-link]");
        await open(page, "/cities?q=museum");
        await opensInNewTab(page, context, "#matching-activities ~ ul [data-activity-link]");
        await open(page, "/search?q=museum");
        await opensInNewTab(page, context, "main [data-activity-link]");
        await openCityPage(page);
        await opensInNewTab(page, context, "li[data-activity-id] [data-activity-link]");
        await open(page, DETAIL);
        await opensInNewTab(page, context, "[data-nearby] [data-activity-link]");
      }),
    LONG,
  );

  it("are plain same-tab links without JavaScript", () =>
    site.withPage({ javaScript: false }, async (page) => {
      await open(page, CITY);
      const link = page.locator("li[data-activity-id] [data-activity-link]").first();
      expect(await link.getAttribute("target")).toBeNull();
      const href = await link.getAttribute("href");
      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      expect(page.context().pages()).toHaveLength(1);
    }));

  it("open in the same tab once the window is narrower than 1280 px", () =>
    site.withPage({ javaScript: true }, async (page) => {
      await openCityPage(page);
      const link = page.locator("li[data-activity-id] [data-activity-link]").first();
      expect(await link.getAttribute("target")).toBe("_blank");
      await page.setViewportSize({ width: 1279, height: 900 });
      await expect.poll(() => link.getAttribute("target")).toBeNull();
      const href = await link.getAttribute("href");
      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      expect(page.context().pages()).toHaveLength(1);
    }));
});
