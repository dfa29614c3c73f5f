// What the end-to-end tests share: the built site (and Chromium) for one test file, pages in fresh browser contexts,
// requests to the site's JSON API, and the toast a page shows.
import { readFileSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Cookie, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { signInAsAdmin } from "./admin";
import { closeContextsOfBeforeAll, newContext, type ContextOptions } from "./browser";
import { alive, startServer, type StartOptions, type TestServer } from "./server";
import type { SharedBrowserAddress, SharedSiteAddress } from "./shared-sites";

export interface SiteOptions extends StartOptions {
  /** The server's extra environment; a function when it names something started earlier (a fake provider). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Whether the file drives Chromium (default true); files that only speak HTTP leave it out. */
  browser?: boolean;
  /**
   * A server of the file's own even though it asks for nothing special: for a file that changes what every page
   * shows (the taxonomy, the SEO settings) or ends sessions other files hold.
   */
  ownServer?: boolean;
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
  /**
   * A page of a fresh context signed in as an administrator (JavaScript on or off); close its context after. The
   * file's first call signs in through a login link; later calls reuse that session, so a test that ends it (signs
   * out, removes the administrator) should sign in with signInAsAdmin instead. `options` shape the context (a
   * phone's screen).
   */
  adminPage(
    javaScript: boolean,
    options?: Omit<ContextOptions, "javaScript">,
  ): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * The built site on a copy of the seeded database, and Chromium, for the file: from its beforeAll to its afterAll.
 * Call it at the top of a test file, or of a describe block.
 *
 * With no options, the file shares its vitest worker's site (tests/helpers/shared-sites.ts): the server and the
 * browser outlive the file, and what it wrote stays for the files after it, so its tests make the rows they need and
 * never count on a row another file might change. Its contexts close when it ends. With an environment, a database
 * of its own or `ownServer`, the file starts its own server and stops it in its afterAll; it still drives the
 * worker's Chromium (in contexts of its own, closed when it ends).
 */
export function setUpSite(options: SiteOptions = {}): Site {
  const { env, browser: wantBrowser = true, ownServer = false, ...startOptions } = options;
  const shared = !ownServer && env === undefined && Object.keys(startOptions).length === 0;
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  /** The session cookie of the file's administrator, once adminPage has signed in (see there). */
  let adminCookies: Promise<Cookie[]> | undefined;
  beforeAll(async () => {
    if (shared) {
      const { wsEndpoint, ...sharedOne } = await sharedServer();
      server = sharedOne;
      // Closing a browser reached by connect closes this file's contexts and leaves Chromium running.
      if (wantBrowser) browser = await chromium.connect(wsEndpoint);
      return;
    }
    const extraEnv = typeof env === "function" ? env() : env;
    [server, browser] = await Promise.all([
      startServer(extraEnv, startOptions),
      wantBrowser ? sharedBrowser().then((wsEndpoint) => chromium.connect(wsEndpoint)) : undefined,
    ]);
  });
  afterAll(async () => {
    try {
      if (browser) await closeContextsOfBeforeAll(browser);
    } finally {
      await browser?.close();
      await server?.stop();
    }
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
    async adminPage(javaScript, options = {}) {
      const context = await newContext(site.browser, { ...options, javaScript });
      // One sign-in per file: later contexts get its session cookie (the login link flow is tested on its own, in
      // admin-login-link.test.ts). Nothing else of the sign-in's context is carried over.
      adminCookies ??= (async () => {
        await signInAsAdmin(context, site.server);
        return (await context.cookies()).filter((cookie) => cookie.name === "__session");
      })();
      const cookies = await adminCookies.catch((error: unknown) => {
        adminCookies = undefined;
        throw error;
      });
      await context.addCookies(cookies);
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

/** Asks vitest's main process for this worker's shared site or Chromium (tests/helpers/shared-sites.ts). */
async function askShared(what: "site" | "browser"): Promise<unknown> {
  const endpoint = inject("sharedSites");
  const worker = process.env.VITEST_POOL_ID ?? "1";
  const response = await fetch(`${endpoint}/${what}?worker=${worker}`, { method: "POST" });
  if (!response.ok) throw new Error(`The shared ${what} did not start: ${await response.text()}`);
  return response.json();
}

/** This worker's Chromium (launched on the first ask), for playwright's `chromium.connect`. */
async function sharedBrowser(): Promise<string> {
  return ((await askShared("browser")) as SharedBrowserAddress).wsEndpoint;
}

/** This worker's shared site (started on the first ask); its stop() leaves it running for the next file. */
async function sharedServer(): Promise<TestServer & { wsEndpoint: string }> {
  const address = (await askShared("site")) as SharedSiteAddress;
  return {
    ...address,
    logs: () => "(the shared server's output is not kept: give the file a server of its own to read it)",
    cliSecret: () => (JSON.parse(readFileSync(address.cliFile, "utf8")) as { secret: string }).secret,
    running: () => alive(address.pid),
    async stop() {},
  };
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
