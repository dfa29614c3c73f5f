// Chromium from Debian's package, driven by playwright-core (no browser download).
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { DEFERRED_MODULE_TYPE } from "~/http/script-priority";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export type ContextOptions = Omit<BrowserContextOptions, "javaScriptEnabled"> & {
  /** On unless told (every page must also work with it off). */
  javaScript?: boolean;
};

/**
 * A browsing context with JavaScript on or off, on a 1280 × 900 screen unless told otherwise. With JavaScript, a
 * page's goto and reload (waiting for 'load', as by default) also wait until its scripts have run: they start
 * after the first paint (app/http/script-priority.ts), and a visitor sees the page before using what they add.
 */
export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const { javaScript = true, ...rest } = options;
  const context = await browser.newContext({
    javaScriptEnabled: javaScript,
    viewport: { width: 1280, height: 900 },
    ...rest,
  });
  if (javaScript) context.on("page", waitForScriptsOnLoad);
  return context;
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
