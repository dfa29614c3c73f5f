import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLoginLink, signInAsAdmin } from "../helpers/admin";
import { launchBrowser, newContext } from "../helpers/browser";
import { startServer, type TestServer } from "../helpers/server";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("one-time admin login link", () => {
  it("signs in once with JavaScript off, then the link is spent; logout ends the session", async () => {
    const context = await newContext(browser, { javaScript: false });
    const link = await requestLoginLink(server, "first.admin@example.com");
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.origin === server.url && /^\/admin(\/activities)?$/.test(url.pathname));
    await expect(page.getByText("first.admin@example.com").count()).resolves.toBe(1);

    const again = await page.goto(link);
    expect(again?.status()).toBe(410);

    await page.goto(`${server.url}/admin`);
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/admin`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await context.close();
  });

  it("refuses the CLI bridge without the secret, and cross-origin posts", async () => {
    const denied = await fetch(`${server.url}/admin/cli/login-link`, {
      method: "POST",
      headers: { Authorization: "Bearer wrong", "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ email: "x@example.com" }),
    });
    expect(denied.status).toBe(401);
    const context = await newContext(browser, { javaScript: true });
    await signInAsAdmin(context, server);
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === "__session")!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe("Lax");
    const crossSite = await fetch(`${server.url}/admin/logout`, {
      method: "POST",
      headers: { Origin: "https://evil.example", Cookie: `__session=${session.value}` },
      redirect: "manual",
    });
    expect(crossSite.status).toBe(403);
    await context.close();
  });
});
