// `npm start` with WEB_CONCURRENCY > 1 (PostgreSQL only: PGlite is one process): a worker that dies is replaced,
// so capacity does not halve silently, and the site keeps answering meanwhile; each worker renders a page once and
// answers it from memory after, the same bytes as the other's.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { setUpSite } from "../helpers/e2e";

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");

function workerPids(parent: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(parent)], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * A GET on a connection of its own (the primary hands connections to the workers in turn): its page-cache mark,
 * its ETag and the hash of its body.
 */
function pageCacheMark(url: string): Promise<{ mark?: string; etag?: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { Connection: "close" } }, (res) => {
        const hash = createHash("sha256");
        res.on("data", (chunk: Buffer) => hash.update(chunk));
        res.on("end", () =>
          resolve({
            mark: res.headers["x-page-cache"] as string | undefined,
            etag: res.headers.etag,
            body: hash.digest("hex"),
          }),
        );
      })
      .on("error", reject);
  });
}

describe.skipIf(!onPostgres)("npm start with two workers", () => {
  const site = setUpSite({ env: { WEB_CONCURRENCY: "2" }, browser: false });

  it("renders a page once in each worker, which then answers it from memory: the same bytes in both", async () => {
    await expect.poll(() => site.server.logs().match(/Listening on/g)?.length ?? 0, { timeout: 60_000 }).toBe(2);
    const url = `${site.url}/usa/tn/nashville/things-to-do?sort=name-asc&page=2`;
    // Each request goes to one worker or the other, in turn: each renders the page for its first, then keeps it.
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await pageCacheMark(url));
    expect(answers.map((a) => a.mark)).toEqual(["miss", "miss", ...Array(6).fill("hit")]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    expect(answers[0]!.etag).toMatch(/^"[\w-]+"$/);
  }, 120_000);

  it("replaces a worker that was killed, and serves pages throughout", async () => {
    await expect.poll(() => site.server.logs().match(/Listening on/g)?.length ?? 0, { timeout: 60_000 }).toBe(2);
    const before = workerPids(site.server.pid);
    expect(before).toHaveLength(2);
    process.kill(before[0]!, "SIGKILL");
    // The other worker answers while the replacement starts (a connection handed to the dying worker at that very
    // moment may be lost, as behind any load balancer, so each try has its own deadline).
    await expect
      .poll(
        () =>
          fetch(site.url + "/cities", { signal: AbortSignal.timeout(5000) }).then(
            (r) => r.status,
            () => 0,
          ),
        {
          timeout: 60_000,
        },
      )
      .toBe(200);
    await expect.poll(() => site.server.logs()).toMatch(/exited \(SIGKILL\); starting another in 1 s/);
    await expect.poll(() => site.server.logs().match(/Listening on/g)?.length ?? 0, { timeout: 60_000 }).toBe(3);
    const after = workerPids(site.server.pid);
    expect(after).toHaveLength(2);
    expect(after).not.toContain(before[0]);
    expect((await fetch(site.url + "/cities", { signal: AbortSignal.timeout(10_000) })).status).toBe(200);
  }, 180_000);
});
