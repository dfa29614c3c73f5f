// The Data-quality tab's address auto-correction in a real browser, with JavaScript on and off: nothing is drawn
// until Preview is asked for; the preview says what it found (admin §8: a toast with JavaScript, a status line
// without), shows the first 10 and '...and N more activities', and Auto-correct all addresses empties it.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { adminHttp, openDashboardTab } from "../helpers/admin";
import { setUpSite, toast } from "../helpers/e2e";

const site = setUpSite();
const LONG = 120_000;

let cookie = "";
let nashville: number[] = [];

async function api(path: string, method = "GET", body?: unknown) {
  const response = await site.api(path, { method, body, cookie });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  cookie = (await adminHttp(site.server).signedInCookie("curator@example.com")).cookie;
  const list = await api("/api/activities?cityId=nashville");
  nashville = (list.body as { id: number }[]).map((a) => a.id);
  expect(nashville.length).toBeGreaterThanOrEqual(24);
});

/**
 * Gives the activities an address that differs from the one their Google Maps URL names, and runs the (free)
 * address check on them, as the Address Validation card does: each becomes an address discrepancy.
 */
async function makeDiscrepancies(ids: number[]) {
  for (const [i, id] of ids.entries()) {
    const place = encodeURIComponent(`Preview Hall ${i}, ${100 + i} Main Street, Nashville, TN 37201`);
    const put = await api(`/api/activities/${id}`, "PUT", {
      address: `${900 + i} Other Road, Nashville, TN 37203`,
      googleMapsUrl: `https://www.google.com/maps/place/${place}/@36.1612,-86.7785,17z`,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  }
  const checked = await api("/api/activities/validate-batch", "POST", { activityIds: ids, validationType: "address" });
  expect(checked.status).toBe(200);
  const found = await api("/api/activities/address-discrepancies");
  expect((found.body as unknown[]).length).toBe(ids.length);
}

async function openTab(page: Page) {
  // With JavaScript, the goto waits until the page is hydrated (newContext): the tab's click is React Router's.
  await page.goto(`${site.url}/admin/activities`);
  await openDashboardTab(page, "Data Quality", "/admin/data-quality");
}

const card = (page: Page) => page.getByRole("region", { name: "Address auto-correction" });

/** Preview, and the message it answers: a toast with JavaScript, the card's status line without. */
async function preview(page: Page, javaScript: boolean, title: string, description: string) {
  await card(page).getByRole("button", { name: "Preview", exact: true }).click();
  if (javaScript) {
    expect(await (await toast(page, title)).textContent()).toContain(description);
  } else {
    await card(page)
      .getByRole("status")
      .filter({ hasText: `${title}: ${description}` })
      .waitFor();
  }
}

for (const javaScript of [true, false]) {
  describe(`with JavaScript ${javaScript ? "on" : "off"}`, () => {
    it(
      "previews the address discrepancies on request, with the spec's messages, then corrects them all",
      { timeout: LONG },
      async () => {
        const { context, page } = await site.adminPage(javaScript);
        try {
          await openTab(page);
          // Nothing is looked up until the administrator asks.
          await card(page).getByRole("button", { name: "Preview", exact: true }).waitFor();
          expect(await card(page).getByRole("table").count()).toBe(0);
          expect(await card(page).getByText("All activities have verified addresses.").count()).toBe(0);

          // None yet.
          await preview(page, javaScript, "No Address Discrepancies", "All activities have verified addresses.");
          expect(await card(page).getByRole("table").count()).toBe(0);
          expect(await card(page).getByRole("button", { name: "Auto-correct all addresses" }).count()).toBe(0);

          // Twelve: the first 10, and the 2 more.
          const ids = javaScript ? nashville.slice(0, 12) : nashville.slice(12, 24);
          await makeDiscrepancies(ids);
          await preview(page, javaScript, "Address Preview Loaded", "Found 12 activities with address discrepancies");
          const rows = card(page).getByRole("table", { name: "Address discrepancies" }).getByRole("row");
          await expect.poll(() => rows.count()).toBe(11);
          await card(page).getByText("...and 2 more activities", { exact: true }).waitFor();
          await rows.nth(1).getByText("100 Main Street, Nashville, TN 37201").waitFor();
          await rows.nth(1).getByText("900 Other Road, Nashville, TN 37203").waitFor();
          if (javaScript) {
            // With JavaScript the message is the toast alone; axe (which runs scripts) checks the drawn preview.
            expect(await card(page).getByRole("status").count()).toBe(0);
            const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
            expect(
              results.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
            ).toEqual([]);
          }

          await card(page).getByRole("button", { name: "Auto-correct all addresses" }).click();
          expect(await (await toast(page, "Address Correction Complete")).textContent()).toContain(
            "Corrected 12 addresses",
          );
          expect((await api(`/api/activities/${ids[0]}`)).body.address).toBe("100 Main Street, Nashville, TN 37201");
          await preview(page, javaScript, "No Address Discrepancies", "All activities have verified addresses.");
        } finally {
          await context.close();
        }
      },
    );
  });
}
