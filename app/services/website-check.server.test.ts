// Website validation against local fake sites (tests/fakes/websites.ts), reached only through the test setting.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeWebsites, type FakeWebsites } from "../../tests/fakes/websites";
import { checkWebsite, isAllowedPrivateOrigin } from "./website-check.server";

let sites: FakeWebsites;
let allowed: { allowPrivateOrigins: string[]; timeoutMs: number };
beforeAll(async () => {
  sites = await startFakeWebsites();
  allowed = { allowPrivateOrigins: [sites.origin], timeoutMs: 5000 };
});
afterAll(async () => sites?.close());

function seen(path: string) {
  return sites.requests.filter((r) => r.endsWith(` ${path}`)).map((r) => r.split(" ")[0]);
}

describe("checkWebsite", () => {
  it("finds a reachable site accessible with HEAD alone", async () => {
    expect(await checkWebsite(`${sites.origin}/ok`, allowed)).toEqual({
      websiteStatus: "accessible",
      websiteReason: null,
    });
    expect(seen("/ok")).toEqual(["HEAD"]);
  });

  it("keeps the status code of a site that answers 404 or 500", async () => {
    expect(await checkWebsite(`${sites.origin}/missing`, allowed)).toEqual({
      websiteStatus: "failed",
      websiteReason: "HTTP 404",
    });
    expect(await checkWebsite(`${sites.origin}/broken`, allowed)).toEqual({
      websiteStatus: "failed",
      websiteReason: "HTTP 500",
    });
  });

  it("counts a 403 bot wall as reachable, saying so", async () => {
    expect(await checkWebsite(`${sites.origin}/forbidden`, allowed)).toEqual({
      websiteStatus: "accessible",
      websiteReason: "HTTP 403: the site answers but refuses automated checks",
    });
  });

  it("asks with GET where HEAD is refused (405, 501, a dropped connection)", async () => {
    for (const path of ["/no-head", "/head-not-implemented", "/head-drops"]) {
      expect((await checkWebsite(`${sites.origin}${path}`, allowed)).websiteStatus, path).toBe("accessible");
      expect(seen(path), path).toEqual(["HEAD", "GET"]);
    }
  });

  it("does not read a page's body", async () => {
    // The body never ends: a check that read it would time out instead.
    expect(await checkWebsite(`${sites.origin}/huge`, allowed)).toEqual({
      websiteStatus: "accessible",
      websiteReason: null,
    });
    expect(seen("/huge")).toEqual(["HEAD", "GET"]);
    await expect.poll(() => sites.abandoned).toContain(`GET 127.0.0.1 /huge`);
  });

  it("follows a redirect chain of up to 5 and fails past it or on a loop", async () => {
    expect((await checkWebsite(`${sites.origin}/hop/5`, allowed)).websiteStatus).toBe("accessible");
    expect(await checkWebsite(`${sites.origin}/hop/6`, allowed)).toEqual({
      websiteStatus: "failed",
      websiteReason: "More than 5 redirects",
    });
    expect(await checkWebsite(`${sites.origin}/loop`, allowed)).toEqual({
      websiteStatus: "failed",
      websiteReason: "More than 5 redirects",
    });
  });

  it("refuses a redirect to a private address even from the allowed test origin", async () => {
    for (const [path, address] of [
      ["/to-metadata", /\(169\.254\.169\.254\)$/],
      ["/to-private", /\(10\.0\.0\.1\)$/],
      ["/to-localhost", /\((127\.0\.0\.1|::1)\)$/],
    ] as const) {
      const verdict = await checkWebsite(`${sites.origin}${path}`, allowed);
      expect(verdict.websiteStatus, path).toBe("failed");
      expect(verdict.websiteReason, path).toMatch(/^Refused: .* is a private address/);
      expect(verdict.websiteReason, path).toMatch(address);
    }
    expect(sites.requests.filter((r) => r.includes(" localhost "))).toEqual([]);
  });

  it("times out on a site that never answers, without asking again with GET", async () => {
    expect(await checkWebsite(`${sites.origin}/slow`, { ...allowed, timeoutMs: 300 })).toEqual({
      websiteStatus: "failed",
      websiteReason: "Timed out: no answer within 0.3 s",
    });
    expect(seen("/slow")).toEqual(["HEAD"]);
    // The request was abandoned at the deadline, not left open.
    await expect.poll(() => sites.abandoned).toContain(`HEAD 127.0.0.1 /slow`);
  });

  it("refuses the fake site itself without the test setting, and anything but http(s)", async () => {
    const before = sites.requests.length;
    const verdict = await checkWebsite(`${sites.origin}/ok`, { allowPrivateOrigins: [] });
    expect(verdict).toEqual({ websiteStatus: "failed", websiteReason: expect.stringMatching(/^Refused: /) });
    expect(await checkWebsite("ftp://example.com/", allowed)).toEqual({
      websiteStatus: "failed",
      websiteReason: "Not an http or https URL",
    });
    expect(await checkWebsite("not a url", allowed)).toMatchObject({ websiteStatus: "failed" });
    expect(sites.requests.length).toBe(before);
  });

  it("says when a name does not resolve or a connection is refused", async () => {
    const nowhere = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND no-such-site.test"), { code: "ENOTFOUND" });
    };
    expect(await checkWebsite("https://no-such-site.test/", { resolve: nowhere })).toEqual({
      websiteStatus: "failed",
      websiteReason: "DNS: the name does not resolve (no-such-site.test)",
    });
    const closed = await startFakeWebsites();
    await closed.close();
    expect(await checkWebsite(`${closed.origin}/ok`, { allowPrivateOrigins: [closed.origin] })).toEqual({
      websiteStatus: "failed",
      websiteReason: "Connection refused (127.0.0.1)",
    });
  });
});

describe("isAllowedPrivateOrigin", () => {
  it("allows exactly the listed origins", () => {
    const origins = ["http://127.0.0.1:4100"];
    expect(isAllowedPrivateOrigin("http://127.0.0.1:4100/ok", origins)).toBe(true);
    expect(isAllowedPrivateOrigin("http://127.0.0.1:4101/ok", origins)).toBe(false);
    expect(isAllowedPrivateOrigin("https://127.0.0.1:4100/ok", origins)).toBe(false);
    expect(isAllowedPrivateOrigin("http://localhost:4100/ok", origins)).toBe(false);
    expect(isAllowedPrivateOrigin("http://127.0.0.1:4100/ok", [])).toBe(false);
    expect(isAllowedPrivateOrigin("::", origins)).toBe(false);
  });
});
