// The Content-Security-Policy in a real browser: every page works under it (no violation while pages load,
// hydrate and draw their map), the administrator's page scripts run, inline ones by their hash and external ones
// through their loader (docs/decisions/022), and script that arrives any other way (an inline event handler slipped
// into the page) does not.
import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAsAdmin } from "../helpers/admin";
import { setUpSite } from "../helpers/e2e";
import { startFakeScriptHost, type FakeScriptHost } from "../fakes/script-host";
import { scrollToMap } from "../helpers/browser";

let scriptHost: FakeScriptHost;
beforeAll(async () => {
  scriptHost = await startFakeScriptHost();
});
afterAll(() => scriptHost?.close());

const site = setUpSite({
  async prepare(prisma) {
    const scripts = {
      // As the Settings tab saves them: a browser posts a textarea's line breaks as CR LF.
      headScripts:
        "<script>window.__generalHead = true;\r\nwindow.__headLines = 2;</script>\r\n" +
        `<script async src="${scriptHost.origin}/tag.js?name=head-async&amp;v=1" data-site="things&amp;to-do"></script>`,
      prodBodyScripts:
        '<script data-from="admin">window.__productionBody = true;</script>' +
        `<script src="${scriptHost.origin}/tag.js?name=body-first"></script>` +
        `<script src="${scriptHost.origin}/tag.js?name=body-second"></script>`,
    };
    await prisma.scriptSettings.upsert({ where: { id: 1 }, create: { id: 1, ...scripts }, update: scripts });
  },
});

/** Collects the policy violations a page reports, from the moment it starts loading. */
const mapState = (page: Page) => page.locator("[data-map-state]").getAttribute("data-map-state");

async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

/** Public pages of every kind, the embed card included. */
const PAGES = [
  "/",
  "/cities",
  "/usa/tn/nashville/things-to-do",
  "/usa/tn/nashville/things-to-do/tootsies-orchid-lounge",
  "/embed/activity/1",
  "/search?q=music",
  "/no-such-page",
];

/** The inline scripts of a page that may run: not external, not JSON data. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes!) && !/type="application\/(ld\+)?json"/.test(attributes!))
    .map(([, , text]) => text!);
}

describe("content security policy", () => {
  it("lists the hash of every inline script of each public page, and no nonce", async () => {
    for (const path of PAGES) {
      const response = await fetch(site.url + path);
      expect(response.status, path).toBe(path === "/no-such-page" ? 404 : 200);
      const policy = response.headers.get("Content-Security-Policy")!;
      // One policy: fetch joins repeated headers with a comma.
      expect(policy.match(/default-src/g), path).toHaveLength(1);
      expect(policy, path).not.toMatch(/nonce/i);
      const scriptSrc = /script-src ([^;]+)/.exec(policy)![1]!.split(" ");
      expect(scriptSrc.slice(-3), path).toEqual(["'strict-dynamic'", "https:", "'unsafe-inline'"]);
      const html = await response.text();
      expect(html, path).not.toMatch(/nonce=/i);
      const scripts = inlineScripts(html);
      // The embed card is plain HTML without the client bundle.
      if (!path.startsWith("/embed/")) expect(scripts.length, path).toBeGreaterThan(2);
      for (const text of scripts) {
        // The browser hashes the text as parsed: its line breaks as LF.
        const parsed = text.replace(/\r\n?/g, "\n");
        const hash = `'sha256-${createHash("sha256").update(parsed, "utf8").digest("base64")}'`;
        expect(scriptSrc, `${path}: ${text.slice(0, 80)}`).toContain(hash);
      }
      expect(scriptSrc.filter((source) => source.startsWith("'sha256-")).length, path).toBe(
        new Set(scripts.map((text) => text.replace(/\r\n?/g, "\n"))).size,
      );
      expect(policy, path).toMatch(path.startsWith("/embed/") ? /frame-ancestors \*$/ : /frame-ancestors 'none'$/);
    }
  });

  // Below 1280 px, where an activity link opens in the same tab (the one whose violations are watched).
  it("loads, hydrates and draws the map on public pages without a single violation", () =>
    site.withPage({ javaScript: true, viewport: { width: 1024, height: 900 } }, async (page) => {
      const violations = await watchViolations(page);
      await page.goto(site.url + "/");
      await page
        .getByRole("link", { name: /Nashville/ })
        .first()
        .click();
      await page.waitForURL(/\/usa\/tn\/nashville\/things-to-do/);
      await expect.poll(() => mapState(page), { timeout: 20_000 }).toBe("ready");
      const link = page.locator("li[data-activity-id] [data-activity-link]").first();
      const href = new URL((await link.getAttribute("href"))!, site.url).pathname;
      const title = ((await link.textContent()) ?? "").trim();
      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      // The detail page's map, the last thing it draws, is drawn (its style, tiles and markers loaded); it loads
      // once the visitor scrolls near it.
      await scrollToMap(page);
      expect(violations).toEqual([]);
    }));

  it("runs the administrator's scripts, inline and external, and blocks an inline handler slipped into the page", () =>
    site.withPage({ javaScript: true }, async (page) => {
      const violations = await watchViolations(page);
      const response = await page.goto(site.url + "/cities");
      expect(response?.status()).toBe(200);
      const flag = (name: string) => page.evaluate((n) => (window as unknown as Record<string, unknown>)[n], name);
      expect(await flag("__generalHead")).toBe(true);
      expect(await flag("__headLines")).toBe(2);
      expect(await flag("__productionBody")).toBe(true);
      // The external scripts ran with their attributes (decoded as written); those without async, in their order.
      await expect.poll(async () => ((await flag("__externalScripts")) as unknown[] | undefined)?.length).toBe(3);
      const external = (await flag("__externalScripts")) as [string, string | null][];
      expect(external).toContainEqual(["head-async", "things&to-do"]);
      expect(external.filter(([name]) => name.startsWith("body-"))).toEqual([
        ["body-first", null],
        ["body-second", null],
      ]);
      expect(violations).toEqual([]);
      await page.evaluate(() => {
        document.body.insertAdjacentHTML("beforeend", `<img src="data:," onerror="window.__slippedIn = true">`);
      });
      await expect.poll(() => violations.some((v) => /script-src/.test(v))).toBe(true);
      expect(await flag("__slippedIn")).toBeUndefined();
    }));

  it("keeps the admin dashboard working under the policy", () =>
    site.withPage({ javaScript: true }, async (_page, context) => {
      await signInAsAdmin(context, site.server, "csp@example.com");
      const page = await context.newPage();
      const violations = await watchViolations(page);
      await page.goto(site.url + "/admin/activities");
      await page.getByLabel("Select all", { exact: true }).waitFor();
      await page.getByRole("link", { name: "Add Activity" }).click();
      await page.locator("dialog").getByRole("heading", { name: "Add Activity" }).waitFor();
      expect(violations).toEqual([]);
    }));
});
