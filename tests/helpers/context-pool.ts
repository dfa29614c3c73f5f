// Browser contexts and pages handed from one test to the next instead of made anew (docs/decisions/044): a fresh
// context costs Chromium about a second, and a fresh page's renderer compiles the site's scripts again (about two
// more). newContext (browser.ts) takes a context from here and makes one only when none is free; what a test changed
// is undone when it closes the context or page, and what cannot be undone closes it for real.
import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page, ViewportSize } from "playwright-core";

/** Set (to anything) to give every test fresh contexts and pages, as before decision 044: to compare, or to bisect. */
export const FRESH_ALWAYS = Boolean(process.env.E2E_FRESH_CONTEXTS);

/**
 * Options two contexts may share and still be the same context to a test; a context made with any other option
 * (permissions, geolocation, a storage state, recordings...) is never reused.
 */
const SHAREABLE_OPTIONS = new Set([
  "javaScript",
  "allowServerErrors",
  "viewport",
  "isMobile",
  "hasTouch",
  "deviceScaleFactor",
  "reducedMotion",
  "colorScheme",
  "locale",
  "timezoneId",
  "userAgent",
]);

/** Playwright's default timeout for actions and navigations (what a page has before setDefaultTimeout). */
const PLAYWRIGHT_DEFAULT_TIMEOUT = 30_000;

/** The key a context with these options (newContext's, defaults filled in) is pooled under; undefined: never. */
export function poolKey(options: Record<string, unknown>): string | undefined {
  if (FRESH_ALWAYS) return undefined;
  const names = Object.keys(options).filter((name) => options[name] !== undefined);
  if (!names.every((name) => SHAREABLE_OPTIONS.has(name))) return undefined;
  return JSON.stringify(names.sort().map((name) => [name, options[name]]));
}

/** Node's EventEmitter methods that playwright's objects have and its types leave out. */
interface Emitter {
  eventNames(): (string | symbol)[];
  listeners(event: string | symbol): ((...args: unknown[]) => unknown)[];
  off(event: string | symbol, listener: (...args: unknown[]) => unknown): unknown;
}

type Listeners = Map<string | symbol, Set<unknown>>;

function listenersOf(target: Page | BrowserContext): Listeners {
  const emitter = target as unknown as Emitter;
  return new Map(emitter.eventNames().map((event) => [event, new Set(emitter.listeners(event))]));
}

/** Removes the listeners added to `target` since `before` was taken (a test's page.on, context.on...). */
function removeListenersSince(target: Page | BrowserContext, before: Listeners): void {
  const emitter = target as unknown as Emitter;
  for (const event of emitter.eventNames()) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.off(event, listener);
    }
  }
}

interface ContextState {
  /** Pooled under this key when closed; undefined: closed for real (made by a beforeAll, or options of its own). */
  key: string | undefined;
  /** What a test did to it that cannot be undone (it is closed for real). */
  spoiled?: string;
  /** In the pool, waiting for the next test. */
  idle: boolean;
  /** The origins its pages visited since it was last reset, whose storage is cleared. */
  origins: Set<string>;
  /** A page kept open (on about:blank) for the next newPage. */
  spare?: Page;
  listeners: Listeners;
  extraHTTPHeaders: Record<string, string>;
}

interface PageState {
  spoiled?: string;
  /** Parked as its context's spare: closed as far as the test that had it is concerned. */
  parked: boolean;
  viewport: ViewportSize | null;
  viewportChanged: boolean;
  timeoutChanged: boolean;
  listeners: Listeners;
  cdp?: CDPSession;
}

const contexts = new WeakMap<BrowserContext, ContextState>();
const pages = new WeakMap<Page, PageState>();
const pools = new WeakMap<Browser, Map<string, BrowserContext[]>>();

/** A free context of `browser` made with the options of `key`, marked in use; undefined when there is none. */
export function takeFromPool(browser: Browser, key: string): BrowserContext | undefined {
  const free = pools.get(browser)?.get(key);
  const context = free?.pop();
  if (context) contexts.get(context)!.idle = false;
  return context;
}

/** Calls `method` of `target` through `before` first: how a test's irreversible change marks what it changed. */
function onCall<T extends object>(target: T, methods: (keyof T)[], before: (method: string) => void): void {
  for (const method of methods) {
    const original = target[method];
    if (typeof original !== "function") continue;
    const bound = (original as (...args: unknown[]) => unknown).bind(target);
    (target as Record<keyof T, unknown>)[method] = (...args: unknown[]) => {
      before(String(method));
      return bound(...args);
    };
  }
}

/**
 * Makes `context` (just made by newContext) reusable: its close() resets it and puts it in its browser's pool under
 * `key` (closes it for real without a key, or once spoiled), and its pages' close() keep one page open for the next
 * newPage. Call after newContext's own listeners are added: those stay, any added later are a test's.
 */
export function makeReusable(
  browser: Browser,
  context: BrowserContext,
  reuse: { key: string | undefined; pages: boolean },
  options: Pick<BrowserContextOptions, "extraHTTPHeaders">,
  onPage: (page: Page) => void,
): void {
  const { key } = reuse;
  const state: ContextState = {
    key,
    idle: false,
    origins: new Set(),
    listeners: new Map(),
    extraHTTPHeaders: options.extraHTTPHeaders ?? {},
  };
  contexts.set(context, state);
  const spoil = (method: string) => (state.spoiled ??= `context.${method}`);
  onCall(
    context,
    [
      "addInitScript",
      "exposeBinding",
      "exposeFunction",
      "setGeolocation",
      "setHTTPCredentials",
      "routeFromHAR",
      "routeWebSocket",
      "setDefaultTimeout",
      "setDefaultNavigationTimeout",
    ],
    spoil,
  );
  // page.clock is the context's clock: once installed, it stays for every page of the context.
  onCall(
    context.clock,
    ["install", "fastForward", "pauseAt", "resume", "runFor", "setFixedTime", "setSystemTime"],
    (method) => spoil(`clock.${method}`),
  );
  context.on("response", (response) => {
    if (response.request().isNavigationRequest()) {
      const { origin } = new URL(response.url());
      if (origin.startsWith("http")) state.origins.add(origin);
    }
  });
  state.listeners = listenersOf(context);

  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const spare = state.spare;
    state.spare = undefined;
    if (spare && !spare.isClosed()) {
      const pageState = pages.get(spare)!;
      pageState.parked = false;
      onPage(spare);
      return spare;
    }
    const page = await newPage();
    if (reuse.pages) reusablePage(state, page);
    onPage(page);
    return page;
  };

  const close = context.close.bind(context);
  context.close = async (closeOptions) => {
    if (state.idle) return; // its test closed it already
    if (!state.key || state.spoiled) return close(closeOptions);
    try {
      await reset(context, state);
    } catch {
      await close(closeOptions);
      return;
    }
    state.idle = true;
    const byKey = pools.get(browser) ?? new Map<string, BrowserContext[]>();
    pools.set(browser, byKey);
    byKey.set(state.key, [...(byKey.get(state.key) ?? []), context]);
  };
}

/** A page made by newPage: its close() parks it as its context's spare unless a test did what cannot be undone. */
function reusablePage(contextState: ContextState, page: Page): void {
  const state: PageState = {
    parked: false,
    viewport: page.viewportSize(),
    viewportChanged: false,
    timeoutChanged: false,
    listeners: listenersOf(page),
  };
  pages.set(page, state);
  onCall(
    page,
    [
      "addInitScript",
      "exposeBinding",
      "exposeFunction",
      "emulateMedia",
      "setExtraHTTPHeaders",
      "routeFromHAR",
      "routeWebSocket",
    ],
    (method) => (state.spoiled ??= `page.${method}`),
  );
  onCall(page, ["setViewportSize"], () => (state.viewportChanged = true));
  onCall(page, ["setDefaultTimeout", "setDefaultNavigationTimeout"], () => (state.timeoutChanged = true));

  const close = page.close.bind(page);
  page.close = async (closeOptions) => {
    if (state.parked) return;
    if (state.spoiled || contextState.spoiled || contextState.spare || page.isClosed()) return close(closeOptions);
    try {
      await park(page, state, contextState);
    } catch {
      await close(closeOptions);
      return;
    }
    state.parked = true;
    contextState.spare = page;
  };
}

/** Undoes what a test did to its page: its listeners, routes, viewport, timeouts, the document, history, storage. */
async function park(page: Page, state: PageState, contextState: ContextState): Promise<void> {
  removeListenersSince(page, state.listeners);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.goto("about:blank", { timeout: 10_000 });
  if (state.viewportChanged) {
    if (!state.viewport) throw new Error("no viewport to restore");
    await page.setViewportSize(state.viewport);
    state.viewportChanged = false;
  }
  if (state.timeoutChanged) {
    page.setDefaultTimeout(PLAYWRIGHT_DEFAULT_TIMEOUT);
    page.setDefaultNavigationTimeout(PLAYWRIGHT_DEFAULT_TIMEOUT);
    state.timeoutChanged = false;
  }
  state.cdp ??= await page.context().newCDPSession(page);
  await state.cdp.send("Page.resetNavigationHistory");
  await clearStorage(state.cdp, contextState);
}

/**
 * The session and local storage, IndexedDB, caches and service workers of the origins the context's pages visited
 * (Chromium clears a tab's sessionStorage of an origin with its localStorage).
 */
async function clearStorage(cdp: CDPSession, contextState: ContextState): Promise<void> {
  for (const origin of contextState.origins) {
    await cdp.send("Storage.clearDataForOrigin", {
      origin,
      storageTypes: "local_storage,indexeddb,cache_storage,service_workers,file_systems,websql",
    });
  }
}

/**
 * Undoes what a test did to its context: its pages but one, cookies, storage, the HTTP cache, permissions, routes,
 * headers. Never called on a spoiled context (close() closes that for real); a spoiled page is closed here.
 */
async function reset(context: BrowserContext, state: ContextState): Promise<void> {
  for (const page of context.pages()) {
    if (page !== state.spare) await page.close(); // parks the first (reusablePage), closes the others
  }
  removeListenersSince(context, state.listeners);
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await context.clearCookies();
  await context.clearPermissions();
  await context.setExtraHTTPHeaders(state.extraHTTPHeaders);
  await context.setOffline(false);
  if (state.origins.size > 0) {
    const cdp = state.spare && pages.get(state.spare)?.cdp;
    if (!cdp) throw new Error("no page left to clear the storage through");
    await clearStorage(cdp, state);
    // Public pages and API answers may be kept a minute (max-age=60): the next test reads them from the server.
    await cdp.send("Network.clearBrowserCache");
    state.origins.clear();
  }
}
