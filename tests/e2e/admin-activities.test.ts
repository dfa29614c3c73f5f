// The Activities tab end to end, with JavaScript on (dialogs over the list) and off (plain pages), and the
// admin activity API.
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createActivityViaApi, NEW_ACTIVITY, signedInAdmin } from "../helpers/admin";
import { toast, setUpSite } from "../helpers/e2e";

const site = setUpSite();
let contexts: Record<"js" | "nojs", BrowserContext>;
let cookie = "";

beforeAll(async () => {
  ({ contexts, cookie } = await signedInAdmin(site));
});

/** The admin API as the signed-in administrator (or signed out), with the answer read as JSON. */
async function api(method: string, path: string, body?: unknown, withSession = true) {
  const response = await site.api(path, { method, body, cookie: withSession ? cookie : undefined });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

const createViaApi = (title: string, extra: Record<string, unknown> = {}) =>
  createActivityViaApi(site, cookie, { title, ...extra });

async function open(mode: "js" | "nojs", path: string): Promise<Page> {
  const page = await contexts[mode].newPage();
  // Room for a loaded CI machine (the other test process may be drawing maps in Chromium meanwhile).
  page.setDefaultTimeout(20_000);
  await page.goto(`${site.url}${path}`);
  return page;
}

/** With JavaScript, waits until React has taken over the list (the 'Select all' checkbox only exists then). */
async function ready(page: Page, mode: "js" | "nojs") {
  if (mode === "js") await page.getByLabel("Select all", { exact: true }).waitFor();
}

/**
 * Until the list for the address is drawn: the address changes a moment before React draws the list it asked for
 * (or another navigation's meanwhile), and the filter's list box starts on the address's choice (a choice made
 * before the page arrived selects an option without making it the default).
 */
async function listDrawnWith(page: Page, select: "activity-city" | "activity-sort", value: string) {
  await page.waitForFunction(
    ([id, v]) => document.querySelector<HTMLOptionElement>(`#${id} option[value="${v}"]`)?.defaultSelected,
    [select, value] as const,
  );
}

function card(page: Page, title: string) {
  return page.getByRole("article", { name: title, exact: true });
}

async function isModal(page: Page) {
  return page.locator("dialog").evaluate((d) => d.matches(":modal"));
}

describe.each(["js", "nojs"] as const)("Activities tab with JavaScript %s", (mode) => {
  const tag = mode === "js" ? "Scripted" : "Plain";

  it("shows every validation message, keeps state lists per country, then creates the activity", async () => {
    const page = await open(mode, "/admin/activities/new?search=Zz");
    const dialog = page.locator("dialog");
    await dialog.getByRole("heading", { name: "Add Activity" }).waitFor();
    if (mode === "js") {
      await page.waitForFunction(() => document.querySelector("dialog")?.matches(":modal"));
    } else {
      // Without scripts the dialog is a page of its own, the list is not behind it.
      expect(await page.getByRole("search", { name: "Filter activities" }).count()).toBe(0);
    }
    await dialog.getByLabel("State", { exact: true }).selectOption("");
    await dialog.getByRole("button", { name: "Create" }).click();
    for (const message of [
      "Title is required",
      "Category is required",
      "Description is required",
      "Image URL is required",
      "Latitude is required",
      "Longitude is required",
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }

    await dialog.getByLabel("Latitude", { exact: true }).fill("200");
    await dialog.getByLabel("Longitude", { exact: true }).fill("-400");
    await dialog.getByLabel("Image URL", { exact: true }).fill("not a url");
    await dialog.getByLabel("Website", { exact: true }).fill("nowhere");
    await dialog.getByLabel("Google Maps URL", { exact: true }).fill("maps please");
    await dialog.getByLabel("Phone number", { exact: true }).fill("12345");
    await dialog.getByLabel("Photo source", { exact: true }).selectOption("custom");
    await dialog.getByLabel("Custom Photo URL", { exact: true }).waitFor();
    await dialog.getByLabel("Country", { exact: true }).selectOption("France");
    if (mode === "js") {
      // The state becomes free text, cleared; then required.
      expect(await dialog.getByLabel("State", { exact: true }).evaluate((e) => e.tagName)).toBe("INPUT");
      expect(await dialog.getByLabel("State", { exact: true }).inputValue()).toBe("");
    }
    await dialog.getByRole("button", { name: "Create" }).click();
    for (const message of [
      "Latitude must be a number between -90 and 90",
      "Longitude must be a number between -180 and 180",
      "Image URL must be a valid URL",
      "Custom Photo URL is required when the photo source is Custom URL",
      "State is required",
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    // A website, Google Maps URL or phone that looks wrong is no refusal (issue #24): Data Quality flags it. The
    // phone gets a hint under its field.
    for (const refusal of ["Website must be a valid URL", "Google Maps URL must be a valid URL"]) {
      expect(await dialog.getByText(refusal).count()).toBe(0);
    }
    await dialog.getByText("This does not look like a phone number in France.").waitFor();

    await dialog.getByLabel("Country", { exact: true }).selectOption("Canada");
    if (mode === "nojs") {
      // The page still shows France's free-text state field; a state off Canada's list is no refusal either.
      await dialog.getByLabel("State", { exact: true }).fill("Tennessee");
      await dialog.getByRole("button", { name: "Create" }).click();
      await dialog.getByText("Latitude must be a number between -90 and 90", { exact: true }).waitFor();
      expect(await dialog.getByText("is not a state of Canada").count()).toBe(0);
    }
    const state = dialog.getByLabel("State", { exact: true });
    expect(await state.evaluate((e) => e.tagName)).toBe("SELECT");
    expect(await state.locator("option", { hasText: "Quebec" }).count()).toBe(1);

    const title = `${tag} Gallery`;
    await dialog.getByLabel("Title", { exact: true }).fill(title);
    await dialog.getByLabel("Category", { exact: true }).selectOption("Museums");
    await dialog.getByLabel("Description", { exact: true }).fill("Paintings and more.");
    await dialog.getByLabel("Image URL", { exact: true }).fill("https://images.example/gallery.jpg");
    await dialog.getByLabel("Latitude", { exact: true }).fill("46.8139");
    await dialog.getByLabel("Longitude", { exact: true }).fill("-71.208");
    await dialog.getByLabel("City", { exact: true }).selectOption("quebec-city");
    await dialog.getByLabel("Country", { exact: true }).selectOption("Canada");
    await dialog.getByLabel("State", { exact: true }).selectOption("Quebec");
    await dialog.getByLabel("Website", { exact: true }).fill("https://gallery.example");
    await dialog.getByLabel("Google Maps URL", { exact: true }).fill("https://maps.google.com/?q=gallery");
    // A number that does not parse is saved as typed.
    await dialog.getByLabel("Phone number", { exact: true }).fill("418-643");
    if (mode === "js") {
      await dialog.getByText("This does not look like a phone number in Canada.").waitFor();
      await dialog.getByLabel("Phone number", { exact: true }).fill("+1 418-643-2150");
      await expect.poll(() => dialog.getByText("This does not look like a phone number").count()).toBe(0);
      await dialog.getByLabel("Phone number", { exact: true }).fill("418-643");
    }
    await dialog.getByLabel("Custom Photo URL", { exact: true }).fill("https://images.example/custom.jpg");
    await dialog.getByLabel("Historic").check();
    await dialog.getByLabel("Cost", { exact: true }).selectOption("Free");
    await dialog.getByRole("button", { name: "Create" }).click();

    await page.waitForURL(`${site.url}/admin/activities?search=Zz`);
    await toast(page, "Activity created");
    await page.goto(`${site.url}/admin/activities?search=${encodeURIComponent(title)}`);
    const created = card(page, title);
    await created.waitFor();
    expect(await created.textContent()).toContain("Historic");
    expect(await created.textContent()).toContain("Quebec City");
    const found = await api("GET", `/api/search?q=${encodeURIComponent(title)}`);
    const id = (found.json.activities as { id: number; title: string }[]).find((a) => a.title === title)!.id;
    expect((await api("GET", `/api/activities/${id}`)).json).toMatchObject({ phoneNumber: "418-643", state: "Quebec" });
    await page.close();
  });

  it("edits in a modal over the list with JavaScript, on a page without; Escape closes back to the list", async () => {
    const a = await createViaApi(`${tag} Edit Me`);
    const listPath = `/admin/activities?search=${encodeURIComponent(`${tag} Edit`)}`;
    const page = await open(mode, listPath);
    await ready(page, mode);
    await card(page, a.title).getByRole("link", { name: "Edit", exact: true }).click();
    await page.waitForURL(
      `${site.url}/admin/activities/${a.id}/edit?search=${encodeURIComponent(`${tag} Edit`).replace(/%20/g, "+")}`,
    );
    const dialog = page.locator("dialog");
    await dialog.getByRole("heading", { name: "Edit Activity" }).waitFor();
    expect(await dialog.getByLabel("Title", { exact: true }).inputValue()).toBe(a.title);
    if (mode === "js") {
      await page.waitForFunction(() => document.querySelector("dialog")?.matches(":modal"));
      // The list stays behind the dialog.
      expect(await card(page, a.title).count()).toBe(1);
      await page.keyboard.press("Escape");
      await page.waitForURL(
        (url) => url.pathname === "/admin/activities" && url.searchParams.get("search") === `${tag} Edit`,
      );
      await expect.poll(() => page.locator("dialog").count()).toBe(0);
      await card(page, a.title).getByRole("link", { name: "Edit", exact: true }).click();
      await page.waitForFunction(() => document.querySelector("dialog")?.matches(":modal"));
    } else {
      expect(await isModal(page)).toBe(false);
      expect(await card(page, a.title).count()).toBe(0);
    }
    await dialog.getByLabel("Title", { exact: true }).fill(`${tag} Edited`);
    await dialog.getByLabel("Duration", { exact: true }).selectOption("All Day");
    await dialog.getByRole("button", { name: "Update" }).click();
    await page.waitForURL(
      (url) => url.pathname === "/admin/activities" && url.searchParams.get("search") === `${tag} Edit`,
    );
    await toast(page, "Activity updated");
    const { json } = await api("PUT", `/api/activities/${a.id}`, {});
    expect(json).toMatchObject({ title: `${tag} Edited`, duration: "All Day", slug: `${tag.toLowerCase()}-edited` });
    await page.close();
  });

  it("deletes after the exact confirmation text", async () => {
    const a = await createViaApi(`${tag} Doomed "Quoted" Place`);
    const page = await open(mode, `/admin/activities?search=${encodeURIComponent(`${tag} Doomed`)}`);
    await ready(page, mode);
    await card(page, a.title).getByRole("link", { name: "Delete" }).click();
    await page
      .getByText(
        `Are you sure you want to delete "${a.title}"? It stays in the trash for 30 days: restore it from Recent changes.`,
        { exact: true },
      )
      .waitFor();
    expect(await isModal(page)).toBe(mode === "js");
    await page.locator("dialog").getByRole("button", { name: "Delete" }).click();
    await toast(page, "Activity deleted");
    await page.getByText("No activities found matching your search").waitFor();
    expect((await api("DELETE", `/api/activities/${a.id}`)).status).toBe(404);
    await page.close();
  });

  it("changes the category of the selected activities, then deletes them, each after a confirmation step", async () => {
    const search = `${tag} Bulk`;
    const [one, two, three] = [
      await createViaApi(`${search} One`),
      await createViaApi(`${search} Two`),
      await createViaApi(`${search} Three`),
    ];
    const page = await open(mode, `/admin/activities?search=${encodeURIComponent(search)}`);
    await ready(page, mode);
    await page.getByLabel(`Select ${one.title}`).check();
    await page.getByLabel(`Select ${two.title}`).check();
    await page.getByLabel("New category").selectOption("Parks");
    await page.getByRole("button", { name: "Change Category" }).click();
    const dialog = page.locator("dialog");
    await dialog.getByRole("heading", { name: "Change the category of 2 activities to Parks?" }).waitFor();
    expect(await isModal(page)).toBe(mode === "js");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await toast(page, "Categories updated");
    await page.waitForURL((url) => url.pathname === "/admin/activities" && url.searchParams.get("search") === search);
    expect(await card(page, one.title).textContent()).toContain("Parks");
    expect(await card(page, two.title).textContent()).toContain("Parks");
    expect(await card(page, three.title).textContent()).toContain("Museums");

    // Select all on this page: a checkbox with scripts, a link that comes back with every row checked without.
    if (mode === "js") await page.getByLabel("Select all", { exact: true }).check();
    else await page.getByRole("link", { name: "Select all on this page" }).click();
    expect(await page.getByLabel(`Select ${three.title}`).isChecked()).toBe(true);
    await page.getByLabel(`Select ${three.title}`).uncheck();
    await page.getByRole("button", { name: "Delete Selected" }).click();
    await dialog.getByRole("heading", { name: "Delete 2 activities?" }).waitFor();
    // Cancel goes back without deleting.
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/activities");
    expect(await card(page, one.title).count()).toBe(1);
    if (mode === "js") await ready(page, mode);
    await page.getByLabel(`Select ${one.title}`).check();
    await page.getByLabel(`Select ${two.title}`).check();
    await page.getByRole("button", { name: "Delete Selected" }).click();
    await dialog.getByRole("heading", { name: "Delete 2 activities?" }).waitFor();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await toast(page, "Activities deleted");
    await card(page, one.title).waitFor({ state: "detached" });
    expect(await card(page, two.title).count()).toBe(0);
    expect(await card(page, three.title).count()).toBe(1);
    await page.close();
  });

  it("keeps search, city, sort, untagged-only and page in the URL; a new filter starts at page 1", async () => {
    const page = await open(mode, "/admin/activities");
    await ready(page, mode);
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await page.getByText(/^Showing 49 to 96 of \d+ activities$/).waitFor();
    expect(await page.getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");

    const filters = page.getByRole("search", { name: "Filter activities" });
    await filters.getByLabel("City").selectOption("nashville");
    await filters.getByLabel("Sort by").selectOption("newest");
    if (mode === "nojs") await filters.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(
      (url) => url.searchParams.get("cityId") === "nashville" && url.searchParams.get("sort") === "newest",
    );
    // The city's own navigation may have rendered meanwhile (also page 1): wait for the page of this address.
    await listDrawnWith(page, "activity-sort", "newest");
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    await page.getByText(/^Showing 1 to \d+ of \d+ activities$/).waitFor();
    expect(await filters.getByLabel("City").inputValue()).toBe("nashville");

    await filters.getByLabel("Search activities").fill("zzz-no-such-place");
    // With scripts the checkbox applies the filters at once; without them the Apply button does.
    await filters.getByLabel("Show only untagged").check();
    if (mode === "nojs") await filters.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(
      (url) => url.searchParams.get("untagged") === "1" && url.searchParams.get("search") === "zzz-no-such-place",
    );
    await page.getByText("No activities found matching your search").waitFor();
    await page.close();
  });

  it.runIf(mode === "js")("keeps search text typed while a city change is loading", async () => {
    const page = await open(mode, "/admin/activities");
    await ready(page, mode);
    // The city's page is held back until the text is typed, so the typing certainly falls inside the navigation.
    let typed!: () => void;
    const typing = new Promise<void>((resolve) => (typed = resolve));
    await page.route(
      (url) => url.pathname === "/admin/activities.data" && url.searchParams.get("cityId") === "nashville",
      async (route) => {
        await typing;
        await route.continue();
      },
    );
    const filters = page.getByRole("search", { name: "Filter activities" });
    await filters.getByLabel("City").selectOption("nashville");
    await filters.getByLabel("Search activities").fill("Parthenon");
    typed();
    await page.waitForURL((url) => url.searchParams.get("cityId") === "nashville");
    await listDrawnWith(page, "activity-city", "nashville");
    expect(await filters.getByLabel("City").inputValue()).toBe("nashville");
    expect(await filters.getByLabel("Search activities").inputValue()).toBe("Parthenon");
    // Then the search applies it, with the city kept.
    await filters.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("search") === "Parthenon");
    expect(new URL(page.url()).searchParams.get("cityId")).toBe("nashville");
    await page.close();
  });

  it.runIf(mode === "js")(
    "keeps what is typed in the search box while the list a filter change asked for is rebuilt",
    async () => {
      const page = await open(mode, "/admin/activities");
      await ready(page, mode);
      // The city's list is held back until more text is typed, so the typing certainly falls inside the navigation.
      let asked!: () => void;
      const requested = new Promise<void>((resolve) => (asked = resolve));
      let typed!: () => void;
      const typing = new Promise<void>((resolve) => (typed = resolve));
      await page.route(
        (url) => url.pathname === "/admin/activities.data" && url.searchParams.get("cityId") === "nashville",
        async (route) => {
          asked();
          await typing;
          await route.continue();
        },
      );
      const filters = page.getByRole("search", { name: "Filter activities" });
      const box = filters.getByLabel("Search activities");
      // Typed, then the city changed: the list is asked for with the text typed so far…
      await box.fill("Parth");
      await filters.getByLabel("City").selectOption("nashville");
      await requested;
      // …and the admin goes on typing while it is rebuilt.
      await box.press("End");
      await box.pressSequentially("enon");
      typed();
      await page.waitForURL(
        (url) => url.searchParams.get("cityId") === "nashville" && url.searchParams.get("search") === "Parth",
      );
      await listDrawnWith(page, "activity-city", "nashville");
      expect(await filters.getByLabel("City").inputValue()).toBe("nashville");
      expect(await box.inputValue()).toBe("Parthenon");
      // Search applies all of it, the city kept; back, the box follows the address again.
      await filters.getByRole("button", { name: "Search" }).click();
      await page.waitForURL((url) => url.searchParams.get("search") === "Parthenon");
      expect(new URL(page.url()).searchParams.get("cityId")).toBe("nashville");
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get("search") === "Parth");
      await expect.poll(() => box.inputValue()).toBe("Parth");
      await page.close();
    },
  );

  it("offers the embed code, the live page and the maps link on each card", async () => {
    const a = await createViaApi(`${tag} Embeddable`, { googleMapsUrl: "https://maps.google.com/?cid=42" });
    const b = await createViaApi(`${tag} Mapless`);
    const page = await open(mode, `/admin/activities?search=${encodeURIComponent(`${tag} Embeddable`)}`);
    await ready(page, mode);
    const slug = `${tag.toLowerCase()}-embeddable`;
    const snippet =
      `<iframe src="${site.url}/embed/usa/tn/nashville/things-to-do/${slug}" width="100%" height="650" ` +
      `style="border:0" loading="lazy" title="${a.title}"></iframe>`;
    const item = card(page, a.title);
    expect(await item.getByRole("link", { name: "View live page" }).getAttribute("href")).toBe(
      `/usa/tn/nashville/things-to-do/${slug}`,
    );
    expect(await item.getByRole("link", { name: "View live page" }).getAttribute("target")).toBe("_blank");
    expect(await item.getByRole("link", { name: "Open in maps" }).getAttribute("href")).toBe(
      "https://maps.google.com/?cid=42",
    );
    if (mode === "js") {
      await contexts.js.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.url });
      await item.getByRole("button", { name: "Copy embed code" }).click();
      await toast(page, "Embed code copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    } else {
      expect(await item.getByRole("button", { name: "Copy embed code" }).count()).toBe(0);
      await item.getByText("Embed code", { exact: true }).click();
      expect(await item.getByLabel(`Embed code for ${a.title}`).inputValue()).toBe(snippet);
    }
    await page.goto(`${site.url}/admin/activities?search=${encodeURIComponent(b.title)}`);
    expect(await card(page, b.title).getByRole("link", { name: "Open in maps" }).getAttribute("href")).toBe(
      "https://www.google.com/maps/search/?api=1&query=36.1612,-86.7785",
    );
    await page.close();
  });
});

describe("admin activity API", () => {
  it("answers 401 without a session", async () => {
    for (const [method, path] of [
      ["POST", "/api/activities"],
      ["PUT", "/api/activities/1"],
      ["DELETE", "/api/activities/1"],
      ["POST", "/api/activities/bulk-category-update"],
      ["GET", "/api/activities/count"],
    ] as const) {
      const { status } = await api(
        method,
        path,
        method === "GET" || method === "DELETE" ? undefined : { title: "x" },
        false,
      );
      expect(status, `${method} ${path}`).toBe(401);
    }
  });

  it("creates (201), validates (400 with field errors), refuses duplicates (409)", async () => {
    const bad = await api("POST", "/api/activities", { title: "", latitude: "north" });
    expect(bad.status).toBe(400);
    // The message names every problem, as the city, tag and category API's do.
    expect(bad.json.message).toContain("Title is required");
    expect(bad.json.errors).toMatchObject({
      title: ["Title is required"],
      excerpt: ["Description is required"],
      latitude: ["Latitude must be a number between -90 and 90"],
    });
    const notJson = await fetch(`${site.url}/api/activities`, {
      method: "POST",
      headers: { Origin: site.url, Cookie: cookie, "Content-Type": "application/json" },
      body: "{nope",
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ message: "Request body must be JSON" });

    const created = await api("POST", "/api/activities", {
      ...NEW_ACTIVITY,
      title: "API Made",
      latitude: 36.15,
      tags: ["Music"],
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      title: "API Made",
      slug: "api-made",
      latitude: "36.15",
      tags: ["Music"],
      touristyLevel: "Not available",
    });
    const again = await api("POST", "/api/activities", { ...NEW_ACTIVITY, title: "API Made" });
    expect(again.status).toBe(409);
    expect(again.json.message).toContain("already exists");
  });

  it("stores the admin defaults, United States and Tennessee, for a new activity sent without them", async () => {
    const { country: _country, state: _state, ...bare } = NEW_ACTIVITY;
    const created = await api("POST", "/api/activities", { ...bare, title: "API Without State" });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json).toMatchObject({ country: "United States", state: "Tennessee" });
    const stored = await api("GET", `/api/activities/${created.json.id}`);
    expect(stored.json).toMatchObject({ country: "United States", state: "Tennessee" });
    const texas = await api("POST", "/api/activities", { ...bare, title: "API In Texas", state: "Texas" });
    expect(texas.json).toMatchObject({ country: "United States", state: "Texas" });
  });

  it("updates only the fields sent (200), deletes (200 then 404), counts and bulk-updates categories", async () => {
    const a = await createViaApi("API Partial", { website: "https://partial.example", tags: ["Historic"] });
    const b = await createViaApi("API Partial Two");
    const updated = await api("PUT", `/api/activities/${a.id}`, {
      title: "API Partial Renamed",
      phone: "+1 615-889-3060",
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      title: "API Partial Renamed",
      slug: "api-partial-renamed",
      phoneNumber: "+1 615-889-3060",
      website: "https://partial.example",
      tags: ["Historic"],
    });
    // A website or phone that looks wrong is stored as given (Data Quality flags it); only its length is refused.
    const doubtful = await api("PUT", `/api/activities/${a.id}`, { website: "nope", phone: "123" });
    expect(doubtful.status, JSON.stringify(doubtful.json)).toBe(200);
    expect(doubtful.json).toMatchObject({ website: "nope", phoneNumber: "123" });
    const invalid = await api("PUT", `/api/activities/${a.id}`, { website: `https://x.example/${"a".repeat(2100)}` });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.json.errors)).toEqual(["website"]);
    expect((await api("PUT", "/api/activities/99999999", { title: "x" })).status).toBe(404);

    const before = (await api("GET", "/api/activities/count")).json.count as number;
    expect(before).toBeGreaterThan(400);

    const bulkBad = await api("POST", "/api/activities/bulk-category-update", {
      activityIds: [],
      categoryName: "Casinos",
    });
    expect(bulkBad.status).toBe(400);
    expect(bulkBad.json.errors).toEqual({
      activityIds: ["Select at least one activity"],
      categoryName: ["Choose a category from the list"],
    });
    const bulk = await api("POST", "/api/activities/bulk-category-update", {
      activityIds: [a.id, b.id],
      categoryName: "Tours",
    });
    expect(bulk).toEqual({ status: 200, json: { updatedCount: 2 } });

    expect((await api("DELETE", `/api/activities/${b.id}`)).status).toBe(200);
    expect((await api("DELETE", `/api/activities/${b.id}`)).status).toBe(404);
    expect((await api("GET", "/api/activities/count")).json.count).toBe(before - 1);
  });

  it("answers ids outside the id column's range, or written with leading zeros, as unknown (never 5xx)", async () => {
    const target = await api("POST", "/api/activities", { ...NEW_ACTIVITY, title: "Leading Zero Target" });
    expect(target.status).toBe(201);
    const id = target.json.id as number;
    const padded = `00${id}`;
    for (const [method, path, body] of [
      ["PUT", "/api/activities/2147483648", { title: "Too Big" }],
      ["DELETE", "/api/activities/2147483648", undefined],
      ["GET", "/api/activities/99999999999999999999", undefined],
      ["DELETE", `/api/activities/${padded}`, undefined],
      ["PUT", `/api/activities/${padded}`, { title: "Padded" }],
    ] as const) {
      const { status } = await api(method, path, body);
      expect(status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(status, `${method} ${path}`).toBeLessThan(500);
    }
    // The padded id deleted nothing.
    expect((await api("GET", `/api/activities/${id}`)).status).toBe(200);
    const bulk = await api("POST", "/api/activities/bulk-category-update", {
      activityIds: [id, 2147483648],
      categoryName: "Parks",
    });
    expect(bulk.status).toBe(400);
    // The admin pages for such an id go back to the list with 'Activity not found.', not an error page.
    for (const path of ["/admin/activities/2147483648/edit", "/admin/activities/2147483648/delete"]) {
      const page = await fetch(site.url + path, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(page.status, path).toBe(302);
      expect(new URL(page.headers.get("Location")!, site.url).pathname).toBe("/admin/activities");
    }
    expect((await api("DELETE", `/api/activities/${id}`)).status).toBe(200);
  });

  it("refuses a cross-origin mutation", async () => {
    const response = await fetch(`${site.url}/api/activities/1`, {
      method: "DELETE",
      headers: { Origin: "https://evil.example", Cookie: cookie },
    });
    expect(response.status).toBe(403);
  });
});
