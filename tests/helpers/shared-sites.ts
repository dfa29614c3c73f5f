// One built server and one Chromium for each vitest worker, shared by the end-to-end files that need nothing of
// their own (see setUpSite in e2e.ts and docs/decisions/027-one-shared-site-per-test-worker.md). vitest runs each
// test file in a fresh process, so what outlives a file lives in vitest's main process: tests/helpers/global-setup.ts
// opens a small HTTP endpoint there, a file asks it for its worker's site, which starts on the first ask (a run of
// unit tests starts none), and the run's end stops them all. A file with a server of its own asks for the worker's
// Chromium alone: launching one per file cost about a second each time.
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

/** What a test file with a server of its own needs to drive its worker's Chromium. */
export interface SharedBrowserAddress {
  wsEndpoint: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * The endpoint that hands out the shared sites, POST /site?worker=<VITEST_POOL_ID>, and the worker's Chromium
     * alone, POST /browser?worker=<VITEST_POOL_ID>.
     */
    sharedSites: string;
  }
}

/** What one worker has started so far: its server on the first file that shares the site, its browser on the first
 * file that drives Chromium (a file with a server of its own connects to the worker's browser too). */
interface Worker {
  server?: Promise<TestServer>;
  browser?: Promise<BrowserServer>;
}

export async function openSharedSites(templates: DatabaseTemplates): Promise<{ url: string; close(): Promise<void> }> {
  const workers = new Map<string, Worker>();
  const endpoint = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const worker = url.searchParams.get("worker") ?? "";
    if (request.method !== "POST" || !/^\d+$/.test(worker) || !["/site", "/browser"].includes(url.pathname)) {
      response.writeHead(400).end("POST /site?worker=<VITEST_POOL_ID> or POST /browser?worker=<VITEST_POOL_ID>");
      return;
    }
    const started = workers.get(worker) ?? {};
    workers.set(worker, started);
    const browser = (started.browser = browserOf(worker, started.browser));
    const server = url.pathname === "/site" ? (started.server = serverOf(worker, started.server)) : undefined;
    Promise.all([server, browser]).then(
      ([server, browser]) => {
        const address: SharedBrowserAddress | SharedSiteAddress = server
          ? {
              url: server.url,
              databaseUrl: server.databaseUrl,
              pid: server.pid,
              cliFile: server.cliFile,
              wsEndpoint: browser.wsEndpoint(),
            }
          : { wsEndpoint: browser.wsEndpoint() };
        response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(address));
      },
      (error: unknown) => {
        // The next file of this worker tries again.
        if (started.server === server) started.server = undefined;
        if (started.browser === browser) started.browser = undefined;
        response.writeHead(500).end(error instanceof Error ? (error.stack ?? error.message) : String(error));
      },
    );
  });

  /**
   * The worker's server, started on the first ask. One whose process exited (killed from outside, or crashed) is
   * replaced, so one loss fails one file rather than every later file of the worker; its output says why it went.
   */
  function serverOf(worker: string, known: Promise<TestServer> | undefined): Promise<TestServer> {
    if (!known) return startServer({}, { templates });
    return known.then(
      async (server) => {
        if (server.running()) return server;
        console.error(
          `The shared server of worker ${worker} had exited; starting another. Its output:\n${server.logs()}`,
        );
        await server.stop();
        return startServer({}, { templates });
      },
      () => startServer({}, { templates }),
    );
  }

  /** The worker's Chromium, started on the first ask, and again if it has gone. */
  function browserOf(worker: string, known: Promise<BrowserServer> | undefined): Promise<BrowserServer> {
    const launch = () => chromium.launchServer(launchOptions());
    if (!known) return launch();
    return known.then(
      async (browser) => {
        const process = browser.process();
        if (process.exitCode === null && process.signalCode === null) return browser;
        console.error(`The shared Chromium of worker ${worker} had exited; starting another.`);
        await browser.close();
        return launch();
      },
      () => launch(),
    );
  }

  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  const { port } = endpoint.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise((resolve) => endpoint.close(resolve));
      await Promise.all(
        [...workers.values()].flatMap(({ server, browser }) => [
          browser?.then((b) => b.close()).catch(() => undefined),
          server?.then((s) => s.stop()).catch(() => undefined),
        ]),
      );
    },
  };
}
