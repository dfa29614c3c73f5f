// Activity photos (public-site §3 "Photo choice"): each category's own illustration where an activity has no
// photo, and the fallback when a photo fails to load, in Chromium with JavaScript off and on.
import type { BrowserContext, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CATEGORY_NAMES } from "~/domain/taxonomy/taxonomy";
import { DEFAULT_ACTIVITY_IMAGE } from "~/domain/activities/photos";
import { activityPath, cityThingsToDoPath } from "~/domain/http/urls";
import { startFakePlaces, type FakePlaces } from "../fakes/google-places";
import { newContext } from "../helpers/browser";
import { setUpSite } from "../helpers/e2e";

const CITY = "/usa/tn/nashville/things-to-do";
const BROKEN = { title: "Johnny Cash Museum", category: "Museums", image: "/images/no-such-photo.jpg" };
let brokenPath = "";
// An activity of another city with a Google photo (served locally) and its author, as the places service stores
// them (Nashville's cards keep their illustrations for the tests above).
const CREDITED = { author: "Ann Author", profile: "https://maps.google.com/contrib/1" };
let credited = { title: "", path: "", cityPath: "" };

// An activity with a photo on Google's photo host (the fake Places server's), as the places service stores it: the
// full size and the card's copy.
let googlePhoto = { title: "", path: "", cityPath: "" };
let places: FakePlaces;
beforeAll(async () => {
  places = await startFakePlaces();
});
afterAll(() => places?.close());

const site = setUpSite({
  env: () => places.env(),
  // The seed's activities have no photo of their own; one of them gets an image address that 404s.
  async prepare(p) {
    const row = await p.activity.findFirstOrThrow({
      where: { cityId: "nashville", title: BROKEN.title },
      include: { city: true },
    });
    expect(row.category).toBe(BROKEN.category);
    await p.activity.update({
      where: { id: row.id },
      data: { image: BROKEN.image, googlePhotos: [], customPhotoUrl: null, photoSource: "original" },
    });
    brokenPath = activityPath(row.city, row.title);
    const row2 = await p.activity.findFirstOrThrow({
      where: { cityId: { not: "nashville" } },
      orderBy: { id: "asc" },
      include: { city: true },
    });
    await p.activity.update({
      where: { id: row2.id },
      data: {
        googlePhotos: ["/images/categories/parks.svg"],
        googlePhotoAttributions: [[{ displayName: CREDITED.author, uri: CREDITED.profile }]],
        photoSource: "original",
        customPhotoUrl: null,
      },
    });
    credited = {
      title: row2.title,
      path: activityPath(row2.city, row2.title),
      cityPath: cityThingsToDoPath(row2.city, row2.city.id),
    };
    const row3 = await p.activity.findFirstOrThrow({
      where: { cityId: row2.cityId, id: { not: row2.id } },
      orderBy: { id: "asc" },
      include: { city: true },
    });
    await p.activity.update({
      where: { id: row3.id },
      data: {
        googlePhotos: [`${places.url}/photo-content/p1-ref-1=w1200`],
        googleCardPhoto: `${places.url}/photo-content/p1-ref-1=w800`,
        photoSource: "original",
        customPhotoUrl: null,
      },
    });
    googlePhoto = {
      title: row3.title,
      path: activityPath(row3.city, row3.title),
      cityPath: cityThingsToDoPath(row3.city, row3.city.id),
    };
  },
});

// Each built-in category's illustration, written out (public/images/categories/), not computed by the app's helper.
const ILLUSTRATIONS: Record<string, string> = {
  "Bars & Restaurants": "/images/categories/bars-and-restaurants.svg",
  Museums: "/images/categories/museums.svg",
  Entertainment: "/images/categories/entertainment.svg",
  Events: "/images/categories/events.svg",
  "Fun & Games": "/images/categories/fun-and-games.svg",
  Parks: "/images/categories/parks.svg",
  "Points of Interest": "/images/categories/points-of-interest.svg",
  Shopping: "/images/categories/shopping.svg",
  Tours: "/images/categories/tours.svg",
  Workshops: "/images/categories/workshops.svg",
  "Zoos & Aquariums": "/images/categories/zoos-and-aquariums.svg",
  Other: "/images/categories/other.svg",
};
const illustrationOf = (category: string) => ILLUSTRATIONS[category] ?? DEFAULT_ACTIVITY_IMAGE;
const illustrated = CATEGORY_NAMES;

describe("illustration files", () => {
  it("serves every category's illustration and the default as a small 400x250 SVG", async () => {
    expect(Object.keys(ILLUSTRATIONS).sort()).toEqual([...illustrated].sort());
    const paths = [...Object.values(ILLUSTRATIONS), DEFAULT_ACTIVITY_IMAGE];
    expect(new Set(paths).size).toBe(illustrated.length + 1);
    for (const path of paths) {
      const response = await fetch(site.url + path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toMatch(/^image\/svg\+xml/);
      const svg = await response.text();
      expect(svg, path).toMatch(/^<svg [^>]*viewBox="0 0 (400 250|800 500)"/);
      expect(svg.length, path).toBeLessThan(4096);
    }
    expect((await fetch(site.url + BROKEN.image)).status).toBe(404);
  });
});

describe("what loads first", () => {
  /** The loading and fetchpriority attributes of each card photo on a page, in page order. */
  async function cardLoading(path: string) {
    const html = await (await fetch(site.url + path)).text();
    return [...html.matchAll(/<div class="activity-card-photo"><img ([^>]*)>/g)].map(([, attrs]) => ({
      loading: /\bloading="(\w+)"/.exec(attrs!)?.[1],
      priority: /\bfetchpriority="(\w+)"/i.exec(attrs!)?.[1],
    }));
  }

  it("fetches the first card's photo at once and first, and every other lazily", async () => {
    const cards = await cardLoading(CITY);
    expect(cards).toHaveLength(48);
    expect(cards[0]).toEqual({ loading: "eager", priority: "high" });
    expect(new Set(cards.slice(1).map((c) => `${c.loading} ${c.priority}`))).toEqual(new Set(["lazy undefined"]));
    const home = await cardLoading("/?lat=36.1627&lng=-86.7816");
    expect(home[0]).toEqual({ loading: "eager", priority: "high" });
    expect(home.filter((c) => c.priority === "high")).toHaveLength(1);
    expect(home.at(-1)).toEqual({ loading: "lazy", priority: undefined });
  });

  it("starts the page's scripts after its first paint, and the page hydrates", async () => {
    const html = await (await fetch(site.url + CITY)).text();
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    expect(html).toContain(`<script type="text/x-module-after-paint">`);
    const context = await newContext(site.browser);
    try {
      const page = await context.newPage();
      // When the browser began its first frame (the page's own frame callback runs in the same one, after this).
      await page.addInitScript(() => {
        requestAnimationFrame((time) => ((window as unknown as { firstFrame: number }).firstFrame = time));
      });
      await page.goto(site.url + CITY);
      // The category strip's arrows come with hydration.
      await page.locator("button[aria-label='Scroll categories left']").waitFor({ state: "attached" });
      const { firstFrame, scripts } = await page.evaluate(() => ({
        firstFrame: (window as unknown as { firstFrame: number }).firstFrame,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.endsWith(".js"))
          .map((entry) => entry.startTime),
      }));
      expect(firstFrame).toBeGreaterThan(0);
      expect(scripts.length).toBeGreaterThan(10);
      expect(Math.min(...scripts)).toBeGreaterThan(firstFrame);
    } finally {
      await context.close();
    }
  });

  it("fetches the detail page's photo, its largest paint, ahead of the rest", async () => {
    const html = await (await fetch(site.url + brokenPath)).text();
    const photo = /<img [^>]*data-detail-photo[^>]*>/.exec(html)?.[0] ?? "";
    expect(photo).toMatch(/\bfetchpriority="high"/i);
    expect(photo).not.toMatch(/\bloading="lazy"/);
  });
});

/** Category line, title and photo of every card on the page. */
async function cardPhotos(page: Page) {
  return page.locator("li[data-activity-id] article").evaluateAll((articles) =>
    articles.map((a) => {
      const img = a.querySelector("img");
      return {
        title: a.querySelector("h3")?.textContent ?? "",
        category: (a.querySelector("p")?.textContent ?? "").split(" · ")[0],
        src: img?.getAttribute("src") ?? "",
        rendered: !!img && img.complete && img.naturalWidth > 0,
        inView: !!img && img.getBoundingClientRect().top < window.innerHeight,
      };
    }),
  );
}

const photoSrc = (img: Locator) => () =>
  img.evaluate((img: HTMLImageElement) => ({
    src: img.getAttribute("src"),
    rendered: img.complete && img.naturalWidth > 0,
  }));

for (const javaScript of [false, true]) {
  describe(`activity photos (JavaScript ${javaScript ? "on" : "off"})`, () => {
    let context: BrowserContext;
    let page: Page;
    beforeEach(async () => {
      context = await newContext(site.browser, { javaScript });
      page = await context.newPage();
    });
    afterEach(async () => context?.close());

    it("shows each card its category's illustration, different for different categories", async () => {
      const response = await page.goto(site.url + CITY);
      expect(response?.status()).toBe(200);
      await page.waitForLoadState("load");
      const cards = (await cardPhotos(page)).filter((c) => c.title !== BROKEN.title);
      expect(cards.length).toBeGreaterThan(40);
      for (const card of cards) {
        expect(card.src, `${card.title} (${card.category})`).toBe(illustrationOf(card.category));
        expect(card.src, card.title).not.toBe(DEFAULT_ACTIVITY_IMAGE);
      }
      const categories = new Set(cards.map((c) => c.category));
      expect(categories.size).toBeGreaterThanOrEqual(6);
      expect(new Set(cards.map((c) => c.src)).size).toBe(categories.size);
      // The pictures in view load and render (the ones further down load lazily), on a busy machine a moment after
      // the load event.
      expect(cards.filter((c) => c.inView).length).toBeGreaterThan(0);
      await expect
        .poll(async () => (await cardPhotos(page)).filter((c) => c.inView && !c.rendered).map((c) => c.title))
        .toEqual([]);
    });

    it("credits a Google photo's author and Google Maps on its card and on its detail page, linked to their profile", async () => {
      await page.goto(`${site.url}${credited.cityPath}?q=${encodeURIComponent(credited.title)}`);
      const card = page
        .locator("li[data-activity-id] article")
        .filter({ has: page.getByRole("heading", { name: credited.title, exact: true }) });
      await expect
        .poll(() => card.locator("[data-photo-credit]").textContent())
        .toBe(`Photo: ${CREDITED.author} via Google Maps`);
      const link = card.getByRole("link", { name: CREDITED.author });
      expect(await link.getAttribute("href")).toBe(CREDITED.profile);
      // Above the card's own link: the author's link is what a click there follows.
      const box = (await link.boundingBox())!;
      const hit = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest("a")?.getAttribute("href"),
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      );
      expect(hit).toBe(CREDITED.profile);

      await page.goto(site.url + credited.path);
      expect(await page.locator("[data-photo-credit]").textContent()).toBe(`Photo: ${CREDITED.author} via Google Maps`);
      // Google's text attribution, never translated.
      expect(await page.locator("[data-photo-credit] [translate=no]").textContent()).toBe("Google Maps");
    });

    it("shows a Google photo from this site, drawn at the width the phone shows it", async () => {
      const phone = await newContext(site.browser, { javaScript, viewport: { width: 375, height: 800 } });
      try {
        const tab = await phone.newPage();
        const hosts = new Set<string>();
        // Hosts the phone fetched images from, and every host it asked anything (the detail page's map style too).
        const imageHosts = new Set<string>();
        tab.on("request", (request) => {
          hosts.add(new URL(request.url()).host);
          if (request.resourceType() === "image") imageHosts.add(new URL(request.url()).host);
        });
        const shown = (img: Locator) =>
          img.evaluate((img: HTMLImageElement) => ({
            src: img.currentSrc.replace(location.origin, ""),
            rendered: img.complete && img.naturalWidth > 0,
          }));
        await tab.goto(`${site.url}${googlePhoto.cityPath}?q=${encodeURIComponent(googlePhoto.title)}`);
        const card = tab
          .locator("li[data-activity-id] article")
          .filter({ has: tab.getByRole("heading", { name: googlePhoto.title, exact: true }) })
          .locator("img");
        // A 375-pixel phone at a device pixel ratio of 1 takes the 400-pixel drawing for a card and the detail page,
        // each in its shape (16:10, 16:9).
        await expect
          .poll(() => shown(card))
          .toEqual({ src: expect.stringMatching(/^\/photos\/\d+\/400x250\?v=/), rendered: true });
        await tab.goto(site.url + googlePhoto.path);
        await expect
          .poll(() => shown(tab.locator("img[data-detail-photo]")))
          .toEqual({ src: expect.stringMatching(/^\/photos\/\d+\/400x225\?v=/), rendered: true });
        // The phone never connected to the photo's host; what it got is the photo 400 × 225 pixels, as WebP.
        expect([...imageHosts]).toEqual([new URL(site.url).host]);
        expect([...hosts]).not.toContain(new URL(places.url).host);
        const { src } = await shown(tab.locator("img[data-detail-photo]"));
        const drawn = await fetch(site.url + src, { headers: { Accept: "image/webp,*/*" } });
        const { format, width, height } = await sharp(Buffer.from(await drawn.arrayBuffer())).metadata();
        expect({ format, width, height }).toEqual({ format: "webp", width: 400, height: 225 });
      } finally {
        await phone.close();
      }
    });

    it("replaces a photo that fails to load with the category's illustration in the list and on the detail page", async () => {
      const fallback = illustrationOf(BROKEN.category);
      await page.goto(`${site.url}${CITY}?q=${encodeURIComponent(BROKEN.title)}`);
      const card = page
        .locator("li[data-activity-id] article")
        .filter({ has: page.getByRole("heading", { name: BROKEN.title, exact: true }) })
        .locator("img");
      await page.waitForLoadState("load");
      if (javaScript) {
        await expect.poll(photoSrc(card), { timeout: 15_000 }).toEqual({ src: fallback, rendered: true });
      } else {
        expect(await card.getAttribute("src")).toBe(BROKEN.image);
      }

      await page.goto(site.url + brokenPath);
      await page.waitForLoadState("load");
      if (javaScript) {
        await expect
          .poll(photoSrc(page.locator("img[data-detail-photo]")), { timeout: 15_000 })
          .toEqual({ src: fallback, rendered: true });
      } else {
        expect(await page.locator("img[data-detail-photo]").getAttribute("src")).toBe(BROKEN.image);
      }
    });

    if (javaScript) {
      it("falls back as well when the page arrives by a client-side navigation", async () => {
        // Below 1280 px, where activity links open in the same tab.
        const narrow = await newContext(site.browser, { javaScript, viewport: { width: 1024, height: 900 } });
        try {
          const tab = await narrow.newPage();
          await tab.goto(`${site.url}${CITY}?q=${encodeURIComponent(BROKEN.title)}`);
          await tab.getByRole("link", { name: BROKEN.title, exact: true }).click();
          await tab.waitForURL((url) => url.pathname === brokenPath);
          await expect
            .poll(photoSrc(tab.locator("img[data-detail-photo]")), { timeout: 15_000 })
            .toEqual({ src: illustrationOf(BROKEN.category), rendered: true });
        } finally {
          await narrow.close();
        }
      });
    }
  });
}
