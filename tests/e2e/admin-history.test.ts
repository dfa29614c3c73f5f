// History, undo and the trash (issue #24 'History and undo') in a real browser, with JavaScript on (dialogs over the
// page) and off (plain pages): an edit shows in the activity's History with its diff and is undone; a deleted
// activity leaves the public city page and comes back from Recent changes.
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createActivityViaApi, signedInAdmin } from "../helpers/admin";
import { setUpSite, toast } from "../helpers/e2e";
import { titleSlug } from "~/domain/taxonomy/slug";

const site = setUpSite();
const ADMIN = "curator@example.com";
let contexts: Record<"js" | "nojs", BrowserContext>;
let cookie = "";

beforeAll(async () => {
  ({ contexts, cookie } = await signedInAdmin(site, ADMIN));
});

async function api(method: string, path: string, body?: unknown) {
  const response = await site.api(path, { method, body, cookie });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

const createViaApi = (title: string) =>
  createActivityViaApi(site, cookie, { title, excerpt: "A place made for the history tests." });

async function open(mode: "js" | "nojs", path: string): Promise<Page> {
  const page = await contexts[mode].newPage();
  page.setDefaultTimeout(20_000);
  // With JavaScript, the goto waits until the page is hydrated (newContext).
  await page.goto(`${site.url}${path}`);
  return page;
}

async function isModal(page: Page) {
  return page.locator("dialog").evaluate((d) => d.matches(":modal"));
}

describe.each(["js", "nojs"] as const)("with JavaScript %s", (mode) => {
  const tag = mode === "js" ? "Scripted" : "Plain";

  it("edits an activity, sees the change in its History, and undoes it", { timeout: 120_000 }, async () => {
    const a = await createViaApi(`${tag} History Museum`);
    const page = await open(mode, `/admin/activities?search=${encodeURIComponent(a.title)}`);
    try {
      const card = page.getByRole("article", { name: a.title, exact: true });
      await card.getByRole("link", { name: "Edit" }).click();
      const dialog = page.locator("dialog");
      await dialog.getByRole("heading", { name: "Edit Activity" }).waitFor();
      await dialog.getByLabel("Duration", { exact: true }).selectOption("All Day");
      await dialog.getByLabel("Phone number", { exact: true }).fill("+1 615-555-0100");
      await dialog.getByRole("button", { name: "Update" }).click();
      await toast(page, "Activity updated");

      await card.getByRole("link", { name: "History", exact: true }).click();
      await page.getByRole("heading", { name: `History of activity “${a.title}”` }).waitFor();
      const edit = page.getByRole("article", { name: `Edited: ${a.title}` });
      await edit.waitFor();
      expect(await edit.textContent()).toContain(ADMIN);
      const duration = edit.getByRole("row", { name: /Duration/ });
      expect(await duration.getByRole("cell").allTextContents()).toEqual(["Not available", "All Day"]);
      const phone = edit.getByRole("row", { name: /Phone number/ });
      expect(await phone.getByRole("cell").allTextContents()).toEqual(["(empty)", "+1 615-555-0100"]);
      expect(await page.getByRole("article", { name: `Created: ${a.title}` }).count()).toBe(1);
      // axe runs in the page: with JavaScript on.
      if (mode === "js") expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

      await edit.getByRole("link", { name: `Undo this change of ${a.title}` }).click();
      const confirm = page.getByRole("dialog", { name: "Undo this change?" });
      await confirm.waitFor();
      expect(await isModal(page)).toBe(mode === "js");
      expect(
        await confirm
          .getByRole("row", { name: /Duration/ })
          .getByRole("cell")
          .allTextContents(),
      ).toEqual(["All Day", "Not available"]);
      await confirm.getByRole("button", { name: "Undo" }).click();
      await toast(page, "Change undone");
      await page.getByRole("article", { name: `Undone: ${a.title}` }).waitFor();
      const { json } = await api("GET", `/api/activities/${a.id}`);
      expect(json).toMatchObject({ duration: "Not available", phoneNumber: null });

      // The same edit again: the row is no longer as that change left it, so undoing it is refused, saying why.
      await page
        .getByRole("article", { name: `Edited: ${a.title}` })
        .getByRole("link", { name: /Undo/ })
        .click();
      await page.getByRole("dialog", { name: "Undo this change?" }).getByRole("button", { name: "Undo" }).click();
      await toast(page, "was changed again after this change (Duration, Phone number)", "destructive");
    } finally {
      await page.close();
    }
  });

  it(
    "deletes an activity, which leaves the public city page, and restores it from Recent changes",
    { timeout: 120_000 },
    async () => {
      const a = await createViaApi(`${tag} Trash Gallery`);
      const cityPage = `/usa/tn/nashville/things-to-do?q=${encodeURIComponent(a.title)}`;
      const publicCount = async () => {
        const response = await fetch(`${site.url}${cityPage}`);
        expect(response.status).toBe(200);
        // Its card's link (the search box echoes the title whatever the list holds).
        return (await response.text()).split(`/things-to-do/${titleSlug(a.title)}"`).length - 1;
      };
      expect(await publicCount()).toBeGreaterThan(0);

      const page = await open(mode, `/admin/activities?search=${encodeURIComponent(a.title)}`);
      try {
        await page.getByRole("article", { name: a.title, exact: true }).getByRole("link", { name: "Delete" }).click();
        await page.locator("dialog").getByRole("button", { name: "Delete" }).click();
        await toast(page, "Activity deleted");
        await expect.poll(publicCount).toBe(0);

        await page
          .getByRole("navigation", { name: "Dashboard tabs" })
          .getByRole("link", { name: "Recent changes" })
          .click();
        await page.getByRole("heading", { name: "Recent changes" }).waitFor();
        await page.getByLabel("What").selectOption("activity");
        await page.getByLabel("Administrator").selectOption(ADMIN);
        await page.getByRole("button", { name: "Filter" }).click();
        await page.waitForURL((url) => url.searchParams.get("entity") === "activity");
        const deleted = page.getByRole("article", { name: `Deleted: ${a.title}` });
        await deleted.getByRole("link", { name: `Restore ${a.title}` }).click();
        const confirm = page.getByRole("dialog", { name: "Restore activity?" });
        await confirm.waitFor();
        expect(await isModal(page)).toBe(mode === "js");
        await confirm.getByRole("button", { name: "Restore" }).click();
        await toast(page, "Activity restored");
        expect(new URL(page.url()).searchParams.get("entity")).toBe("activity");
        await page.getByRole("article", { name: `Restored: ${a.title}` }).waitFor();
        if (mode === "js") expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
        expect(await deleted.getByRole("link", { name: `Restore ${a.title}` }).count()).toBe(0);
        await expect.poll(publicCount).toBeGreaterThan(0);
        expect((await api("GET", `/api/activities/${a.id}`)).status).toBe(200);
      } finally {
        await page.close();
      }
    },
  );
});
