// One built server and one Chromium for each vitest worker, shared by the end-to-end files that need nothing of
// their own (see setUpSite in e2e.ts and docs/decisions/027-one-shared-site-per-test-worker.md). vitest runs each
// test file in a fresh process, so what outlives a file lives in vitest's main process: tests/helpers/global-setup.ts
// opens a small HTTP endpoint there, a file asks it for its worker's site, which starts on the first ask (a run of
// unit tests starts none), and the run's end stops them all.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { chromium, type BrowserServer } from "playwright-core";
import { launchOptions } from "./chromium";
import type { DatabaseTemplates } from "./database";
import { startServer, type TestServer } from "./server";

/** What a test file needs to reach its worker's shared site. */
export interface SharedSiteAddress {
  url: string;
  databaseUrl: string | undefined;
  pid: number;
  cliFile: string;
  /** The shared Chromium, for playwright's `chromium.connect`. */
  wsEndpoint: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The endpoint that hands out the shared sites: POST /site?worker=<VITEST_POOL_ID>. */
    sharedSites: string;
  }
}

interface Started {
  server: TestServer;
  browser: BrowserServer;
}

async function startSite(templates: DatabaseTemplates): Promise<Started> {
  const [server, browser] = await Promise.allSettled([
    startServer({}, { templates }),
    chromium.launchServer(launchOptions()),
  ]);
  if (server.status === "fulfilled" && browser.status === "fulfilled") {
    return { server: server.value, browser: browser.value };
  }
  if (server.status === "fulfilled") await server.value.stop();
  if (browser.status === "fulfilled") await browser.value.close();
  throw server.status === "rejected" ? server.reason : (browser as PromiseRejectedResult).reason;
}

export async function openSharedSites(templates: DatabaseTemplates): Promise<{ url: string; close(): Promise<void> }> {
  const sites = new Map<string, Promise<Started>>();
  const endpoint = http.createServer((request, response) => {
    const worker = new URL(request.url ?? "/", "http://localhost").searchParams.get("worker") ?? "";
    if (request.method !== "POST" || !/^\d+$/.test(worker)) {
      response.writeHead(400).end("POST /site?worker=<VITEST_POOL_ID>");
      return;
    }
    const known = sites.get(worker);
    const site = known ? replaceIfGone(worker, known) : startSite(templates);
    sites.set(worker, site);
    site.then(
      ({ server, browser }) => {
        const address: SharedSiteAddress = {
          url: server.url,
          databaseUrl: server.databaseUrl,
          pid: server.pid,
          cliFile: server.cliFile,
          wsEndpoint: browser.wsEndpoint(),
        };
        response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(address));
      },
      (error: unknown) => {
        // The next file of this worker tries again.
        if (sites.get(worker) === site) sites.delete(worker);
        response.writeHead(500).end(error instanceof Error ? (error.stack ?? error.message) : String(error));
      },
    );
  });
  /**
   * A site whose server exited (killed from outside, or crashed) is replaced, so one loss fails one file rather than
   * every later file of the worker; its output says why it went.
   */
  function replaceIfGone(worker: string, site: Promise<Started>): Promise<Started> {
    return site.then(
      async (started) => {
        if (started.server.running()) return started;
        console.error(
          `The shared server of worker ${worker} had exited; starting another. Its output:\n${started.server.logs()}`,
        );
        await started.browser.close();
        await started.server.stop();
        return startSite(templates);
      },
      () => startSite(templates),
    );
  }

  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  const { port } = endpoint.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise((resolve) => endpoint.close(resolve));
      await Promise.all(
        [...sites.values()].map(async (site) => {
          const started = await site.catch(() => undefined);
          await started?.browser.close();
          await started?.server.stop();
        }),
      );
    },
  };
}
