// Chromium from Debian's package, driven by playwright-core (no browser download).
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Response,
} from "playwright-core";
import { expect, onTestFinished } from "vitest";
import { DEFERRED_MODULE_TYPE } from "~/http/script-priority";
import { launchOptions } from "./chromium";
import { FRESH_ALWAYS, makeReusable, poolKey, takeFromPool } from "./context-pool";

export { CHROMIUM_PATH } from "./chromium";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions());
}

export type ContextOptions = Omit<BrowserContextOptions, "javaScriptEnabled"> & {
  /** On unless told (every page must also work with it off). */
  javaScript?: boolean;
  /**
   * Whether a page may be answered with a server error (5xx). Unless told, a page or frame answered 5xx fails the
   * test: its goto throws at once, and a navigation that a click or a form started throws when the context closes,
   * so no check can pass on an error page. A goto answered 4xx throws too, unless the test says it expects that
   * status with visit(page, url, status).
   */
  allowServerErrors?: boolean;
  /**
   * A context and pages of the test's own, made for it and closed for real after, instead of ones an earlier test
   * of the file used (docs/decisions/044-browser-contexts-reused-between-tests.md).
   */
  fresh?: boolean;
};

/**
 * A browsing context with JavaScript on or off, on a 1280 × 900 screen unless told otherwise. With JavaScript, a
 * page's goto and reload (waiting for 'load', as by default) also wait until its scripts have run: they start
 * after the first paint (app/http/script-priority.ts), and a visitor sees the page before using what they add.
 *
 * Inside a test, the context may be one an earlier test of the file closed, reset (context-pool.ts): no cookies,
 * storage, permissions, routes or listeners of that test, and its page on about:blank with no history.
 */
export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const { javaScript = true, allowServerErrors = false, fresh = false, ...rest } = options;
  let made: BrowserContext | undefined;
  // Registered before the context exists, so that a context made outside a test is never taken from the pool.
  const inTest = closeWhenTestEnds({ close: async () => made?.close() });
  const key = inTest && !fresh ? poolKey({ javaScript, allowServerErrors, ...rest }) : undefined;
  const reused = key ? takeFromPool(browser, key) : undefined;
  if (reused) return (made = reused);
  const context = await browser.newContext({
    javaScriptEnabled: javaScript,
    viewport: { width: 1280, height: 900 },
    ...rest,
  });
  made = context;
  context.on("page", (page) => {
    // The status is checked before waiting for an error page's scripts.
    if (!allowServerErrors) failGotoOnServerError(page);
    if (javaScript) waitForScriptsOnLoad(page);
  });
  const serverErrors = allowServerErrors ? () => [] : collectServerErrors(context);
  makeReusable(browser, context, { key, pages: !fresh && !FRESH_ALWAYS }, rest, (page) => closeWhenTestEnds(page));
  failCloseOnServerErrors(context, serverErrors);
  if (!inTest) {
    madeByBeforeAll.add(context);
    context.once("close", () => madeByBeforeAll.delete(context));
  }
  return context;
}

/**
 * A context or page made inside a test (or its beforeEach) closes when the test ends, passed or failed, so none
 * outlives a failing assertion (closing again is harmless). False outside a test: made by a beforeAll.
 */
function closeWhenTestEnds(closable: { close(): Promise<void> }): boolean {
  try {
    onTestFinished(() => closable.close());
    return true;
  } catch {
    return false; // "can only be called inside a test"
  }
}

const madeByBeforeAll = new Set<BrowserContext>();

/**
 * Closes the contexts of `browser` a beforeAll made and nothing closed yet (setUpSite's afterAll calls it): closing
 * is where a page a click led to that answered 5xx fails the file.
 */
export async function closeContextsOfBeforeAll(browser: Browser): Promise<void> {
  const open = [...madeByBeforeAll].filter((context) => context.browser() === browser);
  for (const context of open) madeByBeforeAll.delete(context);
  const closed = await Promise.allSettled(open.map((context) => context.close()));
  const failed = closed.filter((c): c is PromiseRejectedResult => c.status === "rejected");
  if (failed.length > 0)
    throw new AggregateError(
      failed.map((f) => f.reason as unknown),
      "Closing contexts failed",
    );
}

/** A document (a page or a frame) the server answered with a 5xx. */
function isServerErrorPage(response: Response | null): response is Response {
  return response !== null && response.status() >= 500 && response.request().isNavigationRequest();
}

function serverErrorMessage(response: Response): string {
  return `${response.request().method()} ${response.url()} answered ${response.status()}`;
}

/** The status a test said the page's next goto answers (see visit). */
const expectedStatus = new WeakMap<Page, number>();

/**
 * Opens `url` and asserts the status of the page it ends on (after redirects): `status` when told (an error page
 * a test means to see, e.g. 404), and below 400 otherwise, which a plain page.goto already checks on a context
 * from newContext. Returns the response.
 */
export async function visit(
  page: Page,
  url: string,
  status?: number,
  options?: Parameters<Page["goto"]>[1],
): Promise<Response> {
  if (status !== undefined) expectedStatus.set(page, status);
  try {
    const response = await page.goto(url, options);
    if (!response) throw new Error(`${url} gave no response (a same-document navigation?)`);
    if (status === undefined) expect(response.status(), url).toBeLessThan(400);
    else expect(response.status(), url).toBe(status);
    return response;
  } finally {
    expectedStatus.delete(page);
  }
}

function failGotoOnServerError(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const status = response?.status() ?? 0;
    if (isServerErrorPage(response)) throw new Error(`A page was a server error: ${serverErrorMessage(response)}`);
    if (status >= 400 && !expectedStatus.has(page)) {
      throw new Error(
        `${url} answered ${status}: a test that means to open an error page says so with ` +
          `visit(page, url, ${status}) (tests/helpers/browser.ts)`,
      );
    }
    return response;
  };
}

/** The documents answered 5xx in the context, taken once each (a reused context starts its next test with none). */
function collectServerErrors(context: BrowserContext): () => string[] {
  const errors: string[] = [];
  context.on("response", (response) => {
    if (isServerErrorPage(response)) errors.push(serverErrorMessage(response));
  });
  return () => errors.splice(0);
}

function failCloseOnServerErrors(context: BrowserContext, serverErrors: () => string[]): void {
  const close = context.close.bind(context);
  context.close = async (options) => {
    await close(options);
    const errors = serverErrors();
    if (errors.length > 0) throw new Error(`Pages were server errors: ${errors.join("; ")}`);
  };
}

/** Until the page's scripts have run (app/root.tsx marks the document), at once for a page without them. */
async function scriptsHaveRun(page: Page): Promise<void> {
  await page.waitForFunction(
    (type) =>
      !document.querySelector(`script[type="${type}"]`) || document.documentElement.hasAttribute("data-hydrated"),
    DEFERRED_MODULE_TYPE,
  );
}

function waitForScriptsOnLoad(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if ((options?.waitUntil ?? "load") === "load") await scriptsHaveRun(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if ((options?.waitUntil ?? "load") === "load") await scriptsHaveRun(page);
    return response;
  };
}

/**
 * Scrolls to the page's map, as a visitor does, until it is drawn. The map below the fold of a detail page is made
 * only once it is in view, and that page scrolls itself back to the top for a moment after it loads (public-site §2
 * 'Activity detail page': reapplied up to 500 ms); a visitor thrown back to the top scrolls down again, and so does
 * this.
 */
export async function scrollToMap(page: Page): Promise<void> {
  const region = page.locator("[data-map-state]");
  await expect
    .poll(
      async () => {
        await region.scrollIntoViewIfNeeded();
        return region.getAttribute("data-map-state");
      },
      { timeout: 20_000 },
    )
    .toBe("ready");
}

/**
 * Until the page has handled what is already queued: React renders a state change in a task it posts on a
 * MessageChannel, so a message posted after it arrives once that render is done. With the page's clock paused
 * (page.clock), this is how a test sees that a timer that should not have fired yet has drawn nothing.
 */
export async function settled(page: Page) {
  for (let i = 0; i < 2; i++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
}

/** The page's clock, stopped where it is: from here its timers fire only as the test moves it on (runFor). */
export async function stopClock(page: Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
}
