// The browser contexts a file's tests hand on to each other (tests/helpers/context-pool.ts, docs/decisions/044): what
// one test leaves in a context is gone for the next, a server error is still the failure of the test that met it,
// and a context a test cannot take back from is closed rather than handed on. Tests run in order: each checks the
// context the one before it closed.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRESH_ALWAYS } from "../helpers/context-pool";
import { newContext } from "../helpers/browser";
import { setUpSite } from "../helpers/e2e";

const site = setUpSite();

/** A small site of the test's own: pages the browser may keep a minute, and a server error; what it was asked. */
const asked: string[] = [];
const server = http.createServer((request, response) => {
  asked.push(request.url ?? "");
  if (request.url === "/broken") return response.writeHead(500).end("broken");
  if (request.url === "/favicon.ico") return response.writeHead(404).end();
  if (request.url === "/routed") return response.writeHead(200).end("from the server");
  response
    .writeHead(200, { "Content-Type": "text/html", "Cache-Control": "public, max-age=60" })
    .end("<!doctype html><title>a page</title><p>a page</p>");
});
let origin = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const timesAsked = (path: string) => asked.filter((url) => url === path).length;

describe.skipIf(FRESH_ALWAYS)("a context closed by one test, taken by the next", () => {
  let previous: BrowserContext | undefined;
  const leftBehind: string[] = [];

  it("a test leaves cookies, storage, history, a listener, a route, a permission and a cached page", async () => {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await page.goto(`${origin}/page`);
    await page.evaluate(() => {
      document.cookie = "left=1; max-age=600";
      localStorage.setItem("left", "1");
      sessionStorage.setItem("left", "1");
      history.pushState({}, "", "/pushed");
    });
    page.on("console", (message) => leftBehind.push(message.text()));
    await context.route("**/routed", (route) => route.fulfill({ body: "from the route" }));
    await context.grantPermissions(["geolocation"], { origin });
    expect(await context.cookies()).toHaveLength(1);
    previous = context;
    await context.close();
  });

  it("the next test gets that context with none of it, and its page on about:blank", async () => {
    const context = await newContext(site.browser);
    expect(context, "the context was handed on").toBe(previous);
    const page = await context.newPage();
    expect(context.pages()).toHaveLength(1);
    expect(context.pages()[0]).toBe(page);
    expect(page.url()).toBe("about:blank");
    expect(await context.cookies()).toEqual([]);

    const asksBefore = timesAsked("/page");
    await page.goto(`${origin}/page`);
    expect(timesAsked("/page"), "the page came from the server, not the cache").toBe(asksBefore + 1);
    const cdp = await context.newCDPSession(page);
    const { entries } = (await cdp.send("Page.getNavigationHistory")) as { entries: { url: string }[] };
    expect(entries.map((entry) => entry.url)).toEqual(["about:blank", `${origin}/page`]);
    const state = await page.evaluate(async () => ({
      cookie: document.cookie,
      local: localStorage.length,
      session: sessionStorage.length,
      routed: await (await fetch("/routed")).text(),
      geolocation: (await navigator.permissions.query({ name: "geolocation" })).state,
    }));
    expect(state).toEqual({ cookie: "", local: 0, session: 0, routed: "from the server", geolocation: "prompt" });
    await page.evaluate(() => console.log("heard by the earlier test?"));
    expect(leftBehind).toEqual([]);
    previous = context;
  });

  it("a server error fails the close of the test that met it, and not the next test's", async () => {
    const context = await newContext(site.browser);
    expect(context).toBe(previous);
    const page = await context.newPage();
    await page.goto(`${origin}/page`);
    // A navigation a page starts itself (a link, a form) is checked when the context closes. The error page is waited
    // for until drawn, not only answered: a context closed mid-navigation cannot be reset and is closed for real.
    await Promise.all([page.waitForURL(`${origin}/broken`), page.evaluate(() => (location.href = "/broken"))]);
    await expect(context.close()).rejects.toThrow(`GET ${origin}/broken answered 500`);

    const next = await newContext(site.browser);
    expect(next).toBe(context);
    await (await next.newPage()).goto(`${origin}/page`);
    await next.close();
    previous = next;
  });

  it("a context whose clock a test installed is closed for real, not handed on", async () => {
    const context = await newContext(site.browser);
    expect(context).toBe(previous);
    const page = await context.newPage();
    await page.clock.install();
    const closed = new Promise<void>((resolve) => context.once("close", () => resolve()));
    await context.close();
    await closed;
    expect(await newContext(site.browser)).not.toBe(context);
  });
});
