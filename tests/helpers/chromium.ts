// Where Chromium is and how the tests launch it: Debian's package, headless (browser.ts drives it). Apart from
// browser.ts so that vitest's main process (shared-sites.ts) can launch it without importing "vitest".
import { existsSync } from "node:fs";
import type { LaunchOptions } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** How the tests launch Chromium: headless, nothing fetched but what a page asks for. */
export function launchOptions(): LaunchOptions {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  return {
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
  };
}
