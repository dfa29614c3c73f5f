import { describe, expect, it } from "vitest";
import { requestLoginLink, signInAsAdmin } from "../helpers/admin";
import { newContext, visit } from "../helpers/browser";
import { setUpSite } from "../helpers/e2e";

const site = setUpSite();

describe("one-time admin login link", () => {
  it("signs in once with JavaScript off, then the link is spent; logout ends the session", async () => {
    const context = await newContext(site.browser, { javaScript: false });
    const link = await requestLoginLink(site.server, "first.admin@example.com");
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.origin === site.url && /^\/admin(\/activities)?$/.test(url.pathname));
    await expect(page.getByText("first.admin@example.com").count()).resolves.toBe(1);

    await visit(page, link, 410);

    await page.goto(`${site.url}/admin`);
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${site.url}/`);
    await page.goto(`${site.url}/admin`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await context.close();
  });

  it("refuses the CLI bridge without the secret, and cross-origin posts", async () => {
    const denied = await fetch(`${site.url}/admin/cli/login-link`, {
      method: "POST",
      headers: { Authorization: "Bearer wrong", "Content-Type": "application/json", Origin: site.url },
      body: JSON.stringify({ email: "x@example.com" }),
    });
    expect(denied.status).toBe(401);
    const context = await newContext(site.browser, { javaScript: true });
    await signInAsAdmin(context, site.server);
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === "__session")!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe("Lax");
    const crossSite = await fetch(`${site.url}/admin/logout`, {
      method: "POST",
      headers: { Origin: "https://evil.example", Cookie: `__session=${session.value}` },
      redirect: "manual",
    });
    expect(crossSite.status).toBe(403);
    await context.close();
  });
});
