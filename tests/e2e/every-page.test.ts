// What every public page carries (issue #27): Google Maps' attribution beside every Google rating, walked over each
// page that shows one. In Chromium, JavaScript on and off.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeIpGeolocation, type FakeIpGeolocation } from "../fakes/ip-geolocation";
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
  ipService = await startFakeIpGeolocation({ status: 200, body: { latitude: 36.1627, longitude: -86.7816 } });
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
    site.withPage({ javaScript, viewport: { width: 375, height: 800 }, isMobile: true }, async (page) => {
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
    site.withPage({ javaScript }, async (page) => {
      await page.goto(site.url + RYMAN);
      const place = new URL((await page.getByRole("link", { name: "View on Maps" }).getAttribute("href"))!);
      expect(place.origin + place.pathname).toBe("https://www.google.com/maps/search/");
      expect(place.searchParams.get("api")).toBe("1");
      expect(place.searchParams.get("query_place_id")).toBe(PLACE_ID);
      expect(place.searchParams.get("query")).toMatch(/^Ryman Auditorium, /);
    }));
});

describe("accessibility", () => {
  it.each([TOOTSIES, "/embed/activity/{tootsies}"])("axe finds no violations on %s", (path) =>
    site.withPage({ javaScript: true }, async (page) => {
      await page.goto(site.url + path.replace("{tootsies}", String(ids.tootsies)));
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
        [],
      );
    }),
  );
});
