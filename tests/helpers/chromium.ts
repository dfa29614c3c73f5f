// Where Chromium is and how the tests launch it: Debian's headless shell, or its full browser (browser.ts drives it).
// Apart from browser.ts so that vitest's main process (shared-sites.ts) can launch it without importing "vitest".
import { existsSync } from "node:fs";
import type { LaunchOptions } from "playwright-core";

/** Debian's `chromium-headless-shell`, the old headless mode as a program of its own (Playwright's default for headless
 * runs): the same Blink and V8 without the full browser's UI layers, about a quarter less CPU a test file. The full
 * browser is the fallback on a machine without it. See docs/decisions/051-tests-drive-chromium-headless-shell.md. */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** How the tests launch Chromium: headless, nothing fetched but what a page asks for. */
export function launchOptions(): LaunchOptions {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium-headless-shell (or chromium, or set CHROMIUM_PATH)`,
    );
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
