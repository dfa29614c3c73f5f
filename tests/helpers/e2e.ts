// What the end-to-end tests share: the built site (and Chromium) for one test file, pages in fresh browser contexts,
// requests to the site's JSON API, and the toast a page shows.
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { signInAsAdmin } from "./admin";
import { launchBrowser, newContext, type ContextOptions } from "./browser";
import { startServer, type StartOptions, type TestServer } from "./server";

export interface SiteOptions extends StartOptions {
  /** The server's extra environment; a function when it names something started earlier (a fake provider). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Whether the file drives Chromium (default true); files that only speak HTTP leave it out. */
  browser?: boolean;
}

export interface ApiInit {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, as JSON (e.g. malformed JSON). */
  rawBody?: string;
  /** A session cookie ("__session=…"). */
  cookie?: string;
  headers?: Record<string, string>;
  redirect?: RequestRedirect;
}

export interface Site {
  /** The running server (started before the file's first test, stopped after its last). */
  readonly server: TestServer;
  readonly browser: Browser;
  /** The server's origin, e.g. "http://localhost:41234". */
  readonly url: string;
  /** A request to the site as a same-origin API client sends it: the site's Origin, a JSON body, a cookie. */
  api(path: string, init?: ApiInit): Promise<Response>;
  /** Runs `run` on a page in a fresh browser context (JavaScript on unless told), and closes the context. */
  withPage<T>(options: ContextOptions, run: (page: Page, context: BrowserContext) => Promise<T>): Promise<T>;
  /** A page of a fresh context signed in as an administrator (JavaScript on or off); close its context after. */
  adminPage(javaScript: boolean): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * Starts the built site against a fresh copy of the seeded database (and Chromium) in the file's beforeAll, and
 * stops them in its afterAll. Call it at the top of a test file, or of a describe block for a server of its own.
 */
export function setUpSite(options: SiteOptions = {}): Site {
  const { env, browser: wantBrowser = true, ...startOptions } = options;
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const extraEnv = typeof env === "function" ? env() : env;
    [server, browser] = await Promise.all([
      startServer(extraEnv, startOptions),
      wantBrowser ? launchBrowser() : undefined,
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const site: Site = {
    get server() {
      if (!server) throw new Error("The site starts in beforeAll: use it inside a test or a hook.");
      return server;
    },
    get browser() {
      if (!browser) throw new Error(wantBrowser ? "The browser starts in beforeAll." : "setUpSite({ browser: false })");
      return browser;
    },
    get url() {
      return site.server.url;
    },
    api(path, init = {}) {
      const headers: Record<string, string> = { Origin: site.url, ...init.headers };
      if (init.body !== undefined || init.rawBody !== undefined) headers["Content-Type"] = "application/json";
      if (init.cookie) headers.Cookie = init.cookie;
      return fetch(site.url + path, {
        method: init.method ?? "GET",
        headers,
        body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
        redirect: init.redirect,
      });
    },
    async adminPage(javaScript) {
      const context = await newContext(site.browser, { javaScript });
      await signInAsAdmin(context, site.server);
      return { context, page: await context.newPage() };
    },
    async withPage(contextOptions, run) {
      const context = await newContext(site.browser, contextOptions);
      try {
        return await run(await context.newPage(), context);
      } finally {
        await context.close();
      }
    },
  };
  return site;
}

/**
 * Waits for the toast with this text and returns it: in the notifications region, a status for the default kind
 * and an alert for the destructive one (app/components/Toaster.tsx).
 */
export async function toast(
  page: Page,
  text: string,
  variant: "default" | "destructive" = "default",
): Promise<Locator> {
  const found = page
    .getByRole("region", { name: "Notifications (F8)" })
    .getByRole(variant === "destructive" ? "alert" : "status")
    .filter({ hasText: text });
  await found.waitFor();
  return found;
}
