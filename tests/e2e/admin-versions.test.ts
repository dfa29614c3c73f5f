// No silent overwrites (issue #24), end to end: two administrators in two browsers edit the same row. The second
// save is refused and the form comes back with the second admin's own values, the message naming the first admin
// and when, and the field the first admin changed marked with their value; saving again then goes through. With
// JavaScript on (the dialog) and off (a plain page), for an activity and for a city.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActivityViaApi, signInAsAdmin } from "../helpers/admin";
import { newContext } from "../helpers/browser";
import { setUpSite, toast } from "../helpers/e2e";

const site = setUpSite();
const BOB = "bob@example.com";
const ANN = "ann@example.com";
let bob: BrowserContext;
const ann: Partial<Record<"js" | "nojs", BrowserContext>> = {};
let cookie = "";

beforeAll(async () => {
  bob = await newContext(site.browser, { javaScript: true });
  ann.js = await newContext(site.browser, { javaScript: true });
  ann.nojs = await newContext(site.browser, { javaScript: false });
  // One after the other: two first sign-ins of one e-mail race on adding it to the admin table.
  await signInAsAdmin(bob, site.server, BOB);
  await signInAsAdmin(ann.js, site.server, ANN);
  await signInAsAdmin(ann.nojs, site.server, ANN);
  const session = (await bob.cookies()).find((c) => c.name === "__session")!;
  cookie = `__session=${session.value}`;
});

afterAll(async () => {
  await Promise.all([bob, ann.js, ann.nojs].map((c) => c?.close()));
});

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${site.url}${path}`);
  return page;
}

const createActivity = (title: string) =>
  createActivityViaApi(site, cookie, { title, excerpt: "The words both admins opened." });

/** The edit form, opened (with JavaScript, its page's goto has waited until React took it over: newContext). */
async function editForm(page: Page) {
  const dialog = page.locator("dialog");
  await dialog.getByRole("button", { name: "Update" }).waitFor();
  return dialog;
}

describe.each(["js", "nojs"] as const)("two admins edit one activity, the second with JavaScript %s", (mode) => {
  it("refuses the second save with the message and the other admin's value, keeps the typed ones, then saves", async () => {
    const { id } = await createActivity(`Versioned Hall ${mode}`);
    const path = `/admin/activities/${id}/edit`;
    const [bobPage, annPage] = await Promise.all([open(bob, path), open(ann[mode]!, path)]);
    try {
      const bobForm = await editForm(bobPage);
      const annForm = await editForm(annPage);

      // Bob saves first: a new description.
      await bobForm.getByLabel("Description", { exact: true }).fill("Bob's description.");
      await bobForm.getByRole("button", { name: "Update" }).click();
      await toast(bobPage, "Activity updated");

      // Ann, from the version she opened, changes the title and saves.
      await annForm.getByLabel("Title", { exact: true }).fill(`Ann's Hall ${mode}`);
      await annForm.getByRole("button", { name: "Update" }).click();
      const alert = annPage.getByRole("alert").filter({ hasText: "Someone else changed" });
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(
        new RegExp(
          `Someone else changed this activity at \\w{3} \\d{1,2}, \\d{4}, \\d{2}:\\d{2}:\\d{2} UTC \\(${BOB.replace(".", "\\.")}\\)\\. Review their changes below, then save again\\.`,
        ),
      );
      // Her own typed value is kept; Bob's change is marked with his value.
      const form = annPage.locator("dialog");
      expect(await form.getByLabel("Title", { exact: true }).inputValue()).toBe(`Ann's Hall ${mode}`);
      const mark = form.locator('[data-conflict="excerpt"]');
      await mark.waitFor();
      expect(await mark.textContent()).toContain("Bob's description.");
      expect(await form.locator("[data-conflict]").count()).toBe(1);

      // Nothing of Ann's was written.
      const stored = (await (await site.api(`/api/activities/${id}`)).json()) as { title: string; excerpt: string };
      expect(stored).toMatchObject({ title: `Versioned Hall ${mode}`, excerpt: "Bob's description." });

      // She takes Bob's description and saves again: the form now carries the newer version.
      await form.getByLabel("Description", { exact: true }).fill("Bob's description.");
      await form.getByRole("button", { name: "Update" }).click();
      await toast(annPage, "Activity updated");
      const saved = (await (await site.api(`/api/activities/${id}`)).json()) as { title: string; excerpt: string };
      expect(saved).toMatchObject({ title: `Ann's Hall ${mode}`, excerpt: "Bob's description." });
    } finally {
      await Promise.all([bobPage.close(), annPage.close()]);
    }
  });
});

describe("two admins edit one city", () => {
  it("the second save (without JavaScript) is refused with the other admin's value marked", async () => {
    const path = "/admin/cities/nashville/edit";
    const [bobPage, annPage] = await Promise.all([open(bob, path), open(ann.nojs!, path)]);
    try {
      const bobForm = await editForm(bobPage);
      const annForm = await editForm(annPage);
      await bobForm.getByLabel("Meta title", { exact: true }).fill("Bob's Nashville");
      await bobForm.getByRole("button", { name: "Update" }).click();
      await toast(bobPage, "Success");

      await annForm.getByLabel("Description", { exact: true }).fill("Ann's Nashville description.");
      await annForm.getByRole("button", { name: "Update" }).click();
      const alert = annPage.getByRole("alert").filter({ hasText: "Someone else changed this city" });
      await alert.waitFor();
      expect(await alert.textContent()).toContain(`(${BOB})`);
      const form = annPage.locator("dialog");
      expect(await form.getByLabel("Description", { exact: true }).inputValue()).toBe("Ann's Nashville description.");
      expect(await form.locator('[data-conflict="metaTitle"]').textContent()).toContain("Bob's Nashville");
    } finally {
      await Promise.all([bobPage.close(), annPage.close()]);
    }
  });
});
