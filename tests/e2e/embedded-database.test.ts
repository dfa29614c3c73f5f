// An embedded install as `npm install && npm start` makes it (PUBLIC_URL unset, PGlite in a data directory it
// creates): one owner of the directory and backups (issue #24), private files (issue #27 item 15), the refusals of a
// second start (item 16), and answers for any host (item 19).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminHttp, runCli, runCommand } from "../helpers/admin";
import { launchBrowser, newContext } from "../helpers/browser";
import { freshDatabase } from "../helpers/database";
import { postgresBaseUrl } from "../helpers/postgres";
import { freePort, startServer, type TestServer } from "../helpers/server";

const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

// One install's life in order, never shuffled: the first test's npm start (the CLI asked while it seeds) makes the
// server every later test uses, the refusals need it running, and the restores need the backup before them.
describe.runIf(!postgresBaseUrl())("an embedded install started with npm start", { shuffle: false }, () => {
  let workDir: string;
  let dataDir: string;
  let cliFile: string;
  let server: TestServer | undefined;
  let restoredServer: TestServer | undefined;
  let browser: Browser | undefined;
  let serverEnv: Record<string, string>;
  /** The environment of a script run beside the server, as an operator's shell in the same directory has it. */
  let scriptEnv: Record<string, string | undefined>;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), "tt-embedded-"));
    dataDir = path.join(workDir, "data", "pglite");
    cliFile = path.join(workDir, "admin-cli.json");
    // The CLI's bridge file an older install left readable by all (0644).
    writeFileSync(cliFile, "{}", { mode: 0o644 });
    // The quick start: no PUBLIC_URL, no SESSION_SECRET (start.ts makes one beside the data).
    serverEnv = { PUBLIC_URL: "", SESSION_SECRET: "", ADMIN_CLI_FILE: cliFile };
    scriptEnv = { DATABASE_URL: undefined, PGLITE_DIR: dataDir, ADMIN_CLI_FILE: cliFile };
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await restoredServer?.stop();
    await server?.stop();
    await rm(workDir, { recursive: true, force: true });
  });

  it("owns its data directory from the start: the admin CLI waits for the server to answer instead of opening it", async () => {
    // A fresh clone: the database is migrated and seeded by npm start (several seconds) before the server answers.
    const starting = startServer(serverEnv, { pgliteDir: dataDir });
    starting.catch(() => {});
    await expect.poll(() => existsSync(`${dataDir}.lock`), { timeout: 60_000, interval: 50 }).toBe(true);
    const output = await runCli(["login-link", "early@example.com"], scriptEnv);
    server = await starting;
    expect(output).toMatch(/The server \(process \d+\) is starting; waiting for it to answer/);
    const link = new URL(output.match(/http:\/\/\S+/)![0]);
    expect(link.origin).toBe(server.url);
    // The link the server made signs in.
    const signIn = await fetch(server.url + link.pathname, {
      method: "POST",
      headers: { Origin: server.url },
      redirect: "manual",
    });
    expect(signIn.status).toBe(302);
  }, 180_000);

  it("keeps its files to its user: the data directories 0700, the CLI's secret 0600 even where it was 0644", () => {
    expect(mode(path.join(workDir, "data"))).toBe("700");
    expect(mode(dataDir)).toBe("700");
    expect(mode(cliFile)).toBe("600");
    expect(mode(path.join(workDir, "data", "session-secret"))).toBe("600");
  });

  it("refuses a second npm start on the directory, and one on a port in use, with the message alone", async () => {
    const second = await runCommand("start", [], {
      ...scriptEnv,
      NODE_ENV: "production",
      PUBLIC_URL: "",
      PORT: String(await freePort()),
    });
    expect(second.code, second.output).toBe(1);
    expect(second.output).toContain(`is in use by process ${server!.pid} (node cli.js start)`);
    expect(second.output).not.toMatch(/^\s+at /m);

    const port = new URL(server!.url).port;
    const other = await freshDatabase("seeded");
    const taken = await runCommand("start", [], {
      ...scriptEnv,
      NODE_ENV: "production",
      PGLITE_DIR: other.target.kind === "pglite" ? other.target.dataDir : undefined,
      PUBLIC_URL: "",
      PORT: port,
    });
    expect(taken.code, taken.output).toBe(1);
    expect(taken.output).toContain(`Port ${port} is in use by another program: stop it, or set PORT to a free port.`);
    expect(taken.output).not.toContain("Listening on");
    expect(taken.output).not.toMatch(/^\s+at /m);
    await other.drop();
    // The running server's bridge file is still its own.
    expect(JSON.parse(readFileSync(cliFile, "utf8")).pid).toBe(server!.pid);
  }, 180_000);

  it("answers for any host without PUBLIC_URL, with links on the host asked for, never another host's from its cache", async () => {
    const { port } = new URL(server!.url);
    expect(server!.logs()).toContain(`No PUBLIC_URL set: answering for any host (e.g. http://localhost:${port})`);
    const origins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
    // Each origin twice, alternating: the second answers come from the page cache.
    for (const origin of [...origins, ...origins]) {
      const other = origins.find((o) => o !== origin)!;
      const response = await fetch(`${origin}/`);
      expect(response.status, origin).toBe(200);
      const html = await response.text();
      expect(html, origin).toContain(`<link rel="canonical" href="${origin}/"/>`);
      expect(html, origin).not.toContain(other);
    }
    expect((await fetch(`${origins[0]}/`)).headers.get("X-Page-Cache")).toBe("hit");

    // A visitor on the machine's address: the links lead on within it.
    const context = await newContext(browser!, { javaScript: true });
    const page = await context.newPage();
    await page.goto(`${origins[0]}/`);
    const city = page.locator('main a[href^="/usa/"]').first();
    const href = await city.getAttribute("href");
    await city.click();
    await page.waitForURL(`${origins[0]}${href}`);
    await expect.poll(() => page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${origins[0]}${href}`);
    await context.close();
  }, 60_000);

  it("backs up while writes run; restored into a new directory and started, it holds every row acknowledged before the backup began", async () => {
    const { cookie } = await adminHttp(server!).signedInCookie("backup@example.com");
    const acknowledged: Array<{ name: string; at: number }> = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const name = `backup-${n}`;
        const response = await fetch(`${server!.url}/api/tags`, {
          method: "POST",
          headers: { Origin: server!.url, Cookie: cookie, "Content-Type": "application/json" },
          body: JSON.stringify({ name }),
        });
        expect(response.status, await response.text()).toBe(201);
        acknowledged.push({ name, at: performance.now() });
      }
    })();
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
    const backupBegan = performance.now();
    const backupDir = path.join(workDir, "backups");
    const backup = await runCommand("db:backup", [backupDir], scriptEnv);
    const writtenDuring = acknowledged.filter((a) => a.at > backupBegan).length;
    writing = false;
    await writer;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain("through the running server");
    const file = backup.output.match(/to (\S+\.tar\.gz)/)![1]!;
    expect(path.basename(file)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    expect(mode(backupDir)).toBe("700");
    expect(mode(path.resolve(file))).toBe("600");
    // The writes went on while the backup was taken.
    expect(writtenDuring).toBeGreaterThan(0);

    // A restore over the running server's directory is refused, and changes nothing.
    const refused = await runCommand("db:restore", [file], scriptEnv);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain(`is in use by process ${server!.pid}`);
    expect(refused.output).toContain("Stop it first: a restore replaces the whole database, and nothing was changed.");

    const restoredDir = path.join(workDir, "restored", "pglite");
    const restore = await runCommand("db:restore", [file], { ...scriptEnv, PGLITE_DIR: restoredDir });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain("Restored");
    restoredServer = await startServer({}, { pgliteDir: restoredDir });
    const tags = (await (await fetch(`${restoredServer.url}/api/tags`)).json()) as Array<{ name: string }>;
    const names = new Set(tags.map((t) => t.name));
    const before = acknowledged.filter((a) => a.at < backupBegan);
    expect(before.length).toBeGreaterThanOrEqual(20);
    expect(before.filter((a) => !names.has(a.name))).toEqual([]);
    // Nothing the site never acknowledged (a name beyond the last write sent) is there.
    expect(names.has(`backup-${acknowledged.length + 1}`)).toBe(false);
  }, 240_000);

  it("restores over the current data only after moving it aside", async () => {
    await restoredServer?.stop();
    restoredServer = undefined;
    const restoredDir = path.join(workDir, "restored", "pglite");
    const file = path.join(workDir, "backups", readdirSync(path.join(workDir, "backups"))[0]!);
    const again = await runCommand("db:restore", [file], { ...scriptEnv, PGLITE_DIR: restoredDir });
    expect(again.code, again.output).toBe(0);
    const aside = again.output.match(/The data it replaced is in (\S+):/)![1]!;
    expect(path.basename(aside)).toMatch(/^pglite\.before-restore-/);
    expect(existsSync(path.join(aside, "PG_VERSION"))).toBe(true);
    expect(existsSync(path.join(restoredDir, "PG_VERSION"))).toBe(true);
  }, 120_000);
});
