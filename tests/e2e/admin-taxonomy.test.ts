// The Cities, Tags and Categories tabs in a real browser, with JavaScript on and off, and their admin API.
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATEGORY_MESSAGES } from "~/domain/taxonomy/category-form";
import { CITY_MESSAGES } from "~/domain/taxonomy/city-form";
import { TAG_MESSAGES } from "~/domain/taxonomy/tag-form";
import { toast, setUpSite } from "../helpers/e2e";

// Its own server: it changes the categories and tags every page shows (and "empty states" deletes them all, on a
// server of its own).
const site = setUpSite({ ownServer: true });

const LONG = 120_000;

/**
 * Opens a page; with JavaScript, its goto has waited until it is hydrated (newContext), so clicks go through React
 * Router.
 */
async function open(page: Page, path: string) {
  return page.goto(site.url + path);
}

async function openDialog(page: Page, trigger: Locator, title: string, javaScript: boolean) {
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.waitFor();
  // With JavaScript the route dialog is a real modal (focus trapped, Escape closes it).
  if (javaScript) await page.locator("dialog:modal").waitFor();
  return dialog;
}

/**
 * Deletes the row named `name` through its Delete dialog, once the dialog says it goes to the trash, and checks the
 * toast and that the row has left the list.
 */
async function deleteThroughDialog(page: Page, name: string, thing: "City" | "Tag" | "Category", javaScript: boolean) {
  const dialog = await openDialog(
    page,
    page.getByRole("link", { name: `Delete ${name}` }),
    `Delete ${thing}`,
    javaScript,
  );
  await dialog
    .getByText(
      `Are you sure you want to delete "${name}"? It stays in the trash for 30 days: restore it from Recent changes.`,
    )
    .waitFor();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await toast(page, `${thing} “${name}” deleted`);
  expect(await page.getByRole("listitem", { name }).count()).toBe(0);
}

/** A control by its label; required fields' labels end with an asterisk. */
function field(dialog: Locator, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return dialog.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

async function sessionCookie(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === "__session")!;
  return `__session=${cookie.value}`;
}

for (const javaScript of [true, false]) {
  const mode = javaScript ? "js" : "nojs";

  describe(`with JavaScript ${javaScript ? "on" : "off"}`, () => {
    it(
      "searches cities, adds one with every validation message, edits it, switches photos and deletes it",
      { timeout: LONG },
      async () => {
        const { context, page } = await site.adminPage(javaScript);
        await open(page, "/admin/cities");
        await page.getByText(/Total Cities: \d+/).waitFor();

        // Search by state, in any case.
        await page.getByLabel("Search cities").fill("TENNESSEE");
        await page.getByRole("button", { name: "Search", exact: true }).click();
        await page.waitForURL(/q=TENNESSEE/);
        // The address changes before the list is drawn (JavaScript on): wait for the list, not the URL.
        await expect.poll(() => page.getByRole("listitem", { name: "Atlanta" }).count()).toBe(0);
        await page.getByRole("listitem", { name: "Nashville" }).waitFor();
        await page.getByLabel("Search cities").fill("no such place anywhere");
        await page.getByRole("button", { name: "Search", exact: true }).click();
        await page.getByText("No cities found matching your search").waitFor();

        // Add City: every required field's message, then the format messages.
        await open(page, "/admin/cities");
        let dialog = await openDialog(page, page.getByRole("link", { name: "Add City" }), "Add City", javaScript);
        expect(new URL(page.url()).pathname).toBe("/admin/cities/new");
        await field(dialog, "Radius (miles)").fill("");
        await dialog.getByRole("button", { name: "Create" }).click();
        for (const message of [
          CITY_MESSAGES.idRequired,
          CITY_MESSAGES.nameRequired,
          CITY_MESSAGES.displayNameRequired,
          CITY_MESSAGES.stateRequired,
          CITY_MESSAGES.descriptionRequired,
          "Center latitude is required",
          "Center longitude is required",
        ]) {
          await dialog.getByText(message, { exact: true }).waitFor();
        }
        await field(dialog, "City ID").fill("Bad City ID");
        await field(dialog, "Center latitude").fill("north");
        await field(dialog, "Center longitude").fill("200");
        await field(dialog, "Featured image URL").fill("not a url");
        await dialog.getByRole("button", { name: "Create" }).click();
        await dialog.getByText(CITY_MESSAGES.idFormat).waitFor();
        await dialog.getByText("Center latitude must be a number").waitFor();
        await dialog.getByText(CITY_MESSAGES.longitudeRange).waitFor();
        await dialog.getByText(CITY_MESSAGES.featuredImageUrl).waitFor();

        const id = `e2e-town-${mode}`;
        const displayName = `E2E Town ${mode}`;
        await field(dialog, "City ID").fill(id);
        await field(dialog, "Name").fill("E2E Town");
        await field(dialog, "Display name").fill(displayName);
        await field(dialog, "State").fill("Oregon");
        await field(dialog, "State code").fill("OR");
        await field(dialog, "Center latitude").fill("44.05");
        await field(dialog, "Center longitude").fill("-123.09");
        await field(dialog, "Description").fill("A riverside town made for tests.");
        await field(dialog, "Featured image URL").fill("");
        await dialog.getByRole("button", { name: "Create" }).click();
        await page.waitForURL(`${site.url}/admin/cities`);
        await toast(page, `City “${displayName}” created`);
        const card = page.getByRole("listitem", { name: displayName });
        // The radius was left empty: it falls back to 60 miles.
        await card.getByText("60 miles").waitFor();
        expect(await card.getByRole("link", { name: /View city page/ }).getAttribute("href")).toBe(
          `/usa/or/${id}/things-to-do`,
        );

        // The City ID is unique.
        dialog = await openDialog(page, page.getByRole("link", { name: "Add City" }), "Add City", javaScript);
        await field(dialog, "City ID").fill(id);
        for (const [label, value] of [
          ["Name", "Twin"],
          ["Display name", "Twin"],
          ["State", "Oregon"],
          ["Center latitude", "44"],
          ["Center longitude", "-123"],
          ["Description", "Twin town."],
        ]) {
          await field(dialog, label).fill(value);
        }
        await dialog.getByRole("button", { name: "Create" }).click();
        await dialog.getByText(CITY_MESSAGES.idTaken).waitFor();
        if (javaScript) {
          // Escape closes the modal back to the list URL.
          await page.keyboard.press("Escape");
          await page.waitForURL(`${site.url}/admin/cities`);
          await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
        } else {
          await dialog.getByRole("link", { name: "Cancel" }).click();
          await page.waitForURL(`${site.url}/admin/cities`);
        }

        // Edit: the City ID is fixed; the title and button say Edit / Update.
        dialog = await openDialog(
          page,
          card.getByRole("link", { name: `Edit ${displayName}` }),
          "Edit City",
          javaScript,
        );
        const fixedId = dialog.getByLabel("City ID");
        expect(await fixedId.isDisabled()).toBe(true);
        expect(await fixedId.inputValue()).toBe(id);
        expect(await dialog.getByRole("button", { name: "Create" }).count()).toBe(0);
        await field(dialog, "Name").fill("");
        await dialog.getByRole("button", { name: "Update" }).click();
        await dialog.getByText(CITY_MESSAGES.nameRequired, { exact: true }).waitFor();
        const renamed = `${displayName} Edited`;
        await field(dialog, "Name").fill("E2E Town");
        await field(dialog, "Display name").fill(renamed);
        await field(dialog, "Radius (miles)").fill("35");
        await dialog.getByRole("button", { name: "Update" }).click();
        await toast(page, `City “${renamed}” updated`);
        const editedCard = page.getByRole("listitem", { name: renamed });
        await editedCard.getByText("35 miles").waitFor();

        // The show-photos switch: 1 → 0 → 1 with the spec's toasts.
        const photoSwitch = editedCard.getByRole("switch", { name: `Show photos for ${renamed}` });
        expect(await photoSwitch.getAttribute("aria-checked")).toBe("true");
        await photoSwitch.click();
        await toast(page, `Photo display disabled for ${renamed}`);
        await page.getByRole("status").filter({ hasText: "Success" }).waitFor();
        await page.waitForFunction(
          (name) =>
            document.querySelector(`[aria-label="Show photos for ${name}"]`)?.getAttribute("aria-checked") === "false",
          renamed,
        );
        await editedCard.getByRole("switch", { name: `Show photos for ${renamed}` }).click();
        await toast(page, `Photo display enabled for ${renamed}`);

        // A city with activities cannot be deleted: the dialog says how many.
        await open(page, "/admin/cities?q=nashville");
        dialog = await openDialog(
          page,
          page.getByRole("link", { name: "Delete Nashville" }),
          "Delete City",
          javaScript,
        );
        await dialog
          .getByText(/Nashville still has \d+ activities\. Move or delete them before deleting the city\./)
          .waitFor();
        expect(await dialog.getByRole("button", { name: "Delete" }).count()).toBe(0);

        // Delete, with the confirmation.
        await open(page, "/admin/cities");
        await deleteThroughDialog(page, renamed, "City", javaScript);
        await context.close();
      },
    );

    it("adds a tag (gray by default), refuses a taken name, edits and deletes it", { timeout: LONG }, async () => {
      const { context, page } = await site.adminPage(javaScript);
      await open(page, "/admin/tags");
      let dialog = await openDialog(page, page.getByRole("link", { name: "Add Tag" }), "Add Tag", javaScript);
      await dialog.getByRole("button", { name: "Create" }).click();
      await dialog.getByText(TAG_MESSAGES.nameRequired).waitFor();
      const name = `E2E Tag ${mode}`;
      await field(dialog, "Name").fill(name);
      await field(dialog, "Description").fill("Made by a test.");
      await dialog.getByRole("button", { name: "Create" }).click();
      await toast(page, `Tag “${name}” created`);
      const card = page.getByRole("listitem", { name });
      await card.getByText("gray").waitFor();
      await card.getByText("0 activities").waitFor();

      dialog = await openDialog(page, page.getByRole("link", { name: "Add Tag" }), "Add Tag", javaScript);
      await field(dialog, "Name").fill(name.toUpperCase());
      await dialog.getByRole("button", { name: "Create" }).click();
      await dialog.getByText(TAG_MESSAGES.nameTaken).waitFor();

      await open(page, "/admin/tags");
      dialog = await openDialog(page, page.getByRole("link", { name: `Edit ${name}` }), "Edit Tag", javaScript);
      await field(dialog, "Color").selectOption("pink");
      await field(dialog, "Icon").fill("🎈");
      await dialog.getByRole("button", { name: "Update" }).click();
      await toast(page, `Tag “${name}” updated`);
      await page.getByRole("listitem", { name }).getByText("pink").waitFor();

      await deleteThroughDialog(page, name, "Tag", javaScript);

      // A tag in use says how many activities lose it.
      dialog = await openDialog(page, page.getByRole("link", { name: "Delete Music" }), "Delete Tag", javaScript);
      await dialog.getByText(/It will be removed from \d+ activities\./).waitFor();
      await context.close();
    });

    it(
      "adds a category with icons, renames it, deletes it; a deleted category's activities move to Other",
      { timeout: LONG },
      async () => {
        const { context, page } = await site.adminPage(javaScript);
        await open(page, "/admin/categories");
        let dialog = await openDialog(
          page,
          page.getByRole("link", { name: "Add Category" }),
          "Add Category",
          javaScript,
        );
        await field(dialog, "Filter icon URL").fill("not a url");
        await field(dialog, "Pin icon URL").fill("pin please");
        await dialog.getByRole("button", { name: "Create" }).click();
        await dialog.getByText(CATEGORY_MESSAGES.nameRequired).waitFor();
        await dialog.getByText(CATEGORY_MESSAGES.filterIcon).waitFor();
        await dialog.getByText(CATEGORY_MESSAGES.pinIcon).waitFor();
        const name = `E2E Cat ${mode}`;
        await field(dialog, "Name").fill(name);
        await field(dialog, "Color").selectOption("blue");
        await field(dialog, "Icon").fill("/icons/categories/parks.svg");
        await field(dialog, "Filter icon URL").fill("/icons/filters/parks.svg");
        await field(dialog, "Pin icon URL").fill("/icons/pins/parks.svg");
        await dialog.getByRole("button", { name: "Create" }).click();
        await toast(page, `Category “${name}” created`);
        const row = page.getByRole("listitem", { name });
        await row.getByText(`e2e-cat-${mode}`).waitFor();
        expect(await row.getByRole("img", { name: `${name} pin icon` }).getAttribute("src")).toBe(
          "/icons/pins/parks.svg",
        );

        dialog = await openDialog(page, page.getByRole("link", { name: "Add Category" }), "Add Category", javaScript);
        await field(dialog, "Name").fill(name.toLowerCase());
        await dialog.getByRole("button", { name: "Create" }).click();
        await dialog.getByText(CATEGORY_MESSAGES.nameTaken).waitFor();

        await open(page, "/admin/categories");
        dialog = await openDialog(page, page.getByRole("link", { name: `Edit ${name}` }), "Edit Category", javaScript);
        const renamed = `${name} Renamed`;
        await field(dialog, "Name").fill(renamed);
        await dialog.getByRole("button", { name: "Update" }).click();
        await toast(page, `Category “${renamed}” updated`);
        await page.getByRole("listitem", { name: renamed }).getByText(`e2e-cat-${mode}-renamed`).waitFor();

        await deleteThroughDialog(page, renamed, "Category", javaScript);

        // A category with activities: the confirmation says they move to "Other", and they do.
        const victim = javaScript ? "Tours" : "Events";
        const otherRow = page.getByRole("listitem", { name: "Other", exact: true });
        const otherBefore = Number((await otherRow.getByText(/\d+ activit/).textContent())!.match(/\d+/)![0]);
        dialog = await openDialog(
          page,
          page.getByRole("link", { name: `Delete ${victim}` }),
          "Delete Category",
          javaScript,
        );
        const confirmation = (await dialog.getByText(/Are you sure/).textContent())!;
        const moved = Number(confirmation.match(/Its (\d+) activities move to "Other"\./)![1]);
        expect(moved).toBeGreaterThan(0);
        await dialog.getByRole("button", { name: "Delete" }).click();
        await toast(page, `${moved} activities moved to “Other”`);
        await otherRow.getByText(`${otherBefore + moved} activities`).waitFor();
        await context.close();
      },
    );
  });
}

describe("admin API", () => {
  it("answers 401 without a session", async () => {
    const calls: Array<[string, string]> = [
      ["POST", "/api/cities"],
      ["PUT", "/api/cities/nashville"],
      ["DELETE", "/api/cities/nashville"],
      ["GET", "/api/cities/count"],
      ["POST", "/api/tags"],
      ["PUT", "/api/tags/1"],
      ["DELETE", "/api/tags/1"],
      ["POST", "/api/categories"],
      ["PUT", "/api/categories/1"],
      ["DELETE", "/api/categories/1"],
    ];
    for (const [method, path] of calls) {
      const response = await site.api(path, {
        method,
        body: method === "GET" || method === "DELETE" ? undefined : { name: "x" },
      });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(((await response.json()) as { message: string }).message).toMatch(/Unauthorized/);
    }
  });

  it("creates, updates and deletes cities, tags and categories with the forms' rules", { timeout: LONG }, async () => {
    const { context, page } = await site.adminPage(true);
    const cookie = await sessionCookie(page);

    const { count } = (await (await site.api("/api/cities/count", { method: "GET", cookie })).json()) as {
      count: number;
    };
    expect(count).toBeGreaterThan(50);

    const bad = await site.api("/api/cities", { method: "POST", cookie, body: { id: "Bad Id", centerLatitude: "x" } });
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { message: string; errors: Record<string, string[]> };
    expect(badBody.errors).toMatchObject({
      id: [CITY_MESSAGES.idFormat],
      name: [CITY_MESSAGES.nameRequired],
      country: [CITY_MESSAGES.countryRequired],
      centerLatitude: ["Center latitude must be a number"],
    });
    expect(badBody.message).toContain(CITY_MESSAGES.nameRequired);
    expect((await site.api("/api/cities", { method: "POST", cookie, rawBody: "{not json" })).status).toBe(400);

    const city = {
      id: "api-city",
      name: "Api City",
      displayName: "API City",
      country: "Canada",
      state: "Quebec",
      description: "Made through the API.",
      centerLatitude: 46.81,
      centerLongitude: -71.21,
      radius: "wide",
    };
    const created = await site.api("/api/cities", { method: "POST", cookie, body: city });
    expect(created.status).toBe(201);
    // One shape for a city in every answer: the centre as strings, as GET /api/cities sends it (admin §3).
    const createdBody = (await created.json()) as Record<string, unknown>;
    expect(createdBody).toMatchObject({
      id: "api-city",
      radius: 60,
      showPhotos: 1,
      centerLatitude: "46.81",
      centerLongitude: "-71.21",
    });
    const listed = ((await (await site.api("/api/cities")).json()) as Record<string, unknown>[]).find(
      (c) => c.id === "api-city",
    )!;
    expect(Object.keys(createdBody).sort()).toEqual(Object.keys(listed).sort());
    const duplicate = await site.api("/api/cities", { method: "POST", cookie, body: city });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({ message: CITY_MESSAGES.idTaken, errors: { id: [CITY_MESSAGES.idTaken] } });
    expect(
      ((await (await site.api("/api/cities/count", { method: "GET", cookie })).json()) as { count: number }).count,
    ).toBe(count + 1);

    const { id: _id, ...fields } = city;
    const updated = await site.api("/api/cities/api-city", {
      method: "PUT",
      cookie,
      body: { ...fields, radius: 20, showPhotos: 0 },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      id: "api-city",
      radius: 20,
      showPhotos: 0,
      centerLatitude: "46.81",
      centerLongitude: "-71.21",
    });
    expect(
      (await site.api("/api/cities/api-city", { method: "PUT", cookie, body: { ...city, id: "renamed" } })).status,
    ).toBe(400);
    expect((await site.api("/api/cities/nowhere", { method: "PUT", cookie, body: fields })).status).toBe(404);
    const refused = await site.api("/api/cities/nashville", { method: "DELETE", cookie });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Nashville still has \d+ activities/);
    const deleted = await site.api("/api/cities/api-city", { method: "DELETE", cookie });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ id: "api-city", centerLatitude: "46.81" });
    expect((await site.api("/api/cities/api-city", { method: "DELETE", cookie })).status).toBe(404);

    const badTag = await site.api("/api/tags", { method: "POST", cookie, body: { color: "teal" } });
    expect(badTag.status).toBe(400);
    expect(((await badTag.json()) as { errors: unknown }).errors).toEqual({
      name: [TAG_MESSAGES.nameRequired],
      color: [TAG_MESSAGES.color],
    });
    const tag = await site.api("/api/tags", { method: "POST", cookie, body: { name: "Api Tag" } });
    expect(tag.status).toBe(201);
    const tagBody = (await tag.json()) as { id: number; color: string };
    expect(tagBody.color).toBe("gray");
    expect((await site.api("/api/tags", { method: "POST", cookie, body: { name: "api tag" } })).status).toBe(409);
    const tagPut = await site.api(`/api/tags/${tagBody.id}`, {
      method: "PUT",
      cookie,
      body: { name: "Api Tag", color: "red" },
    });
    expect(await tagPut.json()).toMatchObject({ name: "Api Tag", color: "red" });
    expect((await site.api(`/api/tags/${tagBody.id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await site.api(`/api/tags/${tagBody.id}`, { method: "DELETE", cookie })).status).toBe(404);
    expect((await site.api("/api/tags/abc", { method: "DELETE", cookie })).status).toBe(404);

    const badCategory = await site.api("/api/categories", {
      method: "POST",
      cookie,
      body: { name: "", pinIcon: "nope" },
    });
    expect(badCategory.status).toBe(400);
    expect(((await badCategory.json()) as { errors: unknown }).errors).toEqual({
      name: [CATEGORY_MESSAGES.nameRequired],
      pinIcon: [CATEGORY_MESSAGES.pinIcon],
    });
    const category = await site.api("/api/categories", {
      method: "POST",
      cookie,
      body: { name: "Api & Co", pinIcon: "https://cdn.example/pin.svg" },
    });
    expect(category.status).toBe(201);
    const categoryBody = (await category.json()) as { id: number; slug: string };
    expect(categoryBody.slug).toBe("api-and-co");
    const sameSlug = await site.api("/api/categories", { method: "POST", cookie, body: { name: "Api and Co" } });
    expect(sameSlug.status).toBe(409);
    expect(((await sameSlug.json()) as { message: string }).message).toBe(
      'Another category already uses the URL slug "api-and-co"',
    );
    const renamed = await site.api(`/api/categories/${categoryBody.id}`, {
      method: "PUT",
      cookie,
      body: { name: "Api Partners" },
    });
    expect(await renamed.json()).toMatchObject({ name: "Api Partners", slug: "api-partners", renamedActivities: 0 });
    expect((await site.api(`/api/categories/${categoryBody.id}`, { method: "DELETE", cookie })).status).toBe(200);
    await context.close();
  });
});

describe("access", () => {
  it("sends visitors without a session to the login page, for pages and form posts alike", async () => {
    const pages = [
      "/admin/cities",
      "/admin/cities/new",
      "/admin/cities/nashville/edit",
      "/admin/cities/nashville/delete",
    ];
    for (const tab of ["tags", "categories"])
      pages.push(`/admin/${tab}`, `/admin/${tab}/new`, `/admin/${tab}/1/edit`, `/admin/${tab}/1/delete`);
    for (const path of pages) {
      const response = await fetch(site.url + path, { redirect: "manual" });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe("/admin/login");
    }
    const posts: Array<[string, Record<string, string>]> = [
      ["/admin/cities", { cityId: "nashville", showPhotos: "0" }],
      ["/admin/cities/new", { id: "sneaky" }],
      ["/admin/cities/nashville/delete", {}],
      ["/admin/tags/1/delete", {}],
      ["/admin/categories/1/delete", {}],
    ];
    for (const [path, body] of posts) {
      const response = await fetch(site.url + path, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body),
      });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe("/admin/login");
    }
  });

  it("keeps admin pages out of caches and free of serious accessibility problems", { timeout: LONG }, async () => {
    const { context, page } = await site.adminPage(true);
    for (const path of [
      "/admin/cities",
      "/admin/cities/new",
      "/admin/cities/nashville/edit",
      "/admin/tags",
      "/admin/tags/new",
      "/admin/categories",
      "/admin/categories/new",
    ]) {
      expect((await open(page, path))?.headers()["cache-control"], path).toContain("no-store");
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
    await context.close();
  });
});

describe("empty states", () => {
  // A server of its own: the test deletes every tag and category, which the file's other tests use, in any order.
  const empty = setUpSite({ ownServer: true });

  it("says so when there are no tags or categories, with JavaScript on and off", { timeout: LONG }, async () => {
    const { context, page } = await empty.adminPage(false);
    const cookie = await sessionCookie(page);
    for (const [path, apiPath] of [
      ["/admin/tags", "/api/tags"],
      ["/admin/categories", "/api/categories"],
    ] as const) {
      await page.goto(empty.url + path);
      const ids = await page
        .locator(`a[href^="${path}/"][href$="/delete"]`)
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")!.split("/").at(-2)!));
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids)
        expect((await empty.api(`${apiPath}/${id}`, { method: "DELETE", cookie })).status).toBe(200);
    }
    await context.close();

    for (const javaScript of [true, false]) {
      const { context: ctx, page: p } = await empty.adminPage(javaScript);
      await p.goto(empty.url + "/admin/tags");
      await p.getByText('No tags created yet. Click "Add Tag" to create your first tag.').waitFor();
      await p.goto(empty.url + "/admin/categories");
      await p.getByText("No categories found. Create your first category to get started.").waitFor();
      await p.goto(empty.url + "/admin/cities?q=nothing-matches-this");
      await p.getByText("No cities found matching your search").waitFor();
      await ctx.close();
    }
  });
});
