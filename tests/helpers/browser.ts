// Chromium from Debian's package, driven by playwright-core (no browser download).
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from "playwright-core";

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

/** A browsing context with JavaScript on or off, on a 1280 × 900 screen unless told otherwise. */
export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const { javaScript = true, ...rest } = options;
  return browser.newContext({ javaScriptEnabled: javaScript, viewport: { width: 1280, height: 900 }, ...rest });
}
