// Admin security, walked from the route table: every admin page sends a signed-out visitor to /admin/login, every
// admin API answers 401 JSON, every mutation refuses another origin; plus the session cookie, caching, rate
// limits, the one-time login link and the not-configured Google state.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import { ADMIN_ONLY_API_PATHS, PUBLIC_ADMIN_PATHS, PUBLIC_API_ACTION_PATHS } from "~/auth/admin-api";
import { openDatabase } from "~/data/db.server";
import { adminHttp, requestLoginLink, runCli, signInAsAdmin } from "../helpers/admin";
import { newContext, visit } from "../helpers/browser";
import { setUpSite } from "../helpers/e2e";
import { builtRoutes, samplePath, type BuiltRoute } from "../helpers/routes";

// No GOOGLE_CLIENT_ID/SECRET: Google sign-in is not configured here. The spec's default rate limit. The tests
// play a proxy on loopback that reports several client addresses.
const site = setUpSite({ env: { AUTH_RATE_LIMIT: "10", TRUST_PROXY: "loopback" } });

const routes = builtRoutes();
const shape = (pattern: string) => pattern.replace(/:[^/]+/g, ":");
const listed = (patterns: readonly string[], route: BuiltRoute) => patterns.map(shape).includes(shape(route.path));

const adminRoutes = routes.filter(
  (r) => (r.path === "/admin" || r.path.startsWith("/admin/")) && !listed(PUBLIC_ADMIN_PATHS, r),
);
const adminPages = adminRoutes.filter((r) => r.hasComponent);
const adminResourceRoutes = adminRoutes.filter((r) => !r.hasComponent);
const apiRoutes = routes.filter((r) => r.path.startsWith("/api/"));
const apiMutations = apiRoutes.filter((r) => r.hasAction && !listed(PUBLIC_API_ACTION_PATHS, r));
const adminOnlyApiReads = apiRoutes.filter((r) => r.hasLoader && listed(ADMIN_ONLY_API_PATHS, r));

const http = () => adminHttp(site.server);
const request: ReturnType<typeof adminHttp>["request"] = (path, init) => http().request(path, init);
const sameOrigin = () => http().sameOrigin();
const expectLoginRedirect = (response: Response, label: string) => http().expectLoginRedirect(response, label);

async function expectUnauthorizedJson(response: Response, label: string) {
  expect(response.status, label).toBe(401);
  expect(response.headers.get("Content-Type"), label).toMatch(/application\/json/);
  expect(await response.json(), label).toMatchObject({ message: expect.stringMatching(/Unauthorized/) });
}

/** Signs in through a one-time link with plain HTTP and returns the session cookie ("__session=…"). */
const signedInCookie = (email = "walker@example.com") => http().signedInCookie(email);

describe("the route table walker", () => {
  it("finds the admin routes, including ones added later", () => {
    expect(adminPages.map((r) => r.path)).toContain("/admin");
    expect(adminOnlyApiReads.map((r) => r.path)).toContain("/api/auth/user");
    // Every /admin route is either walked or explicitly public.
    const publicAdmin = routes.filter((r) => r.path.startsWith("/admin") && listed(PUBLIC_ADMIN_PATHS, r));
    expect(publicAdmin.map((r) => r.path).sort()).toEqual([
      "/admin/login",
      "/admin/login/link/:token",
      "/admin/logout",
    ]);
  });

  it("sends a signed-out visitor from every admin page (GET and POST) to /admin/login", async () => {
    for (const route of adminPages) {
      const path = samplePath(route.path);
      expectLoginRedirect(await request(path), `GET ${path}`);
      if (route.hasAction) {
        const post = await request(path, {
          method: "POST",
          headers: { ...sameOrigin(), "Content-Type": "application/x-www-form-urlencoded" },
          body: "intent=anything",
        });
        expectLoginRedirect(post, `POST ${path}`);
      }
    }
  });

  it("refuses admin resource routes under /admin without a session", async () => {
    for (const route of adminResourceRoutes) {
      const path = samplePath(route.path);
      for (const method of [route.hasLoader && "GET", route.hasAction && "POST"].filter(Boolean) as string[]) {
        const response = await request(path, {
          method,
          headers: { ...sameOrigin(), "Content-Type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        });
        if (response.status === 401) await expectUnauthorizedJson(response, `${method} ${path}`);
        else expectLoginRedirect(response, `${method} ${path}`);
      }
    }
  });

  it("answers 401 JSON to every admin API call without a session", async () => {
    for (const route of adminOnlyApiReads) {
      const path = samplePath(route.path);
      await expectUnauthorizedJson(await request(path), `GET ${path}`);
    }
    for (const route of apiMutations) {
      const path = samplePath(route.path);
      // Every mutation method the path serves (its Allow header) needs a session; any other is refused (405)
      // before the session is looked at. Neither ever answers 2xx.
      const allowed = ((await request(path, { method: "OPTIONS" })).headers.get("Allow") ?? "").split(", ");
      const served = ["POST", "PUT", "PATCH", "DELETE"].filter((m) => allowed.includes(m));
      expect(served.length, path).toBeGreaterThan(0);
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const response = await request(path, {
          method,
          headers: { ...sameOrigin(), "Content-Type": "application/json" },
          body: "{}",
        });
        if (served.includes(method)) await expectUnauthorizedJson(response, `${method} ${path}`);
        else expect(response.status, `${method} ${path}`).toBe(405);
      }
    }
  });

  it("refuses a cross-origin POST to every admin action and API mutation, even with a session (403)", async () => {
    const { cookie } = await signedInCookie();
    const targets = routes.filter((r) => r.hasAction);
    expect(targets.map((r) => r.path)).toEqual(expect.arrayContaining(["/admin/logout", "/api/auth/google"]));
    for (const route of targets) {
      const path = samplePath(route.path);
      const response = await request(path, {
        method: "POST",
        cookie,
        headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: "x=1",
      });
      // React Router refuses a cross-origin document POST to a page itself (400) before the root middleware's
      // origin check (403) gets to; either way the action does not run.
      if (route.hasComponent) expect([400, 403], `cross-origin POST ${path}`).toContain(response.status);
      else expect(response.status, `cross-origin POST ${path}`).toBe(403);
    }
    // The refused post did not run the action: the one-time link is still unused.
    const link = new URL(await requestLoginLink(site.server, "walker@example.com"));
    const forged = await request(link.pathname, { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect((await request(link.pathname, { method: "POST", headers: sameOrigin() })).status).toBe(302);
    // …and a same-origin call with the session goes through.
    const user = await request("/api/auth/user", { cookie });
    expect(user.status).toBe(200);
    expect(await user.json()).toEqual({ email: "walker@example.com", name: null, picture: null });
  });
});

describe("session and caching", () => {
  it("sets a signed, httpOnly, SameSite=Lax, Secure (production) session cookie; a forged one is refused", async () => {
    const { cookie, setCookie } = await signedInCookie("cookie@example.com");
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(setCookie).toMatch(/;\s*Secure/i);
    expect(setCookie).toMatch(/;\s*Path=\//i);
    const value = decodeURIComponent(cookie.slice("__session=".length));
    // The payload is the base64 JSON of the session id, followed by its signature; changing either breaks it.
    const [payload] = value.split(".");
    const id = JSON.parse(Buffer.from(payload!, "base64").toString()) as string;
    const otherId = (id[0] === "A" ? "B" : "A") + id.slice(1);
    const forged = Buffer.from(JSON.stringify(otherId)).toString("base64");
    const response = await request("/api/auth/user", {
      cookie: `__session=${encodeURIComponent(forged + value.slice(payload!.length))}`,
    });
    expect(response.status).toBe(401);
    expect((await request("/api/auth/user", { cookie })).status).toBe(200);
  });

  it("marks admin responses private, no-store", async () => {
    const { cookie } = await signedInCookie("cache@example.com");
    for (const [path, withCookie] of [
      ["/admin/login", false],
      ["/admin", false],
      ["/admin", true],
      ["/api/auth/user", false],
      ["/api/auth/user", true],
    ] as const) {
      const response = await request(path, withCookie ? { cookie } : {});
      expect(response.headers.get("Cache-Control"), `${path} ${withCookie ? "signed in" : "signed out"}`).toBe(
        "private, no-store",
      );
    }
    // Public pages stay cacheable.
    expect((await request("/")).headers.get("Cache-Control") ?? "").not.toMatch(/no-store/);
  });
});

describe("logout", () => {
  const signedIn = async (cookie: string) => (await request("/api/auth/user", { cookie })).status === 200;

  it("GET /api/logout ends the session and goes to / when the request comes from this site", async () => {
    const { cookie } = await signedInCookie("bye@example.com");
    const response = await request("/api/logout", { cookie, headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Clear-Site-Data")).toBe('"cache", "storage"');
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    expect(await signedIn(cookie)).toBe(false);
    // The address typed (Sec-Fetch-Site: none), or without that header a Referer on this site, acts too.
    for (const headers of [{ "Sec-Fetch-Site": "none" }, { Referer: `${site.url}/admin/activities` }] as Record<
      string,
      string
    >[]) {
      const again = (await signedInCookie("bye@example.com")).cookie;
      expect((await request("/api/logout", { cookie: again, headers })).status, JSON.stringify(headers)).toBe(302);
      expect(await signedIn(again)).toBe(false);
    }
  });

  it("GET /api/logout from another site only offers a Log out button; a cross-site post of it is refused", async () => {
    const { cookie } = await signedInCookie("stay@example.com");
    for (const headers of [
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Referer: "https://evil.example/page" },
      {},
    ] as Record<string, string>[]) {
      const response = await request("/api/logout", { cookie, headers });
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(response.headers.getSetCookie()).toEqual([]);
      const html = await response.text();
      expect(html).toContain('<form method="post" action="/admin/logout">');
      expect(html).toContain('<button type="submit">Log out</button>');
      expect(await signedIn(cookie)).toBe(true);
    }
    // The button's post checks the origin as every mutation does.
    const forged = await request("/admin/logout", {
      method: "POST",
      cookie,
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(forged.status).toBe(403);
    expect(await signedIn(cookie)).toBe(true);
  });

  it("a link on another site leads to the Log out page; its button signs out", async () => {
    // Another site: the same machine under another name and port (127.0.0.1 is cross-site to localhost).
    const evil = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end(`<!doctype html><title>Prizes</title><a href="${site.url}/api/logout">Claim your prize</a>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, "127.0.0.1", resolve));
    const { port } = evil.address() as AddressInfo;
    for (const javaScript of [true, false]) {
      const context = await newContext(site.browser, { javaScript });
      try {
        await signInAsAdmin(context, site.server);
        const page = await context.newPage();
        await page.goto(`http://127.0.0.1:${port}/`);
        await page.getByRole("link", { name: "Claim your prize" }).click();
        await page.getByRole("heading", { name: "Log out?" }).waitFor();
        expect((await context.request.get(`${site.url}/api/auth/user`)).status()).toBe(200);
        await page.getByRole("button", { name: "Log out" }).click();
        await page.waitForURL(`${site.url}/`);
        expect((await context.request.get(`${site.url}/api/auth/user`)).status()).toBe(401);
      } finally {
        await context.close();
      }
    }
    evil.close();
  });
});

describe("Google sign-in not configured", () => {
  it.each([false, true])(
    "says so on the login page and explains the login link (JavaScript %s)",
    async (javaScript) => {
      const context = await newContext(site.browser, { javaScript });
      const page = await context.newPage();
      await page.goto(`${site.url}/admin/login`);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Admin Login");
      await expect(page.getByRole("button", { name: "Sign in with Google" }).isDisabled()).resolves.toBe(true);
      await expect(page.getByText("Google sign-in is not configured on this server.").isVisible()).resolves.toBe(true);
      await expect(page.getByText("npm run admin -- login-link you@example.com").isVisible()).resolves.toBe(true);
      await expect(
        page.getByText("Only authorized team members may sign in to the admin panel.").isVisible(),
      ).resolves.toBe(true);
      await context.close();
    },
  );

  it("starting the flow returns to the login page with the 'Login Error' toast", async () => {
    const context = await newContext(site.browser, { javaScript: false });
    const response = await context.request.post(`${site.url}/api/auth/google`, {
      headers: sameOrigin(),
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/admin/login");
    const page = await context.newPage();
    await page.goto(`${site.url}/admin/login`);
    const toast = page.getByRole("alert").filter({ hasText: "Login Error" });
    await expect(toast.textContent()).resolves.toContain("Failed to initialize Google login");
    // Shown once.
    await page.reload();
    await expect(page.getByText("Failed to initialize Google login").count()).resolves.toBe(0);
    await context.close();
  });
});

describe("sign-in rate limits (10 a minute per address)", () => {
  const from = (ip: string) => ({ ...sameOrigin(), "X-Forwarded-For": ip });

  it("starting Google sign-in", async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await request("/api/auth/google", { method: "POST", headers: from("203.0.113.10") });
      statuses.push(response.headers.get("Location")!);
    }
    expect(statuses.slice(0, 10).every((l) => l === "/admin/login")).toBe(true);
    expect(statuses[10]).toBe("/admin/login?error=rate_limited");
    // Another address is not affected.
    const other = await request("/api/auth/google", { method: "POST", headers: from("203.0.113.11") });
    expect(other.headers.get("Location")).toBe("/admin/login");
  });

  it("the Google callback", async () => {
    let last: Response | undefined;
    for (let i = 0; i < 11; i++)
      last = await request("/api/auth/google/callback?code=x&state=y", { headers: from("203.0.113.12") });
    expect(last!.headers.get("Location")).toBe("/admin/login?error=rate_limited");
    const page = await (await newContext(site.browser, { javaScript: false })).newPage();
    await page.goto(`${site.url}/admin/login?error=rate_limited`);
    await expect(page.getByRole("alert").textContent()).resolves.toBe(
      "Too many sign-in attempts. Please wait a minute and try again.",
    );
    await page.context().close();
  });

  it("using a one-time login link (429)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await request("/admin/login/link/not-a-token", { method: "POST", headers: from("203.0.113.13") })).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(410));
    const limited = await request("/admin/login/link/not-a-token", { method: "POST", headers: from("203.0.113.13") });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Too many sign-in attempts. Please wait a minute and try again.");
  });
});

describe("one-time login link", () => {
  it("works once: a second use is refused", async () => {
    const link = new URL(await requestLoginLink(site.server, "once@example.com"));
    const first = await request(link.pathname, { method: "POST", headers: sameOrigin() });
    expect(first.status).toBe(302);
    const second = await request(link.pathname, { method: "POST", headers: sameOrigin() });
    expect(second.status).toBe(410);
    expect(await second.text()).toContain("This login link is invalid, expired or already used.");
  });

  // The server's embedded PGlite is single-process, so the test can write an old token only on PostgreSQL;
  // tests/integration/login-tokens.test.ts covers expiry on both databases.
  it.runIf(!!process.env.DATABASE_URL)("an expired link is refused", async () => {
    const database = await openDatabase({ kind: "postgres", url: site.server.databaseUrl! });
    const { setDatabase } = await import("~/data/db.server");
    const { addAdmin, createLoginToken } = await import("~/data/admins.server");
    setDatabase(database);
    await addAdmin("late@example.com");
    const token = await createLoginToken("late@example.com", new Date(Date.now() - 16 * 60 * 1000));
    setDatabase(undefined);
    await database.close();
    const context = await newContext(site.browser, { javaScript: false });
    const page = await context.newPage();
    await visit(page, `${site.url}/admin/login/link/${token}`, 410);
    await expect(page.getByRole("alert").textContent()).resolves.toBe(
      "This login link is invalid, expired or already used.",
    );
    await context.close();
  });

  it("`npm run admin -- login-link` asks the running server and the link signs in", async () => {
    const output = await runCli(["login-link", "cli.admin@example.com"], { ADMIN_CLI_FILE: site.server.cliFile });
    const url = output.match(/https?:\/\/\S+/)![0];
    expect(matchPath("/admin/login/link/:token", new URL(url).pathname)).not.toBeNull();
    expect(new URL(url).origin).toBe(site.url);
    const context = await newContext(site.browser, { javaScript: false });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${site.url}/admin/activities`);
    await expect(page.getByText("cli.admin@example.com").count()).resolves.toBe(1);
    await context.close();
  });
});
