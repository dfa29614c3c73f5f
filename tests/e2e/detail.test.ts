// The activity detail page, the embed card, legacy paths, 404s and search-engine reach, in Chromium with
// JavaScript on and off against the built server.
import http from "node:http";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { milesBetween } from "~/domain/location/geo";
import { activityPath } from "~/domain/http/urls";
import { loadSeedData } from "../../prisma/seed";
import { visit } from "../helpers/browser";
import { setUpSite } from "../helpers/e2e";
import { freePort } from "../helpers/server";

let partner: http.Server;
let partnerUrl: string;

const TOOTSIES = "/usa/tn/nashville/things-to-do/tootsies-orchid-lounge";
const ROBERTS = "/usa/tn/nashville/things-to-do/roberts-western-world";
const BROKEN_PHOTO = "/images/no-such-photo.jpg";
const ids: { tootsies: number; roberts: number; memphis: number } = { tootsies: 0, roberts: 0, memphis: 0 };
let memphisPath = "";

const site = setUpSite({
  // Real seed data, plus the states the seed never has: an activity with nothing known about it (and a Google
  // photo that fails to load), and a city whose photos are switched off.
  async prepare(p) {
    ids.tootsies = (
      await p.activity.findFirstOrThrow({ where: { cityId: "nashville", slug: "tootsies-orchid-lounge" } })
    ).id;
    const roberts = await p.activity.update({
      where: {
        id: (await p.activity.findFirstOrThrow({ where: { cityId: "nashville", slug: "roberts-western-world" } })).id,
      },
      data: {
        touristyLevel: "Not available",
        cost: "",
        duration: "Not available",
        googleRating: null,
        googleReviewCount: null,
        photoSource: "google",
        googlePhotos: [BROKEN_PHOTO],
        customPhotoUrl: null,
        googleMapsUrl: "https://maps.google.com/?cid=4242",
      },
    });
    ids.roberts = roberts.id;
    await p.city.update({ where: { id: "memphis" }, data: { showPhotos: 0 } });
    const memphis = await p.activity.findFirstOrThrow({
      where: { cityId: "memphis" },
      orderBy: { id: "asc" },
      include: { city: true },
    });
    ids.memphis = memphis.id;
    memphisPath = activityPath(memphis.city, memphis.title);
  },
});

beforeAll(async () => {
  // A partner site on another origin that embeds the card, and (wrongly) a normal page.
  const port = await freePort();
  partnerUrl = `http://127.0.0.1:${port}`;
  partner = http.createServer((_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(`<!doctype html><title>Partner</title>
      <iframe name="embed" src="${site.url}/embed/activity/${ids.tootsies}" width="100%" height="650"></iframe>
      <iframe name="page" src="${site.url}${TOOTSIES}" width="100%" height="650"></iframe>`);
  });
  await new Promise<void>((resolve) => partner.listen(port, "127.0.0.1", resolve));
});
afterAll(() => {
  partner?.close();
});

async function cardValue(page: Page, label: string) {
  return (await page.locator(`[data-card="${label}"] dd`).first().textContent())?.trim();
}

function fetchNoRedirect(path: string) {
  return fetch(site.url + path, { redirect: "manual" });
}

describe.each([true, false])("activity detail page (JavaScript %s)", (javaScript) => {
  it("shows title, cards, description, directions, maps, tags, nearby and Back to {city}", () =>
    site.withPage({ javaScript }, async (page) => {
      const response = await page.goto(site.url + TOOTSIES);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1").textContent()).resolves.toBe("Tootsie's Orchid Lounge");
      expect(await page.title()).toBe("Tootsie's Orchid Lounge in Nashville | Things To Do");
      expect(await cardValue(page, "Duration")).toBe("1-2 hours");
      expect(await cardValue(page, "Cost")).toBe("Low");
      expect(await cardValue(page, "Touristy Level")).toBe("Very Touristy");
      expect(await cardValue(page, "Google Rating")).toBe("4.6 (13,000 reviews)");
      await expect(page.getByText("Purple-fronted Lower Broadway honky-tonk").count()).resolves.toBe(1);

      const back = page.getByRole("link", { name: "Back to Nashville" });
      expect(await back.getAttribute("href")).toBe("/usa/tn/nashville/things-to-do");
      expect(await page.getByRole("link", { name: "Explore Places" }).count()).toBe(1);
      expect(await page.getByRole("link", { name: "Travel Lists" }).count()).toBe(1);

      expect(await page.getByRole("link", { name: "Get Directions" }).getAttribute("href")).toBe(
        "https://www.google.com/maps/dir/?api=1&destination=36.1606,-86.7775",
      );
      // The place on Google Maps: without a place id or a stored Google Maps address, found by name and address.
      const place = new URL((await page.getByRole("link", { name: "View on Maps" }).getAttribute("href"))!);
      expect(place.origin + place.pathname).toBe("https://www.google.com/maps/search/");
      expect(place.searchParams.get("query")).toBe("Tootsie's Orchid Lounge, 422 Broadway, Nashville, TN 37203");

      const tags = page.locator("ul[data-detail-tags] > li");
      expect(await tags.allTextContents()).toEqual(["Adult", "Historic", "Indoors", "Music"]);
      expect(await tags.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.tagColor))).toEqual([
        "red",
        "yellow",
        "gray",
        "purple",
      ]);
      expect(await tags.locator("img").evaluateAll((els) => els.map((e) => e.getAttribute("src")))).toEqual([
        "/icons/tags/adult.svg",
        "/icons/tags/historic.svg",
        "/icons/tags/indoors.svg",
        "/icons/tags/music.svg",
      ]);
      await expect(page.getByRole("heading", { name: "Best Activities Nearby" }).count()).resolves.toBe(1);

      // Nearby: at most 3, all in Nashville, all within 25 miles, best rated first.
      const hrefs = await page
        .locator("[data-nearby] a[data-activity-link]")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
      expect(hrefs.length).toBeGreaterThan(0);
      expect(hrefs.length).toBeLessThanOrEqual(3);
      const ratings: number[] = [];
      for (const href of hrefs) {
        expect(href).toMatch(/^\/usa\/tn\/nashville\/things-to-do\/[a-z0-9-]+$/);
        expect(href).not.toBe(TOOTSIES);
        const slug = href.split("/").pop()!;
        const near = (await (await fetch(`${site.url}/api/activities/by-slug/nashville/${slug}`)).json()) as {
          latitude: string;
          longitude: string;
          cityId: string;
          googleRating: string | null;
        };
        expect(near.cityId).toBe("nashville");
        expect(
          milesBetween({ lat: 36.1606, lng: -86.7775 }, { lat: Number(near.latitude), lng: Number(near.longitude) }),
        ).toBeLessThanOrEqual(25);
        ratings.push(Number(near.googleRating ?? 0));
      }
      expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    }));

  it("shows the same page by id, with the slug URL as canonical", () =>
    site.withPage({ javaScript }, async (page) => {
      const response = await page.goto(`${site.url}/activity/${ids.tootsies}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1").textContent()).resolves.toBe("Tootsie's Orchid Lounge");
      expect(await cardValue(page, "Google Rating")).toBe("4.6 (13,000 reviews)");
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(site.url + TOOTSIES);
    }));

  it("says 'Not available' for missing values and uses the Google Maps URL when there is one", () =>
    site.withPage({ javaScript }, async (page) => {
      await page.goto(site.url + ROBERTS);
      for (const label of ["Duration", "Cost", "Touristy Level", "Google Rating"]) {
        expect(await cardValue(page, label), label).toBe("Not available");
      }
      expect(await page.getByRole("link", { name: "View on Maps" }).getAttribute("href")).toBe(
        "https://maps.google.com/?cid=4242",
      );
    }));

  it("falls back to the category's illustration when the photo fails to load (JavaScript on); without JavaScript the chosen photo stays", () =>
    site.withPage({ javaScript }, async (page) => {
      await page.goto(site.url + ROBERTS);
      const photo = page.locator("img[data-detail-photo]");
      if (javaScript) {
        await page.waitForFunction(
          () =>
            document.querySelector("img[data-detail-photo]")?.getAttribute("src") ===
            "/images/categories/bars-and-restaurants.svg",
        );
      } else {
        expect(await photo.getAttribute("src")).toBe(BROKEN_PHOTO);
      }
    }));

  it("shows no photo when the city's showPhotos is not 1", () =>
    site.withPage({ javaScript }, async (page) => {
      const response = await page.goto(site.url + memphisPath);
      expect(response?.status()).toBe(200);
      expect(await page.locator("img[data-detail-photo]").count()).toBe(0);
      expect(await page.locator("[data-nearby] img").count()).toBe(0);
      const tootsies = await page.goto(site.url + TOOTSIES);
      expect(tootsies?.status()).toBe(200);
      expect(await page.locator("img[data-detail-photo]").count()).toBe(1);
    }));

  it("answers 404 with 'Activity Not Found' and 'Return to Activities'", () =>
    site.withPage({ javaScript }, async (page) => {
      for (const [path, returnTo] of [
        ["/usa/tn/nashville/things-to-do/no-such-place", "/usa/tn/nashville/things-to-do"],
        ["/activity/987654", "/"],
        ["/activity/no-such-title-anywhere", "/"],
      ]) {
        await visit(page, site.url + path, 404);
        await expect(page.locator("h1").textContent()).resolves.toBe("Activity Not Found");
        expect(await page.getByText("The activity you're looking for doesn't exist.").count()).toBe(1);
        expect(await page.getByRole("link", { name: "Return to Activities" }).getAttribute("href")).toBe(returnTo);
        expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      }
    }));
});

describe("the detail page's scroll to the top (JavaScript on)", () => {
  const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

  it("opens at the top when a card is followed from far down a city page", () =>
    site.withPage(
      { javaScript: true, viewport: { width: 375, height: 700 }, isMobile: true, hasTouch: true },
      async (page) => {
        await page.goto(site.url + "/usa/tn/nashville/things-to-do");
        const link = page.locator("li[data-activity-id] [data-activity-link]").nth(10);
        await link.scrollIntoViewIfNeeded();
        expect(await scrollY(page)).toBeGreaterThan(500);
        const title = ((await link.textContent()) ?? "").trim();
        await link.tap();
        await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
        await expect.poll(() => scrollY(page)).toBe(0);
      },
    ));

  it("never throws a visitor who has begun to scroll back to the top", () =>
    site.withPage({ javaScript: true, viewport: { width: 1024, height: 700 } }, async (page) => {
      await page.clock.install();
      await page.goto(site.url + "/usa/tn/nashville/things-to-do");
      // The page's clock stands still from here, so the spec's reapplications (0 to 500 ms after the detail page
      // shows) are all still to come when the visitor scrolls.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      const link = page.locator("li[data-activity-id] [data-activity-link]").first();
      const title = ((await link.textContent()) ?? "").trim();
      await link.click();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      await page.mouse.move(500, 400);
      await page.mouse.wheel(0, 600);
      await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
      const scrolled = await scrollY(page);
      await page.clock.runFor(1_000);
      expect(await scrollY(page)).toBe(scrolled);
    }));
});

describe("Share", () => {
  it("copies the link and alerts 'Link copied to clipboard!' when there is no share sheet", () =>
    site.withPage({ javaScript: true }, async (page, context) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.url });
      await context.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
      });
      const alerts: string[] = [];
      page.on("dialog", (dialog) => {
        alerts.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.accept();
      });
      // The goto waits until the page is hydrated (newContext): the click reaches the enhanced handler, not the
      // mailto link.
      await page.goto(site.url + TOOTSIES + "?utm_source=newsletter");
      await page.getByRole("link", { name: "Share" }).click();
      await expect.poll(() => alerts.length).toBeGreaterThan(0);
      expect(alerts).toEqual(["alert: Link copied to clipboard!"]);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(site.url + TOOTSIES);
      expect(new URL(page.url()).pathname).toBe(TOOTSIES);
    }));

  it("opens the device share sheet when there is one", () =>
    site.withPage({ javaScript: true }, async (page, context) => {
      await context.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, "share", {
          configurable: true,
          value: async (data: ShareData) => {
            (window as unknown as { shared: ShareData }).shared = data;
          },
        });
      });
      await page.goto(site.url + TOOTSIES);
      await page.getByRole("link", { name: "Share" }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
        .toEqual({ title: "Tootsie's Orchid Lounge", url: site.url + TOOTSIES });
    }));

  it("is a plain mailto link carrying the page URL without JavaScript", () =>
    site.withPage({ javaScript: false }, async (page) => {
      await page.goto(site.url + TOOTSIES);
      const href = await page.getByRole("link", { name: "Share" }).getAttribute("href");
      expect(href).toBe(
        `mailto:?subject=${encodeURIComponent("Tootsie's Orchid Lounge")}&body=${encodeURIComponent(site.url + TOOTSIES)}`,
      );
    }));
});

describe.each([true, false])("embed card (JavaScript %s)", (javaScript) => {
  it("shows only the card, by id and by every activity path shape, with no scripts and no site header", () =>
    site.withPage({ javaScript }, async (page) => {
      for (const path of [
        `/embed/activity/${ids.tootsies}`,
        `/embed${TOOTSIES}`,
        // The short form, and both forms without the prefix (spec §2: '/embed plus a things-to-do path').
        "/embed/usa/tn/nashville/tootsies-orchid-lounge",
        "/embed/nashville/things-to-do/tootsies-orchid-lounge",
        "/embed/nashville/tootsies-orchid-lounge",
      ]) {
        const response = await page.goto(site.url + path);
        expect(response?.status(), path).toBe(200);
        await expect(page.locator("h1").textContent()).resolves.toBe("Tootsie's Orchid Lounge");
        expect(await page.getByText("Nashville", { exact: true }).count()).toBe(1);
        expect(await page.locator('ul[aria-label="Tags"] li').allTextContents()).toEqual([
          "Adult",
          "Historic",
          "Indoors",
          "Music",
        ]);
        expect(await page.locator("[data-rating]").textContent()).toContain("4.6 (13,000 reviews)");
        expect(await page.locator("dl dt").allTextContents()).toEqual(["Duration", "Cost", "Touristy Level"]);
        const view = page.getByRole("link", { name: "View on Explore" });
        expect(await view.getAttribute("href")).toBe(site.url + TOOTSIES);
        expect(await view.getAttribute("target")).toBe("_blank");
        expect(await view.getAttribute("rel")).toBe("noopener");
        expect(await page.locator("header").count()).toBe(0);
        expect(await page.locator("script").count()).toBe(0);
        expect(await page.evaluate(() => document.scripts.length)).toBe(0);
      }
    }));

  it("hides values that are 'Not available', and says 'Activity not found' (404) otherwise", () =>
    site.withPage({ javaScript }, async (page) => {
      await page.goto(`${site.url}/embed/activity/${ids.roberts}`);
      expect(await page.locator("dl").count()).toBe(0);
      expect(await page.locator("[data-rating]").count()).toBe(0);
      expect(await page.getByText("Not available").count()).toBe(0);
      for (const path of [
        "/embed/activity/987654",
        "/embed/usa/tn/nashville/things-to-do/nope",
        "/embed/usa/tn/nashville/nope",
        "/embed/nashville/things-to-do/nope",
        "/embed/nashville/nope",
        "/embed/no-such-city/things-to-do/tootsies-orchid-lounge",
        "/embed/whatever",
      ]) {
        await visit(page, site.url + path, 404);
        expect(await page.getByText("Activity not found").count()).toBe(1);
      }
    }));
});

describe("embed framing", () => {
  it("serves the embed without any script and frameable, and every other page with framing refused", async () => {
    const embed = await fetch(`${site.url}/embed/activity/${ids.tootsies}`);
    const html = await embed.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("modulepreload");
    expect(embed.headers.get("x-frame-options")).toBeNull();
    // The policy says more (scripts by hash, tests/e2e/csp.test.ts); its framing directive is what this is about.
    expect(embed.headers.get("content-security-policy")).toMatch(/(^|; )frame-ancestors \*$/);
    for (const path of [TOOTSIES, "/", `/activity/${ids.tootsies}`]) {
      const r = await fetch(site.url + path);
      expect(r.headers.get("x-frame-options"), path).toBe("DENY");
      expect(r.headers.get("content-security-policy"), path).toMatch(/(^|; )frame-ancestors 'none'$/);
    }
  });

  it("renders inside a page of another origin, while a normal page stays blank there", () =>
    site.withPage({ javaScript: true }, async (page) => {
      await page.goto(partnerUrl);
      await page.waitForLoadState("load");
      const embedFrame = page.frame({ name: "embed" })!;
      await embedFrame.waitForSelector("h1");
      expect(await embedFrame.locator("h1").textContent()).toBe("Tootsie's Orchid Lounge");
      expect(await embedFrame.getByRole("link", { name: "View on Explore" }).count()).toBe(1);

      const pageFrame = page.frame({ name: "page" })!;
      let framedText = "";
      try {
        framedText = await pageFrame.evaluate(() => document.body?.innerText ?? "");
      } catch {
        framedText = ""; // a blocked frame is an error document we may not even read
      }
      expect(framedText).not.toContain("Tootsie's Orchid Lounge");
      expect(pageFrame.url()).not.toBe(site.url + TOOTSIES);
    }));
});

describe("search-engine reach", () => {
  it("activity pages carry JSON-LD with type, name, geo and address (never Google's rating as their own), and a breadcrumb trail", () =>
    site.withPage({ javaScript: false }, async (page) => {
      await page.goto(site.url + TOOTSIES);
      const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (t) => JSON.parse(t) as Record<string, unknown>,
      );
      const place = blocks.find((b) => b["@type"] === "FoodEstablishment")!;
      expect(place).toMatchObject({
        "@context": "https://schema.org",
        name: "Tootsie's Orchid Lounge",
        url: site.url + TOOTSIES,
        geo: { "@type": "GeoCoordinates", latitude: 36.1606, longitude: -86.7775 },
        address: {
          "@type": "PostalAddress",
          streetAddress: "422 Broadway, Nashville, TN 37203",
          addressLocality: "Nashville",
        },
      });
      // Google's rating (4.6 from 13,000 reviews) is shown on the page, but review snippets may not mark up ratings
      // gathered from other sites as the place's own.
      expect(place).not.toHaveProperty("aggregateRating");
      expect(blocks.map((b) => JSON.stringify(b)).join("")).not.toMatch(/rating/i);
      const crumbs = blocks.find((b) => b["@type"] === "BreadcrumbList")!;
      expect((crumbs.itemListElement as { item: string }[]).map((i) => i.item)).toEqual([
        site.url + "/",
        site.url + "/usa/tn/nashville/things-to-do",
        site.url + TOOTSIES,
      ]);
    }));

  it("has a canonical link without tracking parameters, and Open Graph / Twitter card tags", () =>
    site.withPage({ javaScript: false }, async (page) => {
      await page.goto(`${site.url}${TOOTSIES}?utm_source=x&gclid=1`);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(site.url + TOOTSIES);
      const meta = async (key: string) =>
        page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute("content");
      expect(await meta("og:title")).toBe("Tootsie's Orchid Lounge in Nashville");
      expect(await meta("og:description")).toMatch(/^Tootsie's Orchid Lounge in Nashville: Purple-fronted/);
      expect((await meta("og:description"))!.length).toBeLessThanOrEqual(160);
      expect(await meta("og:url")).toBe(site.url + TOOTSIES);
      expect(await meta("og:image")).toBe(`${site.url}/images/social-default.png`);
      expect(await meta("twitter:card")).toBe("summary_large_image");
      const image = await fetch(`${site.url}/images/social-default.png`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");
      const png = Buffer.from(await image.arrayBuffer());
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

      // Another page gets the canonical link too, keeping its own parameters and dropping tracking ones (answered
      // without a redirect: docs/decisions/023-one-url-per-page.md).
      const cities = await page.goto(`${site.url}/cities?q=nash&utm_medium=mail`);
      expect(cities?.status()).toBe(200);
      expect(page.url()).toBe(`${site.url}/cities?q=nash&utm_medium=mail`);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${site.url}/cities?q=nash`);

      // Every public page carries its own title and description into Open Graph and Twitter cards.
      for (const path of [
        "/",
        "/cities",
        "/usa/tn/nashville",
        "/usa/tn/nashville/things-to-do",
        "/usa/tn/nashville/museums",
      ]) {
        await page.goto(site.url + path);
        const title = (await page.title()).replace(/ \| [^|]+$/, "");
        expect(await meta("og:title"), path).toBe(title);
        expect(await page.locator('meta[name="twitter:title"]').getAttribute("content"), path).toBe(title);
        expect(await meta("og:description"), path).toBe(
          await page.locator('meta[name="description"]').getAttribute("content"),
        );
        expect(await page.locator('link[rel="canonical"]').count(), path).toBe(1);
      }
    }));

  it("lists every seeded activity in /sitemap.xml, and each answers 200", async () => {
    const response = await fetch(`${site.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, "&"));
    expect(locs).toContain(`${site.url}/usa/tn/nashville/things-to-do`);
    expect(locs).toContain(`${site.url}/usa/tn/nashville`);
    expect(locs).toContain(`${site.url}/usa/tn/nashville/bars-and-restaurants`);
    expect(locs).toContain(`${site.url}/usa/tn/nashville/live-music`);

    const { cities, activities } = await loadSeedData();
    const cityById = new Map(cities.map((c) => [c.id, { id: c.id, stateCode: c.stateCode, country: c.country }]));
    const expected = new Set(activities.map((a) => site.url + activityPath(cityById.get(a.cityId), a.title)));
    const listed = locs.filter((l) => l.includes("/things-to-do/"));
    expect(new Set(listed)).toEqual(expected);
    // Written out, not only the app's own activityPath: the seed's 716 activities, Tootsie's among them.
    expect(listed).toHaveLength(716);
    expect(listed).toContain(`${site.url}/usa/tn/nashville/things-to-do/tootsies-orchid-lounge`);

    const failures: string[] = [];
    const queue = [...listed];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let url = queue.shift(); url; url = queue.shift()) {
          const r = await fetch(url, { redirect: "manual" });
          await r.arrayBuffer();
          if (r.status !== 200) failures.push(`${r.status} ${url}`);
        }
      }),
    );
    expect(failures).toEqual([]);
    // 700+ full pages on a single-process PGlite: generous, as the whole suite may share the machine.
  }, 600_000);

  it("robots.txt keeps /admin and /api out and points to the sitemap", async () => {
    const response = await fetch(`${site.url}/robots.txt`);
    expect(response.status).toBe(200);
    const lines = (await response.text()).split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Disallow: /admin",
        "Disallow: /api",
        `Sitemap: ${site.url}/sitemap.xml`,
      ]),
    );
  });
});

describe("legacy paths and unknown paths", () => {
  it("redirects legacy city paths permanently to the city's things-to-do page", async () => {
    for (const [path, target] of [
      ["/nashville", "/usa/tn/nashville/things-to-do"],
      ["/los-angeles", "/usa/ca/los-angeles/things-to-do"],
      ["/atlanta", "/usa/ga/atlanta/things-to-do"],
      ["/san-antonio", "/usa/tx/san-antonio/things-to-do"],
      ["/dubai", "/uae/dubai/dubai/things-to-do"],
      ["/Nashville?category=Parks", "/usa/tn/nashville/things-to-do?category=Parks"],
      ["/quebec-city/museums", "/canada/quebec/quebec-city/museums"],
      ["/nashville/live-music", "/usa/tn/nashville/live-music"],
    ]) {
      const r = await fetchNoRedirect(path);
      expect(r.status, path).toBe(301);
      expect(r.headers.get("location"), path).toBe(target);
    }
  });

  it("redirects legacy and non-canonical activity paths permanently to the detail page, which answers 200", async () => {
    for (const path of [
      `/nashville/${ids.tootsies}`,
      "/nashville/tootsies-orchid-lounge",
      "/activity/tootsies-orchid-lounge",
      "/usa/ca/nashville/things-to-do/tootsies-orchid-lounge",
      "/usa/tn/nashville/things-to-do/Tootsies-Orchid-Lounge",
      // The short form {prefix}/{cityId}/{activitySlug} (spec §2 route table).
      "/usa/tn/nashville/tootsies-orchid-lounge",
    ]) {
      const r = await fetchNoRedirect(path);
      expect(r.status, path).toBe(301);
      expect(r.headers.get("location"), path).toBe(TOOTSIES);
      const target = await fetchNoRedirect(r.headers.get("location")!);
      expect(target.status, path).toBe(200);
    }
  });

  it("answers unknown paths with a real 404 and '404 Page Not Found'", () =>
    site.withPage({ javaScript: false }, async (page) => {
      for (const path of [
        "/no-such-city",
        "/no-such-city/123",
        "/nashville/no-such-activity",
        `/memphis/${ids.tootsies}`,
      ]) {
        await visit(page, site.url + path, 404);
        await expect(page.locator("h1").textContent()).resolves.toBe("404 Page Not Found");
      }
      // Deeper unknown paths fall to the city guide route, whose unknown city says so (still a 404).
      await visit(page, site.url + "/a/b/c/d/e/f", 404);
      await expect(page.locator("h1").textContent()).resolves.toBe("City not found");
      for (const path of ["/sitemaps/1.xml", "/api/activities/987654"]) {
        expect((await fetch(site.url + path)).status, path).toBe(404);
      }
    }));
});
