// Signs a browser context in as an administrator through the one-time login link, as a person would.
import type { BrowserContext } from "playwright-core";
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
  await page.getByRole("button", { name: "Sign in" }).click();
  // /admin opens on the dashboard's first tab.
  await page.waitForURL((url) => url.origin === server.url && /^\/admin(\/activities)?$/.test(url.pathname));
  await page.close();
}
