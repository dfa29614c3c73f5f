// Signing in as an administrator, as a person would (the one-time login link), or as an API client would; and
// the admin CLI.
import { spawn } from "node:child_process";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { newContext } from "./browser";
import type { Site } from "./e2e";
import type { TestServer } from "./server";

/** Asks the running server for a one-time login link, exactly as `npm run admin -- login-link` does. */
export async function requestLoginLink(server: TestServer, email: string): Promise<string> {
  const response = await fetch(`${server.url}/admin/cli/login-link`, {
    method: "POST",
    headers: { Authorization: `Bearer ${server.cliSecret()}`, "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ email }),
  });
  if (!response.ok) throw new Error(`login-link failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}

export async function signInAsAdmin(context: BrowserContext, server: TestServer, email = "curator@example.com") {
  const link = await requestLoginLink(server, email);
  const page = await context.newPage();
  await page.goto(link);
  try {
    await page.getByRole("button", { name: "Sign in" }).click();
    // /admin opens on the dashboard's first tab: signed in once its tabs are drawn.
    await page.getByRole("navigation", { name: "Dashboard tabs" }).waitFor();
  } finally {
    await page.close();
  }
}

/**
 * Clicks a tab of the dashboard (a client navigation with JavaScript) and waits until its screen is drawn: the
 * address changes a moment before React draws the new screen, and the document's title changes in the same render
 * as the screen ('Cities | Admin Dashboard').
 */
export async function openDashboardTab(page: Page, tab: string, path: string, screenTitle = tab) {
  await page.getByRole("navigation", { name: "Dashboard tabs" }).getByRole("link", { name: tab, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
  await expect.poll(() => page.title()).toBe(`${screenTitle} | Admin Dashboard`);
}

/**
 * Two browser contexts signed in as one administrator, with JavaScript on and off, and the session's Cookie header
 * for the admin API. They close with the site's browser.
 */
export async function signedInAdmin(site: { browser: Browser; server: TestServer }, email = "curator@example.com") {
  const js = await newContext(site.browser, { javaScript: true });
  const nojs = await newContext(site.browser, { javaScript: false });
  // One after the other: two first sign-ins of one e-mail race on adding it to the admin table.
  await signInAsAdmin(js, site.server, email);
  await signInAsAdmin(nojs, site.server, email);
  const session = (await js.cookies()).find((c) => c.name === "__session");
  if (!session) throw new Error("no session cookie after signing in");
  return { contexts: { js, nojs }, cookie: `__session=${session.value}` };
}

/** A valid activity in Nashville as the admin API takes it: add a title. */
export const NEW_ACTIVITY = {
  category: "Museums",
  excerpt: "A place made for the end-to-end tests.",
  image: "https://images.example/test.jpg",
  latitude: "36.1612",
  longitude: "-86.7785",
  cityId: "nashville",
  country: "United States",
  state: "Tennessee",
};

/** POST /api/activities as the administrator of `cookie`: NEW_ACTIVITY with `fields`; the test fails unless 201. */
export async function createActivityViaApi(
  site: Pick<Site, "api">,
  cookie: string,
  fields: { title: string } & Record<string, unknown>,
) {
  const response = await site.api("/api/activities", { method: "POST", cookie, body: { ...NEW_ACTIVITY, ...fields } });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text) as { id: number; title: string; category: string; tags: string[] };
}

/**
 * Plain HTTP against a test server as an API client or a hand-made browser would: no redirects followed, an
 * optional session cookie, and a one-time-link sign-in that returns the session cookie.
 */
export function adminHttp(server: TestServer) {
  async function request(path: string, init: RequestInit & { cookie?: string } = {}) {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("Cookie", init.cookie);
    return fetch(server.url + path, { ...init, headers, redirect: "manual" });
  }
  const sameOrigin = () => ({ Origin: server.url });
  return {
    request,
    sameOrigin,
    /** A redirect to the admin login page. */
    expectLoginRedirect(response: Response, label: string) {
      expect([301, 302, 303, 307, 308], label).toContain(response.status);
      expect(new URL(response.headers.get("Location")!, server.url).pathname, label).toBe("/admin/login");
    },
    /** Signs in through a one-time link and returns the session cookie ("__session=…") and its Set-Cookie line. */
    async signedInCookie(email: string): Promise<{ cookie: string; setCookie: string }> {
      const link = new URL(await requestLoginLink(server, email));
      const response = await request(link.pathname, { method: "POST", headers: sameOrigin() });
      expect(response.status).toBe(302);
      const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
      return { cookie: setCookie.split(";")[0]!, setCookie };
    },
  };
}

/** What a script printed (stdout and stderr, interleaved as they came) and its exit code. */
export interface ScriptRun {
  code: number | null;
  output: string;
}

/**
 * Runs one of the site's commands as `npm run …` does (`node cli.js <command>`, on the build), with `env` over the
 * test's environment (undefined removes a variable), and resolves with its output and exit code, whatever that is.
 */
export function runCommand(
  command: "start" | "admin" | "db:migrate" | "db:seed" | "db:backup" | "db:restore",
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
): Promise<ScriptRun> {
  const childEnv = { ...process.env, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["cli.js", command, ...args], {
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command} did not finish in ${timeoutMs / 1000} s: ${output}`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * Runs the admin CLI as `npm run admin -- …` does, with `env` over the test's environment (undefined removes a
 * variable), and returns its output; rejects when it exits with an error.
 */
export async function runCli(args: string[], env: Record<string, string | undefined>): Promise<string> {
  const { code, output } = await runCommand("admin", args, env);
  if (code !== 0) throw new Error(`admin CLI exited ${code}: ${output}`);
  return output;
}
