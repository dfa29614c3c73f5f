// The map (public-site §2 city activities page, §4 'Map', §9 'Map'), with the real map library running in
// Chromium: MapLibre and an open style without a Mapbox token (the style comes from a local fake, so the map
// loads offline), mapbox-gl with one, and no map code at all on pages without a map.
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, ConsoleMessage, Locator, Page, Request } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAP_DEFAULTS } from "~/domain/pages/map";
import { startFakeMapStyle, type FakeMapStyle } from "../fakes/map-style";
import { newContext, scrollToMap } from "../helpers/browser";
import { setUpSite } from "../helpers/e2e";

let style: FakeMapStyle;

const NASHVILLE = "/usa/tn/nashville/things-to-do";
const MUSEUMS = `${NASHVILLE}?category=museums`;
const MEMPHIS = "/usa/tn/memphis/things-to-do";
/** Its centre is made unusable below, so its map opens on the default centre. */
const SAN_DIEGO = "/usa/ca/san-diego/things-to-do";
const TOOTSIES = "/usa/tn/nashville/things-to-do/tootsies-orchid-lounge";
/** A Nashville museum whose coordinates are not numbers. */
let lost = { id: 0, title: "" };
let tootsies = { lat: 0, lng: 0 };

beforeAll(async () => {
  style = await startFakeMapStyle();
});
afterAll(async () => style?.close());
const site = setUpSite({
  env: () => ({ MAP_STYLE_URL: style.url }),
  async prepare(p) {
    const museum = await p.activity.findFirstOrThrow({
      where: { cityId: "nashville", category: "Museums" },
      orderBy: { id: "asc" },
    });
    // The columns are numbers, so "not numeric" is NaN (which PostgreSQL stores and Prisma will not write); the
    // page hands it to the map as the string "NaN".
    await p.$executeRaw`UPDATE "Activity" SET "latitude" = 'NaN', "longitude" = 'NaN' WHERE "id" = ${museum.id}`;
    lost = { id: museum.id, title: museum.title };
    const t = await p.activity.findFirstOrThrow({ where: { cityId: "nashville", slug: "tootsies-orchid-lounge" } });
    tootsies = { lat: t.latitude, lng: t.longitude };
    await p.$executeRaw`UPDATE "City" SET "centerLatitude" = 'NaN', "centerLongitude" = 'NaN' WHERE "id" = 'san-diego'`;
  },
});

const mapRegion = (page: Page) => page.locator("[data-map-state]");
const pins = (page: Page) => mapRegion(page).locator("button.map-pin");
const pin = (page: Page, id: number) => mapRegion(page).locator(`button.map-pin[data-marker-id="${id}"]`);
const card = (page: Page, id: number) => page.locator(`li[data-activity-id="${id}"] article`);
const popup = (page: Page) => mapRegion(page).locator(".maplibregl-popup, .mapboxgl-popup");

/** Every script and stylesheet the page asks for, from before its first request. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r: Request) => urls.push(r.url()));
  return urls;
}

/**
 * Counts the page's requests from now on: `answered()` waits until every one made so far is answered (or failed),
 * the moment a check that something was not fetched can be made.
 */
function trackRequests(page: Page) {
  const pending = new Set<Request>();
  const done = (r: Request) => pending.delete(r);
  page.on("request", (r: Request) => pending.add(r));
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return { answered: () => expect.poll(() => pending.size).toBe(0) };
}

async function openMap(page: Page, path: string) {
  await page.goto(site.url + path);
  // A map below the fold loads once the visitor scrolls near it.
  await scrollToMap(page);
  // 'load' fires once the style (the local fake) is in: the map really runs, offline.
  await expect.poll(() => mapRegion(page).getAttribute("data-map-loaded"), { timeout: 20_000 }).toBe("");
}

async function camera(page: Page) {
  const region = mapRegion(page);
  const [zoom, center] = await Promise.all([region.getAttribute("data-zoom"), region.getAttribute("data-center")]);
  const [lat, lng] = (center ?? "").split(",").map(Number);
  return { zoom: Number(zoom), lat, lng };
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not on screen");
  return b;
}

/** The activity ids of the list's cards, in order. */
async function cardIds(page: Page): Promise<number[]> {
  return page
    .locator("li[data-activity-id]")
    .evaluateAll((items) => items.map((li) => Number((li as HTMLElement).dataset.activityId)));
}

describe("the map without a Mapbox token (MapLibre, open style)", () => {
  let context: BrowserContext;
  let page: Page;
  let requests: string[];
  beforeEach(async () => {
    context = await newContext(site.browser, { javaScript: true });
    page = await context.newPage();
    requests = recordRequests(page);
  });
  afterEach(async () => context?.close());

  it("draws the city's map with maplibre-gl and the configured style, never loading mapbox-gl", async () => {
    const before = style.requests();
    const problems: string[] = [];
    const onError = (e: Error) => problems.push(String(e));
    const onConsole = (m: ConsoleMessage) => m.type() === "error" && problems.push(m.text());
    page.on("pageerror", onError);
    page.on("console", onConsole);
    await openMap(page, NASHVILLE);
    page.off("pageerror", onError);
    page.off("console", onConsole);
    expect(problems).toEqual([]);
    expect(await mapRegion(page).getAttribute("data-map-library")).toBe("maplibre");
    expect(await mapRegion(page).getAttribute("aria-label")).toBe("Map of activities in Nashville");
    expect(style.requests()).toBeGreaterThan(before);
    expect(requests.some((u) => /\/assets\/maplibre-gl-[\w-]+\.js$/.test(u))).toBe(true);
    expect(requests.some((u) => /\/assets\/maplibre-gl-[\w-]+\.css$/.test(u))).toBe(true);
    // Its worker too (the bundler copies it; maplibre-gl alone would look for it beside its own chunk).
    expect(requests.some((u) => /\/assets\/maplibre-gl-worker-[\w-]+\.mjs$/.test(u))).toBe(true);
    expect(requests.filter((u) => /mapbox/i.test(u))).toEqual([]);
    // The canvas fills the half of the page beside the list.
    const canvas = await box(mapRegion(page).locator("canvas"));
    expect(canvas.width).toBeGreaterThan(500);
    expect(canvas.height).toBeGreaterThan(500);
  });

  it("opens at zoom 11 on the city's centre, or on Nashville when the city has no usable centre", async () => {
    await openMap(page, MEMPHIS);
    expect(await camera(page)).toEqual({ zoom: MAP_DEFAULTS.zoom, lat: 35.1495, lng: -90.049 });
    await openMap(page, SAN_DIEGO);
    expect(await pins(page).count()).toBeGreaterThan(0);
    expect(await camera(page)).toEqual({ zoom: MAP_DEFAULTS.zoom, ...MAP_DEFAULTS.center });
  });

  it("puts a 32px pin on the map for every listed activity, skipping one whose coordinates are not numbers", async () => {
    await openMap(page, MUSEUMS);
    const ids = await cardIds(page);
    expect(ids).toContain(lost.id);
    expect(ids.length).toBeGreaterThan(2);
    await expect.poll(() => pins(page).count()).toBe(ids.length - 1);
    expect(await pin(page, lost.id).count()).toBe(0);
    for (const id of ids.filter((i) => i !== lost.id)) {
      expect(await pin(page, id).count()).toBe(1);
      const b = await box(pin(page, id));
      expect([b.width, b.height]).toEqual([MAP_DEFAULTS.pinSize, MAP_DEFAULTS.pinSize]);
    }
    expect(await page.locator(".map-pin-selected").count()).toBe(0);
  });

  it("clicking a pin marks its card and scrolls it into view, flies to it (zoom 15, 1 s), enlarges and pulses it and opens its popup", async () => {
    await openMap(page, NASHVILLE);
    await page.evaluate(() => window.scrollTo(0, 0));
    // A pin nothing covers, whose card is out of sight below the fold.
    const target = await pins(page).evaluateAll((buttons) => {
      for (const b of buttons as HTMLElement[]) {
        const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        const cardTop =
          document.querySelector(`li[data-activity-id="${b.dataset.markerId}"]`)?.getBoundingClientRect().top ?? 0;
        if (hit && b.contains(hit) && cardTop > window.innerHeight) return Number(b.dataset.markerId);
      }
      return null;
    });
    expect(target).not.toBeNull();
    const id = target!;
    const title = (await pin(page, id).getAttribute("aria-label"))!;
    expect(await card(page, id).getAttribute("aria-current")).toBeNull();

    // Time the flight in the page: from the click to the camera settling at zoom 15.
    const flight = page.evaluate(
      (markerId) =>
        new Promise<number>((resolve) => {
          const region = document.querySelector<HTMLElement>("[data-map-state]")!;
          const button = region.querySelector(`[data-marker-id="${markerId}"]`)!;
          let start = 0;
          button.addEventListener("click", () => (start = performance.now()), { capture: true, once: true });
          new MutationObserver((_, observer) => {
            if (start && region.dataset.zoom === "15") {
              observer.disconnect();
              resolve(performance.now() - start);
            }
          }).observe(region, { attributes: true, attributeFilter: ["data-zoom"] });
        }),
      id,
    );
    await pin(page, id).click();
    const ms = await flight;
    // A flight, not a jump (however slow the machine, never shorter than the fly duration).
    expect(ms).toBeGreaterThanOrEqual(MAP_DEFAULTS.flyDurationMs);

    // The card: marked, and brought into view.
    await expect.poll(() => card(page, id).getAttribute("aria-current")).toBe("true");
    expect(await page.locator("article[aria-current]").count()).toBe(1);
    await expect
      .poll(() =>
        card(page, id).evaluate((a) => {
          const r = a.getBoundingClientRect();
          // 'nearest' may leave a fraction of a pixel below the edge.
          return r.top >= 0 && r.bottom <= window.innerHeight + 1;
        }),
      )
      .toBe(true);

    // The pin: 40px and pulsing; the others stay 32px.
    const chosen = await box(pin(page, id));
    expect([chosen.width, chosen.height]).toEqual([MAP_DEFAULTS.selectedPinSize, MAP_DEFAULTS.selectedPinSize]);
    expect(await pin(page, id).getAttribute("class")).toContain("map-pin-selected");
    expect(
      await pin(page, id)
        .locator("img")
        .evaluate((img) => getComputedStyle(img).animationName),
    ).toBe("map-pin-pulse");
    const other = pins(page).and(page.locator(":not(.map-pin-selected)")).first();
    expect(await other.evaluate((b) => b.getBoundingClientRect().width)).toBe(MAP_DEFAULTS.pinSize);
    expect(await other.locator("img").evaluate((img) => getComputedStyle(img).animationName)).toBe("none");

    // The camera: on the pin at zoom 15 (the pin sits in the middle of the map).
    const cam = await camera(page);
    expect(cam.zoom).toBe(MAP_DEFAULTS.detailZoom);
    const region = await box(mapRegion(page));
    expect(Math.abs(chosen.x + chosen.width / 2 - (region.x + region.width / 2))).toBeLessThanOrEqual(1);
    expect(Math.abs(chosen.y + chosen.height - (region.y + region.height / 2))).toBeLessThanOrEqual(1);

    // The popup: the activity's title, its tip 25px above the pin's point, the link opening a new tab at 1280px.
    await expect.poll(() => popup(page).count()).toBe(1);
    const link = popup(page).getByRole("link", { name: title });
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(new URL((await link.getAttribute("href"))!, site.url).pathname).toBe(
      await card(page, id).getByRole("link").getAttribute("href"),
    );
    const tip = await box(popup(page));
    expect(Math.abs(tip.y + tip.height - (chosen.y + chosen.height - MAP_DEFAULTS.popupOffset))).toBeLessThanOrEqual(
      1.5,
    );
  });

  it("hovering or focusing a card marks its pin, flies to it and opens its popup", async () => {
    await openMap(page, NASHVILLE);
    const ids = (await cardIds(page)).filter((i) => i !== lost.id);
    const [hovered, focused] = [ids[2], ids[5]];
    expect(await pin(page, hovered).count()).toBe(1);
    expect(await pin(page, focused).count()).toBe(1);

    await card(page, hovered).hover();
    await expect.poll(() => pin(page, hovered).getAttribute("class")).toContain("map-pin-selected");
    expect(await card(page, hovered).getAttribute("aria-current")).toBe("true");
    await expect.poll(async () => (await camera(page)).zoom).toBe(MAP_DEFAULTS.detailZoom);
    const title = (await pin(page, hovered).getAttribute("aria-label"))!;
    await expect.poll(() => popup(page).getByRole("link", { name: title }).count()).toBe(1);

    // Park the pointer on the map, so scrolling the list to the focused card slides no card under it.
    const region = await box(mapRegion(page));
    await page.mouse.move(region.x + 10, region.y + region.height - 10);
    await card(page, focused).getByRole("link").focus();
    await expect.poll(() => pin(page, focused).getAttribute("class")).toContain("map-pin-selected");
    expect(await pin(page, hovered).getAttribute("class")).not.toContain("map-pin-selected");
    expect((await box(pin(page, hovered))).width).toBe(MAP_DEFAULTS.pinSize);
    const focusedTitle = (await pin(page, focused).getAttribute("aria-label"))!;
    await expect.poll(() => popup(page).getByRole("link", { name: focusedTitle }).count()).toBe(1);
    // One popup at a time, and it does not take focus away from the list.
    expect(await popup(page).count()).toBe(1);
    expect(
      await page.evaluate(() =>
        document.activeElement?.closest("li[data-activity-id]")?.getAttribute("data-activity-id"),
      ),
    ).toBe(String(focused));
  });

  it("passes axe with the map drawn, its pins and an open popup", async () => {
    await openMap(page, NASHVILLE);
    const id = (await cardIds(page)).find((i) => i !== lost.id)!;
    await card(page, id).hover();
    await expect.poll(() => popup(page).count()).toBe(1);
    const results = await new AxeBuilder({ page }).include("[data-map-state]").analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("shows the activity's own map on the detail page, at zoom 15 on its pin", async () => {
    await openMap(page, TOOTSIES);
    expect(await mapRegion(page).getAttribute("data-map-library")).toBe("maplibre");
    expect(await pins(page).count()).toBe(1);
    const b = await box(pins(page));
    expect([b.width, b.height]).toEqual([MAP_DEFAULTS.pinSize, MAP_DEFAULTS.pinSize]);
    const cam = await camera(page);
    expect(cam.zoom).toBe(MAP_DEFAULTS.detailZoom);
    expect(cam.lat).toBeCloseTo(tootsies.lat, 4);
    expect(cam.lng).toBeCloseTo(tootsies.lng, 4);
  });

  it("loads no map code on a page without a map", async () => {
    const own = await context.newPage();
    const urls = recordRequests(own);
    const requests = trackRequests(own);
    await own.goto(site.url + "/cities");
    // Hydrated (the goto waits for it), and every request the page made answered.
    await requests.answered();
    expect(await own.getByRole("heading", { name: "Explore Cities" }).count()).toBe(1);
    expect(urls.filter((u) => /mapbox|maplibre|MapView/i.test(u))).toEqual([]);
    await own.close();
  });
});

describe("the map on a phone", () => {
  /** `path` at 390 × 844, hydrated (the goto waits for it), every request the page made answered, and the requests. */
  async function openOnPhone(path: string) {
    const context = await newContext(site.browser, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const urls = recordRequests(page);
    const requests = trackRequests(page);
    await page.goto(site.url + path);
    await requests.answered();
    return { context, page, urls, requests };
  }

  it("is behind the 'Show Map' / 'Show List' toggle, and drawn at full width when shown", async () => {
    const { context, page, urls } = await openOnPhone(NASHVILLE);
    // Behind the list, the map is not drawn and its library not even fetched.
    expect(await mapRegion(page).count()).toBe(0);
    expect(urls.filter((u) => /maplibre|mapbox/i.test(u))).toEqual([]);
    await page.getByRole("link", { name: "Show Map" }).click();
    await page.waitForURL((url) => url.searchParams.get("view") === "map");
    await expect.poll(() => mapRegion(page).getAttribute("data-map-state"), { timeout: 20_000 }).toBe("ready");
    await expect.poll(() => mapRegion(page).isVisible()).toBe(true);
    await expect
      .poll(async () => (await mapRegion(page).locator("canvas").boundingBox())?.width ?? 0)
      .toBeGreaterThan(300);
    await expect.poll(() => pins(page).first().isVisible()).toBe(true);
    expect(await page.locator("li[data-activity-id]").first().isVisible()).toBe(false);
    // Under 1280px a popup's link stays in the tab.
    await pins(page).first().dispatchEvent("click");
    await expect.poll(() => popup(page).getByRole("link").count()).toBe(1);
    expect(await popup(page).getByRole("link").getAttribute("target")).toBeNull();
    await page.getByRole("link", { name: "Show List" }).click();
    await page.waitForURL((url) => !url.searchParams.has("view"));
    await expect.poll(() => page.locator("li[data-activity-id]").first().isVisible()).toBe(true);
    expect(await mapRegion(page).isVisible()).toBe(false);
    await context.close();
  });

  it("on the detail page, fetches no map code until the visitor scrolls to the map, then draws it", async () => {
    const { context, page, urls, requests } = await openOnPhone(TOOTSIES);
    // The map starts below the first view, within a screen of it.
    expect(await mapRegion(page).evaluate((el) => el.getBoundingClientRect().top > window.innerHeight)).toBe(true);
    // Once the page has been idle (when a map near the view used to fetch its library), still nothing of it.
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => requestIdleCallback(r))));
    await requests.answered();
    expect(urls.filter((u) => /maplibre|mapbox/i.test(u))).toEqual([]);
    expect(await mapRegion(page).getAttribute("data-map-state")).toBe("loading");
    await scrollToMap(page);
    await expect.poll(() => mapRegion(page).getAttribute("data-map-loaded"), { timeout: 20_000 }).toBe("");
    expect(await pins(page).count()).toBe(1);
    await context.close();
  });
});

describe("the map with a Mapbox token", () => {
  // Its own server: the token is read at start-up. Mapbox's tiles cannot load here; what matters is which library
  // the page asks for, and that the page does not depend on it.
  const mapbox = setUpSite({
    env: () => ({ MAPBOX_TOKEN: "pk.test-not-a-real-token", MAP_STYLE_URL: style.url }),
    browser: false,
  });

  it("loads mapbox-gl (and the token from /api/mapbox-token), never maplibre-gl, and the list still works", async () => {
    const context = await newContext(site.browser, { javaScript: true });
    const page = await context.newPage();
    const urls = recordRequests(page);
    const before = style.requests();
    await page.goto(mapbox.url + NASHVILLE);
    await expect.poll(() => urls.some((u) => /\/assets\/mapbox-gl-[\w-]+\.js$/.test(u))).toBe(true);
    expect(await mapRegion(page).getAttribute("data-map-library")).toBe("mapbox");
    // The same code drives it: the map is created and every listed activity has its pin (tiles aside).
    await expect.poll(() => mapRegion(page).getAttribute("data-map-state"), { timeout: 20_000 }).toBe("ready");
    await expect.poll(() => pins(page).count()).toBe(48);
    expect(urls.some((u) => u === `${mapbox.url}/api/mapbox-token`)).toBe(true);
    expect(urls.filter((u) => /maplibre/i.test(u))).toEqual([]);
    expect(style.requests()).toBe(before);
    expect(await page.locator("li[data-activity-id] article").count()).toBe(48);
    await page.locator("form[role=search] label", { hasText: /^Parks$/ }).click();
    await page.waitForURL((url) => url.searchParams.get("category") === "parks");
    await expect
      .poll(() =>
        page
          .locator("li[data-activity-id] article p")
          .evaluateAll((ps) => ps.every((p) => p.textContent?.startsWith("Parks"))),
      )
      .toBe(true);
    await context.close();
  });
});
