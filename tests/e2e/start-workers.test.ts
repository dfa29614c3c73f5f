// `npm start` with WEB_CONCURRENCY > 1 (PostgreSQL only: PGlite is one process): a worker that dies is replaced,
// so capacity does not halve silently, and the site keeps answering meanwhile.
import { execFileSync } from "node:child_process";
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

describe.skipIf(!onPostgres)("npm start with two workers", () => {
  const site = setUpSite({ env: { WEB_CONCURRENCY: "2" }, browser: false });

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
