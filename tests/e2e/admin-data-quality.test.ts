// The Data-quality tab in a real browser, with JavaScript on and off: reached by clicking its tab, a phone
// validation batch and its results, the review list's filters in the URL, Mark as Reviewed, the review edit
// dialog (saving marks reviewed), a coordinate sync preview and run, address auto-correction, clearing the review
// list; and its JSON calls. Phone numbers are checked without the network; the websites that put activities on the
// review list are a local fake (tests/fakes/websites.ts).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeWebsites, type FakeWebsites } from "../fakes/websites";
import { adminHttp, openDashboardTab } from "../helpers/admin";
import { visit } from "../helpers/browser";
import { setUpSite, toast } from "../helpers/e2e";

let sites: FakeWebsites;
// Started before the site, which is told it may reach the fake's private address: a setting the server refuses in
// production, so this file's server runs as NODE_ENV=test.
beforeAll(async () => {
  sites = await startFakeWebsites();
});
afterAll(async () => sites?.close());
const site = setUpSite({ env: () => ({ NODE_ENV: "test", VALIDATION_ALLOW_PRIVATE_ORIGINS: sites.origin }) });
const LONG = 120_000;

let cookie = "";
let http: ReturnType<typeof adminHttp>;

async function api(path: string, method = "GET", body?: unknown) {
  const response = await http.request(path, {
    method,
    cookie,
    headers: { ...http.sameOrigin(), ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** The id of the activity with this title, found as the admin's search finds it. */
async function idOf(title: string): Promise<number> {
  const found = await api(`/api/search?${new URLSearchParams({ q: title })}`);
  return (found.body.activities as { id: number; title: string }[]).find((a) => a.title === title)!.id;
}

/** Gives an activity a website that answers 404 and validates it, so it is on the review list. */
async function putOnReviewList(title: string): Promise<number> {
  const id = await idOf(title);
  const put = await api(`/api/activities/${id}`, "PUT", { website: `${sites.origin}/missing` });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const validated = await api("/api/activities/validate-batch", "POST", {
    activityIds: [id],
    validationType: "website",
  });
  expect(validated.status).toBe(200);
  expect(validated.body.results[0]).toMatchObject({ websiteStatus: "failed", needsReview: true });
  return id;
}

/**
 * Validates every phone number left to check (other tests of the file change some, in any order), so that a test
 * that counts what is left starts from none.
 */
async function validateEveryPhone() {
  for (let round = 0; round < 20; round++) {
    const left = (await api("/api/activities/unvalidated?type=phone")).body.activityIds as number[];
    if (left.length === 0) return;
    const batch = await api("/api/activities/validate-batch", "POST", {
      activityIds: left.slice(0, 50),
      validationType: "phone",
    });
    expect(batch.status).toBe(200);
  }
  expect((await api("/api/activities/unvalidated?type=phone")).body.activityIds).toEqual([]);
}

/** Gives an activity a new phone number, which leaves it to be checked again. */
async function changePhone(title: string, phoneNumber: string) {
  const id = await idOf(title);
  const put = await api(`/api/activities/${id}`, "PUT", { phoneNumber });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

async function openTab(page: Page) {
  // With JavaScript, the goto waits until the page is hydrated (newContext): the tab's click is React Router's.
  await page.goto(`${site.url}/admin/activities`);
  await openDashboardTab(page, "Data Quality", "/admin/data-quality");
}

function reviewRow(page: Page, title: string) {
  return page.getByRole("list", { name: "Activities needing review" }).getByRole("listitem", { name: title });
}

/** The review list's Edit dialog of `title`, opened from the Data Quality tab. */
async function openReviewEdit(page: Page, title: string) {
  await openTab(page);
  await reviewRow(page, title)
    .getByRole("link", { name: `Edit ${title}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit Activity" });
  await dialog.waitFor();
  return dialog;
}

beforeAll(async () => {
  http = adminHttp(site.server);
  cookie = (await http.signedInCookie("curator@example.com")).cookie;
});

describe("the JSON calls", () => {
  it("answer the stats, the review list, what is left to validate and the discrepancies to an administrator", async () => {
    const stats = await api("/api/validation/stats");
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ websiteStats: { working: expect.any(Number) }, phoneStats: {} });
    expect(stats.body.totalActivities).toBeGreaterThan(0);
    const unvalidated = await api("/api/activities/unvalidated?type=phone");
    expect(unvalidated.body.activityIds.length).toBeLessThanOrEqual(100);
    expect((await api("/api/activities/unvalidated?type=nope")).status).toBe(400);
    expect(Array.isArray((await api("/api/activities/address-discrepancies")).body)).toBe(true);
    expect((await api("/api/activities/needs-review?issue=phone")).status).toBe(200);
    // Refused without a session.
    const anonymous = await http.request("/api/validation/stats");
    expect(anonymous.status).toBe(401);
  });

  it("refuse more ids than a batch takes, and an unknown type", async () => {
    const ids = Array.from({ length: 51 }, (_, i) => i + 1);
    const tooMany = await api("/api/activities/validate-batch", "POST", {
      activityIds: ids,
      validationType: "website",
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe("At most 50 activities at once");
    const unknown = await api("/api/activities/validate-batch", "POST", { activityIds: [1], validationType: "x" });
    expect(unknown.status).toBe(400);
  });

  it("mark reviewed, clear the list and preview a coordinate sync", async () => {
    const id = await putOnReviewList("The Parthenon");
    const onList = await api("/api/activities/needs-review?q=Parthenon&issue=website");
    expect(onList.body.map((e: { activity: { id: number } }) => e.activity.id)).toContain(id);
    expect((await api(`/api/activities/${id}/mark-reviewed`, "POST", { notes: "Checked by phone" })).status).toBe(200);
    expect((await api("/api/activities/needs-review?q=Parthenon")).body).toEqual([]);
    expect((await api("/api/activities/999999999/mark-reviewed", "POST", {})).status).toBe(404);
    const cleared = await api("/api/activities/clear-review-list", "POST", { activityIds: [id] });
    expect(cleared.body).toEqual({ clearedCount: 0 });
    const sync = await api("/api/activities/update-coordinates-from-maps", "POST", { dryRun: true });
    expect(sync.status).toBe(200);
    expect(sync.body.message).toMatch(/^Preview: /);
    expect(sync.body.results).toMatchObject({ total: expect.any(Number), updates: expect.any(Array) });
  });
});

for (const javaScript of [true, false]) {
  describe(`with JavaScript ${javaScript ? "on" : "off"}`, () => {
    it("validates a batch of phone numbers and shows the results", { timeout: LONG }, async () => {
      // At least one left to check, whatever ran before (Validate all leaves none).
      await changePhone("Ryman Auditorium", `(615) 555-01${javaScript ? 3 : 4}0`);
      const { context, page } = await site.adminPage(javaScript);
      await openTab(page);
      const card = page.getByRole("listitem", { name: "Phone Validation" });
      const before = await card.getByText(/ left$/).innerText();
      await card.getByRole("button", { name: "Validate phone numbers: next batch" }).click();
      const results = page.getByRole("region", { name: "Latest Validation Results" });
      await results.waitFor();
      await expect.poll(() => results.getByText(/^Processed \d+/).count()).toBe(1);
      expect(
        await results.getByRole("list", { name: "Validation results" }).getByRole("listitem").count(),
      ).toBeGreaterThan(0);
      // The card's count follows (the page's data is read again after the action).
      await expect
        .poll(() =>
          page
            .getByRole("listitem", { name: "Phone Validation" })
            .getByText(/ left$/)
            .innerText(),
        )
        .not.toBe(before);
      await context.close();
    });

    it("filters the review list in the URL and marks an activity reviewed", { timeout: LONG }, async () => {
      const title = javaScript ? "Belle Meade Historic Site & Winery" : "Cheekwood Estate & Gardens";
      const id = await putOnReviewList(title);
      // Its phone number is checked too: the international form is offered.
      const phone = await api("/api/activities/validate-batch", "POST", { activityIds: [id], validationType: "phone" });
      const offered = phone.body.results[0].phoneNormalized as string;
      expect(offered).toMatch(/^\+1 615 \d{3} \d{4}$/);
      const { context, page } = await site.adminPage(javaScript);
      await openTab(page);
      await page.getByLabel("Issue type").selectOption("website");
      await page.getByLabel("Search by title").fill(title.split(" ")[0]!);
      await page.getByRole("button", { name: "Apply filters" }).click();
      await page.waitForURL(/issue=website/);
      expect(new URL(page.url()).searchParams.get("page")).toBeNull();
      const row = reviewRow(page, title);
      await row.waitFor();
      await row.getByText("Website: failed").waitFor();
      await row.getByRole("button", { name: `Use ${offered}` }).click();
      await toast(page, `Stored as ${offered}.`);
      expect((await api(`/api/activities/${id}`)).body.phoneNumber).toBe(offered);
      await expect.poll(() => reviewRow(page, title).getByRole("button", { name: /^Use / }).count()).toBe(0);
      await row.getByLabel("Review notes (optional)").fill("Called them");
      await row.getByRole("button", { name: "Mark as Reviewed" }).click();
      await toast(page, "The activity left the review list.");
      await expect.poll(() => reviewRow(page, title).count()).toBe(0);
      // The filters stay in the URL after the action.
      expect(new URL(page.url()).searchParams.get("issue")).toBe("website");
      await page.getByText("No activities needing review match these filters.").waitFor();
      await page.getByRole("link", { name: "Clear Filters" }).click();
      await page.waitForURL(`${site.url}/admin/data-quality`);
      await context.close();
    });

    it("saves an edit from the review list, which marks the activity reviewed", { timeout: LONG }, async () => {
      const title = javaScript ? "Frist Art Museum" : "Country Music Hall of Fame and Museum";
      await putOnReviewList(title);
      const { context, page } = await site.adminPage(javaScript);
      const dialog = await openReviewEdit(page, title);
      await dialog.getByLabel("Website").fill(`${sites.origin}/ok`);
      await dialog.getByRole("button", { name: "Update" }).click();
      await toast(page, "was saved and reviewed.");
      await page.waitForURL(`${site.url}/admin/data-quality`);
      await expect.poll(() => reviewRow(page, title).count()).toBe(0);
      await context.close();
    });

    it(
      "requires only title, latitude and longitude in the review Edit; the rest stays editable, kept when left empty",
      { timeout: LONG },
      async () => {
        const title = javaScript ? "Fort Nashborough" : "Tennessee State Capitol";
        const id = await putOnReviewList(title);
        const before = (await api(`/api/activities/${id}`)).body;
        const { context, page } = await site.adminPage(javaScript);
        try {
          const dialog = await openReviewEdit(page, title);
          for (const label of ["Title", "Latitude", "Longitude"])
            expect(await dialog.getByLabel(label, { exact: true }).getAttribute("aria-required"), label).toBe("true");
          for (const label of ["Category", "City", "Description", "Image URL"])
            expect(await dialog.getByLabel(label, { exact: true }).getAttribute("aria-required"), label).toBeNull();

          // Everything the review does not need left empty, and the title too: only the title is asked for.
          await dialog.getByLabel("Category", { exact: true }).selectOption("");
          await dialog.getByLabel("City", { exact: true }).selectOption("");
          await dialog.getByLabel("Description", { exact: true }).fill("");
          await dialog.getByLabel("Image URL", { exact: true }).fill("");
          await dialog.getByLabel("Title", { exact: true }).fill("");
          await dialog.getByLabel("Website").fill(`${sites.origin}/ok`);
          await dialog.getByRole("button", { name: "Update" }).click();
          await dialog.getByText("Title is required").waitFor();
          for (const message of ["Category is required", "City is required", "Description is required"])
            expect(await dialog.getByText(message).count(), message).toBe(0);
          expect(await dialog.getByText("Image URL is required").count()).toBe(0);

          // The title back and a new description: saved, and what was left empty keeps its stored value.
          await dialog.getByLabel("Title", { exact: true }).fill(title);
          await dialog.getByLabel("Description", { exact: true }).fill("Rewritten during the review.");
          await dialog.getByRole("button", { name: "Update" }).click();
          await toast(page, "was saved and reviewed.");
          await expect.poll(() => reviewRow(page, title).count()).toBe(0);
          const after = (await api(`/api/activities/${id}`)).body;
          expect(after).toMatchObject({
            title,
            excerpt: "Rewritten during the review.",
            category: before.category,
            cityId: before.cityId,
            image: before.image,
            website: `${sites.origin}/ok`,
          });
        } finally {
          await context.close();
        }
      },
    );

    it("previews a coordinate sync without changing anything", { timeout: LONG }, async () => {
      const { context, page } = await site.adminPage(javaScript);
      await openTab(page);
      const card = page.getByRole("region", { name: "Coordinate Synchronization" });
      await card.getByRole("button", { name: "Preview Changes" }).click();
      await card.getByText(/^Preview: .* would be updated \(nothing was changed\)$/).waitFor({ timeout: 60_000 });
      for (const label of ["Total", "Updated", "Unchanged", "Failed"])
        await card.getByText(label, { exact: true }).waitFor();
      await context.close();
    });
  });
}

// After the batches above have checked every phone number: changing a number makes it unvalidated again (a
// database trigger clears the stale status), and Validate all checks exactly those in the background.
describe("Validate all", () => {
  for (const [javaScript, changed] of [
    [true, ["The Parthenon", "Frist Art Museum"]],
    [
      false,
      ["Cheekwood Estate & Gardens", "Belle Meade Historic Site & Winery", "Country Music Hall of Fame and Museum"],
    ],
  ] as const) {
    it(
      `validates the changed phone numbers in the background (JavaScript ${javaScript ? "on" : "off"})`,
      { timeout: LONG },
      async () => {
        await validateEveryPhone();
        for (const [i, title] of changed.entries()) await changePhone(title, `(615) 555-01${javaScript ? 1 : 2}${i}`);
        const { context, page } = await site.adminPage(javaScript);
        await openTab(page);
        const card = page.getByRole("listitem", { name: "Phone Validation" });
        expect(await card.getByText(new RegExp(` ${changed.length} left$`)).count()).toBe(1);
        await card.getByRole("button", { name: "Validate phone numbers: all, in the background" }).click();
        await toast(page, `${changed.length} activities to check, in batches in the background.`);
        const section = page.getByRole("region", { name: "Validation run" });
        const done = `Completed: ${changed.length} of ${changed.length}`;
        await expect
          .poll(
            async () => {
              // Without JavaScript the page is read again by its Refresh progress link.
              if (!javaScript) await section.getByRole("link", { name: "Refresh progress" }).click();
              return section.getByText(done).count();
            },
            { timeout: 60_000, interval: 1000 },
          )
          .toBe(1);
        await expect
          .poll(() =>
            page
              .getByRole("listitem", { name: "Phone Validation" })
              .getByText(/ 0 left$/)
              .count(),
          )
          .toBe(1);
        await context.close();
      },
    );
  }
});

describe("accessibility", () => {
  it("axe finds no violations on the tab", { timeout: LONG }, async () => {
    const { context, page } = await site.adminPage(true);
    await openTab(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    await context.close();
  });
});

// Address auto-correction, the coordinate sync and clearing the review list, each through the JSON API and the
// tab (admin §2, §3, §7): an activity is given a Google Maps URL whose point and address differ from its own, and
// the address check puts it on the list.
describe("auto-correct addresses, sync coordinates, clear the review list", () => {
  const mapsUrlOf = (place: string) =>
    `https://www.google.com/maps/place/${place.replaceAll(" ", "+")}/@36.1612,-86.7785,17z`;

  /** Moves the activity's pin and address off those of its maps URL, and checks its address: a discrepancy. */
  async function misplace(title: string, street: string): Promise<number> {
    const id = await idOf(title);
    const put = await api(`/api/activities/${id}`, "PUT", {
      address: "1 Old Rd, Nashville, TN 37000",
      latitude: "36.1",
      longitude: "-86.7",
      googleMapsUrl: mapsUrlOf(`${title}, ${street}, Nashville, TN 37219`),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const checked = await api("/api/activities/validate-batch", "POST", {
      activityIds: [id],
      validationType: "address",
    });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    return id;
  }

  async function activity(id: number) {
    const { body } = await api(`/api/activities/${id}`);
    return body as { address: string; latitude: string | number; longitude: string | number };
  }

  it("through the JSON API", async () => {
    const id = await misplace("Loveless Cafe", "8400 Highway 100");
    const discrepancies = await api("/api/activities/address-discrepancies");
    expect(discrepancies.body).toContainEqual({
      id,
      title: "Loveless Cafe",
      address: "1 Old Rd, Nashville, TN 37000",
      validation: { mapsAddress: "8400 Highway 100, Nashville, TN 37219" },
    });

    const corrected = await api("/api/activities/auto-correct-addresses", "POST", { activityIds: [id, 999_999_999] });
    expect(corrected).toEqual({ status: 200, body: { correctedCount: 1, skippedCount: 1 } });
    expect((await activity(id)).address).toBe("8400 Highway 100, Nashville, TN 37219");
    expect(
      ((await api("/api/activities/address-discrepancies")).body as { id: number }[]).map((d) => d.id),
    ).not.toContain(id);

    const synced = await api("/api/activities/update-coordinates-from-maps", "POST", { dryRun: false });
    expect(synced.status).toBe(200);
    expect(synced.body.results.updates).toContainEqual(
      expect.objectContaining({ activityId: id, currentCoords: [36.1, -86.7], mapsCoords: [36.1612, -86.7785] }),
    );
    const moved = await activity(id);
    expect([Number(moved.latitude), Number(moved.longitude)]).toEqual([36.1612, -86.7785]);

    const listed = await putOnReviewList("Loveless Cafe");
    expect((await api("/api/activities/needs-review?q=Loveless")).body).toHaveLength(1);
    const cleared = await api("/api/activities/clear-review-list", "POST", { activityIds: [listed] });
    expect(cleared).toEqual({ status: 200, body: { clearedCount: 1 } });
    expect((await api("/api/activities/needs-review?q=Loveless")).body).toEqual([]);
  });

  for (const [javaScript, title, street] of [
    [true, "Husk Nashville", "37 Rutledge St"],
    [false, "Rolf and Daughters", "700 Taylor St"],
  ] as const) {
    it(`on the tab, with JavaScript ${javaScript ? "on" : "off"}`, { timeout: LONG }, async () => {
      const id = await misplace(title, street);
      const { context, page } = await site.adminPage(javaScript);
      try {
        await openTab(page);
        const addresses = page.getByRole("region", { name: "Address auto-correction" });
        await addresses.getByRole("button", { name: "Preview" }).click();
        await addresses.getByRole("cell", { name: `${street}, Nashville, TN 37219` }).waitFor();
        await addresses.getByRole("button", { name: "Auto-correct all addresses" }).click();
        await toast(page, "Address Correction Complete");
        expect((await activity(id)).address).toBe(`${street}, Nashville, TN 37219`);

        const sync = page.getByRole("region", { name: "Coordinate Synchronization" });
        await sync.getByRole("button", { name: "Update Coordinates" }).click();
        await sync.getByRole("list", { name: "Coordinate changes" }).getByText(title).waitFor({ timeout: 60_000 });
        const moved = await activity(id);
        expect([Number(moved.latitude), Number(moved.longitude)]).toEqual([36.1612, -86.7785]);

        await putOnReviewList(title);
        await visit(page, `${site.url}/admin/data-quality?${new URLSearchParams({ q: title })}`);
        await reviewRow(page, title).waitFor();
        await page.getByRole("button", { name: "Clear List (1)" }).click();
        await toast(page, "1 activity left the review list.");
        await expect.poll(() => reviewRow(page, title).count()).toBe(0);
        expect((await api(`/api/activities/needs-review?${new URLSearchParams({ q: title })}`)).body).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
