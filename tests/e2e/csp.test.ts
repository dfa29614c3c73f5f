// The Content-Security-Policy in a real browser: every page works under it (no violation while pages load,
// hydrate and draw their map), the administrator's page scripts run because the server tags them with the
// response's nonce, and script that arrives any other way (an inline event handler slipped into the page) does not.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAsAdmin } from "../helpers/admin";
import { setUpSite } from "../helpers/e2e";

const site = setUpSite({
  async prepare(prisma) {
    const scripts = {
      headScripts: "<script>window.__generalHead = true;</script>",
      prodBodyScripts: '<script data-from="admin">window.__productionBody = true;</script>',
    };
    await prisma.scriptSettings.upsert({ where: { id: 1 }, create: { id: 1, ...scripts }, update: scripts });
  },
});

/** Collects the policy violations a page reports, from the moment it starts loading. */
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

describe("content security policy", () => {
  it("sends a fresh nonce per response and puts it on every script of the page", async () => {
    const [a, b] = await Promise.all([fetch(site.url + "/"), fetch(site.url + "/")]);
    const policy = a.headers.get("Content-Security-Policy")!;
    const nonce = /'nonce-([^']+)'/.exec(policy)![1];
    expect(nonce).not.toBe(/'nonce-([^']+)'/.exec(b.headers.get("Content-Security-Policy")!)![1]);
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'none'");
    const html = await a.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    const executable = scripts.filter((tag) => !/type="application\/(ld\+)?json"/.test(tag));
    expect(executable.length).toBeGreaterThan(2);
    for (const tag of executable) expect(tag, tag).toContain(`nonce="${nonce}"`);
    expect((await fetch(site.url + "/embed/activity/1")).headers.get("Content-Security-Policy")).toContain(
      "frame-ancestors *",
    );
  });

  it("loads, hydrates and draws the map on public pages without a single violation", () =>
    site.withPage({ javaScript: true }, async (page) => {
      const violations = await watchViolations(page);
      await page.goto(site.url + "/");
      await page
        .getByRole("link", { name: /Nashville/ })
        .first()
        .click();
      await page.waitForURL(/\/usa\/tn\/nashville\/things-to-do/);
      await page.locator("canvas").first().waitFor();
      await page.getByRole("article").first().getByRole("link").first().click();
      await page.locator("h1").waitFor();
      await page.waitForLoadState("networkidle");
      expect(violations).toEqual([]);
    }));

  it("runs the administrator's scripts, which carry the nonce, and blocks an inline handler slipped into the page", () =>
    site.withPage({ javaScript: true }, async (page) => {
      const violations = await watchViolations(page);
      await page.goto(site.url + "/cities");
      const flag = (name: string) => page.evaluate((n) => (window as unknown as Record<string, unknown>)[n], name);
      expect(await flag("__generalHead")).toBe(true);
      expect(await flag("__productionBody")).toBe(true);
      await page.evaluate(() => {
        document.body.insertAdjacentHTML("beforeend", `<img src="data:," onerror="window.__slippedIn = true">`);
      });
      await page.waitForTimeout(300);
      expect(await flag("__slippedIn")).toBeUndefined();
      expect(violations.some((v) => /script-src/.test(v))).toBe(true);
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
