// The places service end to end, with JavaScript on and off, against the fake Google Places (tests/fakes/): a
// card's Fetch Rating and 'fetch photos (about $0.04)', their §8 toasts, the photo credit on the public page, the
// Refresh Ratings job run to completion with its progress shown, the §7 API; and the not-configured notice.
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photoVersion } from "~/domain/activities/photos";
import { adminHttp, createActivityViaApi, signedInAdmin } from "../helpers/admin";
import { setUpSite, toast } from "../helpers/e2e";
import { startFakePlaces, type FakePlaces } from "../fakes/google-places";

let fake: FakePlaces;
beforeAll(async () => {
  fake = await startFakePlaces();
});
afterAll(() => fake?.close());

describe("with Google Places configured", () => {
  // Refresh Ratings runs over every activity: 40 of the seed's keep its run to seconds. The tests make their own.
  const site = setUpSite({
    env: () => fake.env(),
    prepare: async (prisma) => {
      const kept = await prisma.activity.findMany({ select: { id: true }, orderBy: { id: "asc" }, take: 40 });
      await prisma.activity.deleteMany({ where: { id: { notIn: kept.map((a) => a.id) } } });
    },
  });
  let contexts: Record<"js" | "nojs", BrowserContext>;
  let cookie = "";

  beforeAll(async () => {
    ({ contexts, cookie } = await signedInAdmin(site));
  });

  async function api(method: string, path: string, body?: unknown) {
    const response = await site.api(path, { method, body, cookie });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : null };
  }

  /** The src, srcset and sizes of the images the server writes on a page (attributes in any letter case). */
  async function photosOn(path: string, keep: (img: { src: string }) => boolean) {
    const html = await (await fetch(site.url + path)).text();
    return [...html.matchAll(/<img\b[^>]*>/gi)]
      .map(([tag]) => {
        const attrs = Object.fromEntries(
          [...tag.matchAll(/\s(src|srcset|sizes)="([^"]*)"/gi)].map(([, name, value]) => [
            name!.toLowerCase(),
            value!.replaceAll("&amp;", "&"),
          ]),
        ) as { src: string; srcset?: string; sizes?: string };
        return attrs;
      })
      .filter((img) => typeof img.src === "string" && keep(img));
  }

  const createActivity = (title: string) =>
    createActivityViaApi(site, cookie, {
      title,
      excerpt: "A place made for the places tests.",
      latitude: "36.1497",
      longitude: "-86.8133",
    });

  async function open(mode: "js" | "nojs", path: string): Promise<Page> {
    const page = await contexts[mode].newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${site.url}${path}`);
    if (mode === "js") {
      await page.getByLabel("Select all", { exact: true }).waitFor();
    }
    return page;
  }

  const card = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });

  /**
   * A card's 'fetch photos (about $0.04)', answered in its confirmation (a dialog over the list with JavaScript, a
   * page of its own without), which names the activity and the cost.
   */
  async function fetchPhotosOf(page: Page, title: string, answer: "Fetch Photos" | "Cancel") {
    await card(page, title)
      .getByRole("link", { name: `fetch photos (about $0.04) for ${title}` })
      .click();
    const confirm = page.getByRole("dialog", { name: "Fetch Photos" });
    await confirm.getByText(`Fetch the Google photos of "${title}"?`).waitFor();
    await confirm.getByText("About $0.04 per activity: about $0.04 for 1 activity.").waitFor();
    if (answer === "Cancel") await confirm.getByRole("link", { name: "Cancel" }).click();
    else await confirm.getByRole("button", { name: answer }).click();
  }

  describe.each(["js", "nojs"] as const)("JavaScript %s", (mode) => {
    it("fetches a card's rating, shows it there and on the public page, and says when there is none", async () => {
      const title = `Places Parthenon ${mode}`;
      await createActivity(title);
      fake.addPlace({
        id: `ChIJ-${mode}`,
        displayName: title,
        location: { latitude: 36.1497, longitude: -86.8133 },
        rating: 4.7,
        userRatingCount: 1234,
      });
      const before = fake.requests.length;
      const page = await open(mode, `/admin/activities?search=${encodeURIComponent(title)}`);
      await card(page, title)
        .getByRole("button", { name: `Fetch Rating for ${title}` })
        .click();
      await toast(page, "Rating updated");
      await expect
        .poll(() => card(page, title).locator("[data-rating]").textContent())
        .toContain("4.7 (1,234 reviews)");
      await card(page, title)
        .getByRole("button", { name: `Refresh Rating for ${title}` })
        .waitFor();
      // The search asked only for the rating fields; the refresh reused the stored place id (Place Details).
      const [search] = fake.requests.slice(before);
      expect(search).toMatchObject({
        path: "/v1/places:searchText",
        fieldMask: "places.id,places.rating,places.userRatingCount",
      });
      const beforeRefresh = fake.requests.length;
      await card(page, title)
        .getByRole("button", { name: `Refresh Rating for ${title}` })
        .click();
      await expect.poll(() => fake.requests.length).toBe(beforeRefresh + 1);
      expect(fake.requests.at(-1)).toMatchObject({
        path: `/v1/places/ChIJ-${mode}`,
        fieldMask: "id,rating,userRatingCount",
      });

      const live = await card(page, title).getByRole("link", { name: "View live page" }).getAttribute("href");
      const publicPage = await contexts[mode].newPage();
      await publicPage.goto(`${site.url}${live}`);
      await expect.poll(() => publicPage.locator("main").textContent()).toContain("4.7");
      await publicPage.close();

      const unknown = `Places Nowhere ${mode}`;
      await createActivity(unknown);
      await page.goto(`${site.url}/admin/activities?search=${encodeURIComponent(unknown)}`);
      await card(page, unknown)
        .getByRole("button", { name: `Fetch Rating for ${unknown}` })
        .click();
      await toast(page, "No Rating Found");

      fake.fail(500, 3);
      await card(page, unknown)
        .getByRole("button", { name: `Fetch Rating for ${unknown}` })
        .click();
      expect(await (await toast(page, "Failed to fetch Google rating", "destructive")).textContent()).toContain(
        "did not answer",
      );
      await page.close();
    });

    it("fetches a card's photos and credits the photographer where the photo is shown", async () => {
      const title = `Places Museum ${mode}`;
      const { id } = await createActivity(title);
      fake.addPlace(
        { id: `ChIJ-photos-${mode}`, displayName: title, location: { latitude: 36.1497, longitude: -86.8133 } },
        4,
      );
      const page = await open(mode, `/admin/activities?search=${encodeURIComponent(title)}`);
      // The cost is confirmed first (admin §9), and Cancel fetches nothing.
      const before = fake.requests.length;
      await fetchPhotosOf(page, title, "Cancel");
      await card(page, title).waitFor();
      await page.getByRole("dialog", { name: "Fetch Photos" }).waitFor({ state: "detached" });
      expect(new URL(page.url()).pathname).toBe("/admin/activities");
      expect(new URL(page.url()).searchParams.get("search")).toBe(title);
      expect(fake.requests.length).toBe(before);
      await fetchPhotosOf(page, title, "Fetch Photos");
      expect(await (await toast(page, "Photos updated")).textContent()).toContain("Saved 3 Google photos");
      const media = fake.requests.filter((r) => r.path.includes(`ChIJ-photos-${mode}/photos/`));
      // Three photos at the detail page's width, and the first again at card width.
      const mediaPath = (i: number, width: number) =>
        `/v1/places/ChIJ-photos-${mode}/photos/ref-${i}/media?maxWidthPx=${width}&skipHttpRedirect=true`;
      expect(media.map((r) => r.path)).toEqual([
        mediaPath(1, 1200),
        mediaPath(2, 1200),
        mediaPath(3, 1200),
        mediaPath(1, 800),
      ]);

      const live = await card(page, title).getByRole("link", { name: "View live page" }).getAttribute("href");
      // Photos at the size they are shown, from the site's photo service: every width in a srcset, the city page's
      // card with the 800-pixel one as its src (drawn from the 800-pixel copy), the detail page with the full size.
      const photo = `/photos/${id}/`;
      const at = (size: string, source: number) =>
        `${photo}${size}?v=${photoVersion(`${fake.url}/photo-content/ChIJ-photos-${mode}-ref-1=w${source}`)}`;
      const srcset = (h: number[]) =>
        `${at(`400x${h[0]}`, 800)} 400w, ${at(`800x${h[1]}`, 800)} 800w, ${at(`1200x${h[2]}`, 1200)} 1200w`;
      const cityPath = `${live!.replace(/\/[^/]+$/, "")}?q=${encodeURIComponent(title)}`;
      const [cardPhoto] = await photosOn(cityPath, (img) => img.src.startsWith(photo));
      expect(cardPhoto).toEqual({
        src: at("800x500", 800),
        srcset: srcset([250, 500, 750]),
        sizes: "(min-width: 640px) 50vw, 100vw",
      });
      const detailPhotos = await photosOn(live!, (img) => img.src.startsWith(photo));
      expect(detailPhotos).toEqual([
        { src: at("1200x675", 1200), srcset: srcset([225, 450, 675]), sizes: "(min-width: 1024px) 1024px, 100vw" },
      ]);
      // The photo service fetches Google's photo once (every size and format is drawn from that one copy; the page's
      // own images may have fetched it already) and sends it as AVIF (to a client that names it) at the size
      // asked, kept no longer than Google's terms let a copy be kept (30 days), never 'immutable'.
      for (let i = 0; i < 2; i++) {
        const answer = await fetch(site.url + at("400x250", 800), { headers: { Accept: "image/avif,image/webp,*/*" } });
        expect(answer.status).toBe(200);
        expect(answer.headers.get("content-type")).toBe("image/avif");
        expect(answer.headers.get("cache-control")).toBe("public, max-age=2592000");
        const drawn = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
        expect([drawn.format, drawn.compression, drawn.width, drawn.height]).toEqual(["heif", "av1", 400, 250]);
      }
      const source = `/photo-content/ChIJ-photos-${mode}-ref-1=w800`;
      expect(fake.photoDownloads.filter((path) => path === source)).toEqual([source]);
      await page.goto(`${site.url}${live}`);
      // The detail's own photo (the other mode's activity, with the same photographer, is among 'Nearby').
      const credit = page.locator("main > article").getByRole("link", { name: "Photographer 1" });
      await credit.waitFor();
      expect(await credit.getAttribute("href")).toBe("https://maps.google.com/maps/contrib/1000");

      const none = `Places Photoless ${mode}`;
      await createActivity(none);
      fake.addPlace({
        id: `ChIJ-none-${mode}`,
        displayName: none,
        location: { latitude: 36.1497, longitude: -86.8133 },
      });
      await page.goto(`${site.url}/admin/activities?search=${encodeURIComponent(none)}`);
      await fetchPhotosOf(page, none, "Fetch Photos");
      await toast(page, "No Photos Found");
      await page.close();
    });

    it("runs Refresh Ratings as a job after a confirmation, showing its progress to the end", async () => {
      const page = await open(mode, "/admin/activities");
      await page.getByRole("link", { name: "Refresh Ratings" }).click();
      const confirm = mode === "js" ? page.locator("dialog") : page;
      await confirm.getByText("may take several minutes and use significant quota").waitFor();
      // axe runs scripts in the page: with them on (the dialog over the list).
      if (mode === "js") {
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
        const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(serious.map((v) => v.id)).toEqual([]);
      }
      await confirm.getByRole("button", { name: "Refresh Ratings" }).click();
      await toast(page, "Refresh Ratings started");
      const jobs = page.getByRole("region", { name: "Background jobs" });
      await jobs.waitFor();
      // Its own job's item: the region lists each kind's latest job, Enhance Photos' too when a test ran it before.
      const job = jobs.locator("li", { hasText: "Refresh Ratings" });
      const status = job.getByRole("status");
      // Without JavaScript the Refresh progress link reloads the page; with it, the page polls by itself.
      await expect
        .poll(
          async () => {
            if (mode === "nojs") await jobs.getByRole("link", { name: "Refresh progress" }).click();
            return status.textContent();
          },
          { timeout: 120_000 },
        )
        .toMatch(/^Completed: (\d[\d,]*) of \1$/);
      expect(await job.textContent()).toMatch(/[1-9]\d* rated/);
      expect(await job.textContent()).toMatch(/\d+ Google calls/);
      await page.close();
    }, 180_000);

    it("cancels a running Refresh Ratings: it stops after the activity it is on, keeping what it did", async () => {
      // The fake holds Google's answers: the worker waits on its first activity until the test lets it go.
      const release = fake.hold();
      const page = await open(mode, "/admin/activities");
      try {
        const asked = fake.requests.length;
        await page.getByRole("link", { name: "Refresh Ratings" }).click();
        const confirm = mode === "js" ? page.locator("dialog") : page;
        await confirm.getByRole("button", { name: "Refresh Ratings" }).click();
        await toast(page, "Refresh Ratings started");
        await expect.poll(() => fake.requests.length, { timeout: 20_000 }).toBeGreaterThan(asked);
        const jobs = page.getByRole("region", { name: "Background jobs" });
        const job = jobs.locator("li", { hasText: "Refresh Ratings" });
        if (mode === "nojs") await jobs.getByRole("link", { name: "Refresh progress" }).click();
        await job.getByRole("button", { name: "Cancel Refresh Ratings" }).click();
        await toast(page, "Refresh Ratings stops after the activity it is on; what it did is kept.");
        release();
        await expect
          .poll(
            async () => {
              if (mode === "nojs") await jobs.getByRole("link", { name: "Refresh progress" }).click();
              return job.getByRole("status").textContent();
            },
            { timeout: 60_000 },
          )
          .toMatch(/^Cancelled: 1 of \d+$/);
        expect(await job.getByRole("button", { name: "Cancel Refresh Ratings" }).count()).toBe(0);
        // What it did is kept: the one activity it was on, rated or not.
        // (The tally is the line after the status one; the item's text runs the two together.)
        const tally = (await job.locator("p:not([role])").first().textContent()) ?? "";
        const [, rated, unrated] = /^(\d+) rated, (\d+) without a rating/.exec(tally) ?? [];
        expect(Number(rated) + Number(unrated)).toBe(1);
      } finally {
        release();
        await page.close();
      }
    }, 120_000);
  });

  describe.each(["js", "nojs"] as const)("Enhance Photos with JavaScript %s", (mode) => {
    it("shows the cost for the selection, then fetches the photos as a job", async () => {
      const titles = [`Places Bulk A ${mode}`, `Places Bulk B ${mode}`];
      for (const [i, title] of titles.entries()) {
        await createActivity(title);
        fake.addPlace(
          { id: `ChIJ-bulk-${i}-${mode}`, displayName: title, location: { latitude: 36.1497, longitude: -86.8133 } },
          2,
        );
      }
      const page = await open(mode, `/admin/activities?search=${encodeURIComponent(`Places Bulk`)}`);
      for (const title of titles) {
        await page.getByRole("article", { name: title, exact: true }).getByLabel(`Select ${title}`).check();
      }
      await page.getByRole("button", { name: "Enhance Photos" }).click();
      const confirm = mode === "js" ? page.locator("dialog") : page;
      await confirm.getByText("About $0.04 per activity: about $0.08 for 2 activities.").waitFor();
      await confirm.getByRole("button", { name: "Enhance Photos" }).click();
      await toast(page, "Enhance Photos started");
      const job = page.getByRole("region", { name: "Background jobs" }).locator("li", { hasText: "Enhance Photos" });
      await expect
        .poll(
          async () => {
            if (mode === "nojs") await page.getByRole("link", { name: "Refresh progress" }).click();
            return job.getByRole("status").textContent();
          },
          { timeout: 30_000 },
        )
        .toBe("Completed: 2 of 2");
      expect(await job.textContent()).toContain("2 with photos (4 photos)");
      expect(await job.textContent()).toContain("About $0.08 spent.");
      await page.close();
    }, 60_000);
  });

  it("answers the §7 places API", async () => {
    const { id } = await createActivity("Places API Hall");
    fake.addPlace(
      {
        id: "ChIJ-api",
        displayName: "Places API Hall",
        location: { latitude: 36.1497, longitude: -86.8133 },
        rating: 4.2,
        userRatingCount: 9,
      },
      2,
    );
    expect(await api("POST", `/api/activities/${id}/fetch-google-rating`)).toEqual({
      status: 200,
      json: { googleData: { rating: 4.2, userRatingCount: 9 }, message: "Rating updated" },
    });
    expect((await api("POST", `/api/activities/${id}/refresh-google-rating`)).status).toBe(200);
    const photos = await api("POST", `/api/activities/${id}/fetch-google-photos`);
    expect(photos.json.photoCount).toBe(2);
    expect((await api("POST", `/api/activities/${id}/refresh-photos`)).json.photoCount).toBe(2);
    fake.fail(429, 3);
    expect((await api("POST", `/api/activities/${id}/refresh-google-rating`)).status).toBe(429);
    expect((await api("POST", "/api/activities/999999/fetch-google-rating")).json).toEqual({
      message: "Activity not found.",
    });
  });

  it("starts the bulk places jobs from the API, one of a kind at a time, each with a status URL", async () => {
    const { id } = await createActivity("Bulk Photo Hall");
    fake.addPlace(
      { id: "ChIJ-bulk", displayName: "Bulk Photo Hall", location: { latitude: 36.1497, longitude: -86.8133 } },
      3,
    );
    const bulkResponse = await site.api("/api/activities/bulk-photo-enhancement", {
      method: "POST",
      cookie,
      body: { activityIds: [id] },
    });
    expect(bulkResponse.status).toBe(202);
    const bulk = await bulkResponse.json();
    expect(bulk).toMatchObject({ total: 1, estimatedCost: expect.stringMatching(/^\$0\.04/) });
    // The status URL, as a header and a field, answers the spec's fields once the job is finished.
    expect(bulk.statusUrl).toBe(`/api/jobs/${bulk.jobId}`);
    expect(bulkResponse.headers.get("location")).toBe(bulk.statusUrl);
    await expect
      .poll(async () => (await api("GET", bulk.statusUrl)).json.finished, { timeout: 30_000, interval: 200 })
      .toBe(true);
    const photos = await api("GET", bulk.statusUrl);
    expect(photos.json).toMatchObject({
      status: "completed",
      processedCount: 1,
      photosFound: 3,
      estimatedCost: "$0.04",
      results: [{ activityId: id, title: "Bulk Photo Hall", success: true, photoCount: 3 }],
    });
    expect((await api("POST", "/api/activities/bulk-photo-enhancement", { activityIds: "1" })).status).toBe(400);

    const allResponse = await site.api("/api/activities/refresh-all-google-ratings", { method: "POST", cookie });
    expect(allResponse.status).toBe(202);
    const all = await allResponse.json();
    const count = Number((await site.api("/api/activities")).headers.get("x-total-count"));
    expect(all.total).toBe(count);
    expect(allResponse.headers.get("location")).toBe(`/api/jobs/${all.jobId}`);
    const again = await api("POST", "/api/activities/refresh-all-google-ratings");
    expect(again).toMatchObject({ status: 409, json: { message: expect.stringMatching(/already running/) } });
    await expect
      .poll(async () => (await api("GET", all.statusUrl)).json.finished, { timeout: 60_000, interval: 250 })
      .toBe(true);
    const ratings = await api("GET", all.statusUrl);
    expect(ratings.json).toMatchObject({ status: "completed", processedCount: count, resultsTotal: count });
    const results = ratings.json.results as { activityId: number; success: boolean; googleRating: string | null }[];
    expect(results).toHaveLength(count);
    expect(results.every((r) => typeof r.success === "boolean")).toBe(true);
    expect(results.filter((r) => r.success).length).toBe(ratings.json.ratingsFound);
    // Paged like every list: limit and offset, with RFC 8288 links.
    const firstTwo = await site.api(`${all.statusUrl}?limit=2`, { cookie });
    expect(((await firstTwo.json()) as { results: unknown[] }).results).toEqual(results.slice(0, 2));
    expect(firstTwo.headers.get("link")).toContain(`<${all.statusUrl}?limit=2&offset=2>; rel="next"`);
    // Administrators only; an unknown job is a 404.
    expect((await site.api(all.statusUrl)).status).toBe(401);
    expect((await api("GET", "/api/jobs/no-such-job")).status).toBe(404);
  }, 90_000);
});

describe("without a Google Places key", () => {
  const site = setUpSite({ browser: false });

  it("says so on the Activities tab before anyone clicks, and each action says so too", async () => {
    const http = adminHttp(site.server);
    const { cookie } = await http.signedInCookie("curator@example.com");
    const page = await (await http.request("/admin/activities", { cookie })).text();
    expect(page).toContain("Google Places is not configured: set GOOGLE_PLACES_API_KEY");
    const [first] = (await (await site.api("/api/activities")).json()) as { id: number }[];
    const answer = await site.api(`/api/activities/${first.id}/fetch-google-rating`, { method: "POST", cookie });
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { message: string }).message).toContain("Google Places is not configured");
    const refresh = await http.request("/admin/activities/refresh-ratings", { cookie });
    expect(await refresh.text()).toContain("Google Places is not configured");
    // A card's 'fetch photos' says so in place of its confirmation.
    const photos = await http.request(`/admin/activities/${first.id}/places/photos`, { cookie });
    expect(photos.status).toBe(200);
    const text = await photos.text();
    expect(text).toContain("Google Places is not configured");
    expect(text).not.toContain(">Fetch Photos</button>");
  });
});
