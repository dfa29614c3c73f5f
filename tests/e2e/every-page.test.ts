// What every public page carries (issue #27): the header with 'Explore Places' and 'Travel Lists' and the footer
// with the privacy policy and the terms of use, on error pages too (a 404 from the prefix-less paths' middleware
// runs no loader at all); those two pages themselves; and Google Maps' attribution beside every Google rating, walked
// over each page that shows one. In Chromium, JavaScript on and off.
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeIpGeolocation, type FakeIpGeolocation } from "../fakes/ip-geolocation";
import { newContext, visit } from "../helpers/browser";
import { setUpSite } from "../helpers/e2e";

const BRAND = "Wander Nashville";
const EXPLORE = "https://explore.example.com/places";
const TRAVEL = "https://lists.example.com/travel";
const CONTACT = "privacy@wander.example.com";
const PLACE_ID = "ChIJFakePlaceIdForTheRymanAuditorium";
const TOOTSIES = "/usa/tn/nashville/things-to-do/tootsies-orchid-lounge";
const RYMAN = "/usa/tn/nashville/things-to-do/ryman-auditorium";
const CITY = "/usa/tn/nashville/things-to-do";

let ipService: FakeIpGeolocation;
beforeAll(async () => {
  // The browser calls the service from the loopback address.
  ipService = await startFakeIpGeolocation({
    "127.0.0.1": { city: "Nashville", latitude: 36.1627, longitude: -86.7816 },
  });
});
afterAll(async () => ipService?.close());

const ids = { tootsies: 0 };
const site = setUpSite({
  env: () => ({
    BRAND_NAME: BRAND,
    EXPLORE_PLACES_URL: EXPLORE,
    TRAVEL_LISTS_URL: TRAVEL,
    CONTACT_EMAIL: CONTACT,
    IP_GEOLOCATION_URL: ipService.url,
  }),
  // One place the places service has found, so its page links to it by its place id.
  async prepare(p) {
    const ryman = await p.activity.findFirstOrThrow({ where: { cityId: "nashville", slug: "ryman-auditorium" } });
    await p.activity.update({ where: { id: ryman.id }, data: { googlePlaceId: PLACE_ID } });
    ids.tootsies = (
      await p.activity.findFirstOrThrow({ where: { cityId: "nashville", slug: "tootsies-orchid-lounge" } })
    ).id;
  },
});

/**
 * The file's visits share a browsing context per JavaScript mode and screen, made before its first test and closed
 * after its last (a page answered 5xx fails its visit, and closing them fails the file on any a click led to): a
 * fresh context compiles the site's scripts again, which cost more than half of a visit's CPU. Each visit gets a
 * page of its own with no cookies (the remembered location), so what it checks is what a first visit shows; the
 * site keeps nothing else in the browser, and no page is visited twice in one context.
 */
const contexts = new Map<string, BrowserContext>();
/** The contexts: the frame's visits with JavaScript off and on, the attribution's on a phone, axe's. */
const SCREENS = {
  desktop: {},
  phone: { viewport: { width: 375, height: 800 }, isMobile: true },
  axe: {},
} as const;
type Screen = keyof typeof SCREENS;
beforeAll(async () => {
  for (const javaScript of [false, true]) {
    for (const [name, options] of Object.entries(SCREENS)) {
      if (name === "axe" && !javaScript) continue;
      contexts.set(`${name} ${javaScript}`, await newContext(site.browser, { javaScript, ...options }));
    }
  }
});
async function withSharedPage<T>(screen: Screen, javaScript: boolean, run: (page: Page) => Promise<T>): Promise<T> {
  const context = contexts.get(`${screen} ${javaScript}`)!;
  await context.clearCookies();
  const page = await context.newPage();
  try {
    return await run(page);
  } finally {
    await page.close();
  }
}

/** The error pages the issue names (a middleware's 404, no loader run), an unknown city, and ordinary pages. */
const ATLANTIS = "/usa/tn/atlantis/things-to-do";
const NOT_FOUND = ["/nosuchcity", "/a/b", "/nosuchcity/12", "/admin/nothing"];
const PAGES = [
  ...NOT_FOUND,
  ATLANTIS,
  "/",
  "/cities",
  "/search?q=park",
  CITY,
  "/usa/tn/nashville",
  TOOTSIES,
  "/privacy",
  "/terms",
];

/** The header's external links and the footer's two links, as a visitor sees them. */
async function frameOf(page: Page) {
  const header = page.locator("header").first();
  const footer = page.locator("footer").last();
  const href = async (where: typeof header, name: string) => {
    const link = where.getByRole("link", { name, exact: true });
    return (await link.count()) === 1 && (await link.isVisible()) ? await link.getAttribute("href") : null;
  };
  return {
    explorePlaces: await href(header, "Explore Places"),
    travelLists: await href(header, "Travel Lists"),
    home: await header.getByRole("link", { name: `${BRAND} home` }).getAttribute("href"),
    privacy: await href(footer, "Privacy Policy"),
    terms: await href(footer, "Terms of Use"),
  };
}

const FRAME = { explorePlaces: EXPLORE, travelLists: TRAVEL, home: "/", privacy: "/privacy", terms: "/terms" };

describe.each([false, true])("the header and the footer on every public page (JavaScript %s)", (javaScript) => {
  it.each(PAGES)("%s has the header's two links, the logo and the footer's policy links", (path) =>
    withSharedPage("desktop", javaScript, async (page) => {
      // React's hydration errors (a header drawn differently in the browser) are logged to the console.
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      page.on("pageerror", (e) => errors.push(e.message));
      await visit(page, site.url + path, NOT_FOUND.includes(path) || path === ATLANTIS ? 404 : 200);
      if (NOT_FOUND.includes(path)) {
        await expect(page.getByRole("heading", { name: "404 Page Not Found" }).isVisible()).resolves.toBe(true);
      }
      expect(await frameOf(page)).toEqual(FRAME);
      expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
    }),
  );

  it("a 404 page's footer leads to the privacy policy, and that page's to the terms of use", () =>
    site.withPage({ javaScript }, async (page) => {
      await visit(page, site.url + "/nosuchcity", 404);
      await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click();
      await page.waitForURL((url) => url.pathname === "/privacy");
      await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
      expect(await frameOf(page)).toEqual(FRAME);
      await page.locator("footer").getByRole("link", { name: "Terms of Use" }).click();
      await page.waitForURL((url) => url.pathname === "/terms");
      await page.getByRole("heading", { level: 1, name: "Terms of Use" }).waitFor();
      expect(await frameOf(page)).toEqual(FRAME);
    }));
});

describe("the privacy policy and the terms of use", () => {
  it("/privacy names the brand, the location cookie and its lifetime, every provider, and the operator's address", () =>
    site.withPage({ javaScript: false }, async (page) => {
      const response = await page.goto(site.url + "/privacy");
      expect(response?.status()).toBe(200);
      // Cached like the other public pages: the same bytes for every visitor.
      expect(response?.headers()["cache-control"]).toBe("public, max-age=60, s-maxage=300, stale-while-revalidate=600");
      expect(await page.title()).toBe(`Privacy Policy | ${BRAND}`);
      const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
      expect(text).toContain(`${BRAND} is a directory of things to do`);
      // The remembered location, and how long.
      expect(text).toMatch(
        /loc: your approximate position \(latitude and longitude to two decimals, about a kilometre\), kept for 30 days/,
      );
      // The IP geolocation service the visitor's browser calls, named from IP_GEOLOCATION_URL.
      expect(text).toContain(`IP geolocation service ${new URL(ipService.url).host}`);
      // The map's style and tiles (the tests' local stand-in for MAP_STYLE_URL).
      expect(text).toMatch(/loads the style and its map tiles from 127\.0\.0\.1:\d+/);
      // The admin's session cookie, its lifetime; Google Maps content, Unsplash's photos.
      expect(text).toMatch(/__session and __toast: only for the site's administrators/);
      expect(text).toContain("for 7 days after an administrator signs in");
      expect(text).toContain("come from Google Maps, through the Google Maps Platform Places API");
      expect(text).toContain("from Unsplash (images.unsplash.com)");
      expect(await page.getByRole("link", { name: "Google's Privacy Policy" }).getAttribute("href")).toBe(
        "https://policies.google.com/privacy",
      );
      expect(await page.getByRole("link", { name: CONTACT }).getAttribute("href")).toBe(`mailto:${CONTACT}`);
    }));

  it("/terms binds users to Google's terms and says how to reach the operator", () =>
    site.withPage({ javaScript: false }, async (page) => {
      const response = await page.goto(site.url + "/terms");
      expect(response?.status()).toBe(200);
      expect(response?.headers()["cache-control"]).toBe("public, max-age=60, s-maxage=300, stale-while-revalidate=600");
      expect(await page.title()).toBe(`Terms of Use | ${BRAND}`);
      const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
      expect(text).toContain(`By using ${BRAND} you agree to these terms.`);
      expect(text).toContain("By using this site you are bound by Google's Terms of Service");
      expect(await page.getByRole("link", { name: "Google's Terms of Service" }).getAttribute("href")).toBe(
        "https://policies.google.com/terms",
      );
      expect(
        await page
          .getByRole("link", { name: "Google Maps/Google Earth Additional Terms of Service" })
          .getAttribute("href"),
      ).toBe("https://maps.google.com/help/terms_maps/");
      expect(
        await page.locator("main").getByRole("link", { name: "privacy policy", exact: true }).getAttribute("href"),
      ).toBe("/privacy");
      expect(await page.getByRole("link", { name: CONTACT }).getAttribute("href")).toBe(`mailto:${CONTACT}`);
    }));

  it("the sitemap lists both", async () => {
    const xml = await (await fetch(site.url + "/sitemap.xml")).text();
    expect(xml).toContain(`<loc>${site.url}/privacy</loc>`);
    expect(xml).toContain(`<loc>${site.url}/terms</loc>`);
  });
});

/**
 * Every Google rating a page shows — a '★ 4.6' on a card or the embed card, the detail page's 'Google Rating'
 * value — with what sits beside it in its card: the 'Google Maps' attributions there, and how they are drawn.
 */
async function ratingsAndAttributions(page: Page) {
  return page.evaluate(() => {
    const ownText = (el: Element) =>
      [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join("");
    const visible = (el: Element) => (el as HTMLElement).checkVisibility?.() ?? true;
    const ratings = [...document.querySelectorAll("body *")].filter(
      (el) =>
        visible(el) &&
        (/★/.test(ownText(el)) ||
          (el.matches('[data-card="Google Rating"] dd') && /^\d\.\d/.test(el.textContent?.trim() ?? ""))),
    );
    return ratings.map((rating) => {
      const card = rating.closest("[data-card], article");
      const says = (el: Element) => el.textContent?.trim() === "Google Maps";
      // The innermost elements that say it (not the cell around one).
      const attributions = card
        ? [...card.querySelectorAll("*")].filter((el) => says(el) && ![...el.children].some(says) && visible(el))
        : [];
      return {
        rating: rating.closest("p, dd")?.textContent?.trim().slice(0, 60) ?? "",
        attributions: attributions.map((el) => {
          const style = getComputedStyle(el);
          return {
            translate: el.getAttribute("translate"),
            fontSize: parseFloat(style.fontSize),
            whiteSpace: style.whiteSpace,
            lines: new Set([...el.getClientRects()].map((r) => Math.round(r.top))).size,
          };
        }),
      };
    });
  });
}

/** The pages that show Google ratings (cards, the detail page, the embed card). */
const RATING_PAGES = [
  "/?lat=36.1627&lng=-86.7816",
  "/cities?q=nashville",
  "/search?q=park",
  CITY,
  "/usa/tn/nashville/museums",
  "/usa/tn/nashville/things-to-do-with-kids",
  TOOTSIES,
  "/activity/{tootsies}",
  "/embed/activity/{tootsies}",
];

describe.each([false, true])("Google Maps attribution (JavaScript %s)", (javaScript) => {
  it.each(RATING_PAGES)("every Google rating on %s has 'Google Maps' beside it, unaltered", (path) =>
    withSharedPage("phone", javaScript, async (page) => {
      await page.goto(site.url + path.replace("{tootsies}", String(ids.tootsies)));
      const found = await ratingsAndAttributions(page);
      expect(found.length, `${path} shows Google ratings`).toBeGreaterThan(0);
      for (const { rating, attributions } of found) {
        expect(attributions.length, `'${rating}' has the Google Maps attribution beside it`).toBeGreaterThan(0);
        // Google Maps attribution requirements: never translated or wrapped, 12 to 16 px.
        for (const attribution of attributions) {
          expect(attribution).toMatchObject({ translate: "no", whiteSpace: "nowrap", lines: 1 });
          expect(attribution.fontSize).toBeGreaterThanOrEqual(12);
          expect(attribution.fontSize).toBeLessThanOrEqual(16);
        }
      }
    }),
  );

  it("the detail page links to the place on Google Maps by its place id", () =>
    withSharedPage("desktop", javaScript, async (page) => {
      await page.goto(site.url + RYMAN);
      const place = new URL((await page.getByRole("link", { name: "View on Maps" }).getAttribute("href"))!);
      expect(place.origin + place.pathname).toBe("https://www.google.com/maps/search/");
      expect(place.searchParams.get("api")).toBe("1");
      expect(place.searchParams.get("query_place_id")).toBe(PLACE_ID);
      expect(place.searchParams.get("query")).toMatch(/^Ryman Auditorium, /);
    }));
});

describe("accessibility", () => {
  it.each(["/privacy", "/terms", "/nosuchcity", TOOTSIES, "/embed/activity/{tootsies}"])(
    "axe finds no violations on %s",
    (path) =>
      withSharedPage("axe", true, async (page) => {
        await visit(
          page,
          site.url + path.replace("{tootsies}", String(ids.tootsies)),
          NOT_FOUND.includes(path) ? 404 : 200,
        );
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
          [],
        );
      }),
  );
});
