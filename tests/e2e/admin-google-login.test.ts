// Sign in with Google against a local fake provider (tests/fakes/google-oauth.ts), with JavaScript on and off:
// success and every failure of admin §8, each with its exact message; the dashboard header; logout.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeGoogle, type FakeGoogle } from "../fakes/google-oauth";
import { newContext } from "../helpers/browser";
import { setUpSite } from "../helpers/e2e";

let google: FakeGoogle;

const ADA = { email: "ada@example.com", email_verified: true, name: "Ada Lovelace" };

beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(async () => google?.close());
const site = setUpSite({ env: () => ({ ...google.env(), ADMIN_EMAILS: "ada@example.com, Grace@Example.com" }) });
beforeEach(() => {
  google.mode = "success";
  google.profile = { ...ADA, picture: `${google.url}/avatar.svg` };
});

async function clickSignIn(javaScript: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(site.browser, { javaScript });
  const page = await context.newPage();
  await page.goto(`${site.url}/admin/login`);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  // Back on this site past the callback: the dashboard, or the login page with an error.
  await page.waitForURL(
    (url) =>
      url.origin === site.url &&
      url.pathname !== "/api/auth/google/callback" &&
      (url.pathname !== "/admin/login" || url.searchParams.has("error")),
  );
  return { context, page };
}

async function expectLoginError(page: Page, code: string, message: string) {
  await page.waitForURL(`${site.url}/admin/login?error=${code}`);
  await expect(page.getByRole("alert").textContent()).resolves.toBe(message);
  await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Admin Login");
}

/** Signs in through the fake Google as the test has set it, and checks the login page's error. */
async function signInFails(javaScript: boolean, code: string, message: string) {
  const { context, page } = await clickSignIn(javaScript);
  await expectLoginError(page, code, message);
  await context.close();
}

describe.each([false, true])("Google sign-in (JavaScript %s)", (javaScript) => {
  it("signs an allow-listed e-mail in: /admin with the name and picture in the header", async () => {
    const { context, page } = await clickSignIn(javaScript);
    // /admin opens on its first tab.
    expect(page.url()).toBe(`${site.url}/admin/activities`);
    const header = page.locator("header");
    await expect(header.getByText("Ada Lovelace").count()).resolves.toBe(1);
    await expect(header.locator("img").getAttribute("src")).resolves.toBe(`${google.url}/avatar.svg`);
    await expect(header.getByRole("link", { name: "Back to Home" }).getAttribute("href")).resolves.toBe("/");

    const user = await context.request.get(`${site.url}/api/auth/user`);
    expect(user.status()).toBe(200);
    expect(await user.json()).toEqual({
      email: "ada@example.com",
      name: "Ada Lovelace",
      picture: `${google.url}/avatar.svg`,
    });

    // The login page sends a signed-in administrator on to the dashboard.
    await page.goto(`${site.url}/admin/login`);
    // /admin opens on its first tab.
    expect(page.url()).toBe(`${site.url}/admin/activities`);

    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${site.url}/`);
    expect((await context.request.get(`${site.url}/api/auth/user`)).status()).toBe(401);
    await page.goto(`${site.url}/admin`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await context.close();
  });

  it("shows the e-mail when the profile has no name, and matches the allow-list case-insensitively", async () => {
    google.profile = { email: "grace@example.com", email_verified: true };
    const { context, page } = await clickSignIn(javaScript);
    // /admin opens on its first tab.
    expect(page.url()).toBe(`${site.url}/admin/activities`);
    await expect(page.locator("header").getByText("grace@example.com").count()).resolves.toBe(1);
    await expect(page.locator("header img").count()).resolves.toBe(0);
    // GET /api/logout also ends the session and goes to /.
    await page.goto(`${site.url}/api/logout`);
    expect(page.url()).toBe(`${site.url}/`);
    expect((await context.request.get(`${site.url}/api/auth/user`)).status()).toBe(401);
    await context.close();
  });

  it("refuses an e-mail that is not on the allow-list (unauthorized)", async () => {
    google.profile = { email: "mallory@example.com", email_verified: true, name: "Mallory" };
    const { context, page } = await clickSignIn(javaScript);
    await expectLoginError(page, "unauthorized", "Your email address is not authorized to access the admin panel.");
    expect((await context.request.get(`${site.url}/api/auth/user`)).status()).toBe(401);
    await context.close();
  });

  it("reports a provider error (oauth_error)", async () => {
    google.mode = "access_denied";
    await signInFails(javaScript, "oauth_error", "OAuth authentication failed. Please try again.");
  });

  it("reports a missing code (no_code)", async () => {
    google.mode = "no_code";
    await signInFails(javaScript, "no_code", "No authorization code received from Google.");
  });

  it("reports a failed token exchange (token_exchange)", async () => {
    google.mode = "token_error";
    await signInFails(javaScript, "token_exchange", "Failed to exchange authorization code for tokens.");
  });

  it("reports a profile without an e-mail (no_email)", async () => {
    google.profile = { name: "No Mail" };
    await signInFails(javaScript, "no_email", "No email address found in your Google profile.");
  });
});

describe("Google sign-in, the protocol", () => {
  it("asks for profile and email with offline access and a forced consent prompt, back to our callback", async () => {
    const { context, page } = await clickSignIn(false);
    // /admin opens on its first tab.
    expect(page.url()).toBe(`${site.url}/admin/activities`);
    const q = google.lastAuthorize!;
    expect(q.get("scope")!.split(" ")).toEqual(expect.arrayContaining(["profile", "email"]));
    expect(q.get("access_type")).toBe("offline");
    expect(q.get("prompt")).toBe("consent");
    expect(q.get("redirect_uri")).toBe(`${site.url}/api/auth/google/callback`);
    expect(q.get("client_id")).toBe(google.clientId);
    expect(q.get("state")).toBeTruthy();
    expect(q.get("code_challenge_method")).toBe("S256");
    // The state cookie is spent once the callback has run.
    expect((await context.cookies()).filter((c) => c.name.startsWith("__google_oauth"))).toEqual([]);
    await context.close();
  });

  it("refuses a callback whose state is not the one it sent (oauth_error)", async () => {
    google.mode = "wrong_state";
    await signInFails(false, "oauth_error", "OAuth authentication failed. Please try again.");
  });

  it("refuses a callback it never started: no state cookie (oauth_error)", async () => {
    const context = await newContext(site.browser, { javaScript: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/api/auth/google/callback?code=stolen&state=guessed`);
    await expectLoginError(page, "oauth_error", "OAuth authentication failed. Please try again.");
    await context.close();
  });

  it("reports a failing userinfo endpoint (callback_error)", async () => {
    google.mode = "userinfo_error";
    await signInFails(false, "callback_error", "An error occurred during the authentication callback.");
  });

  it("refuses an e-mail the provider has not verified (unauthorized)", async () => {
    google.profile = { ...ADA, email_verified: false };
    await signInFails(false, "unauthorized", "Your email address is not authorized to access the admin panel.");
  });
});
