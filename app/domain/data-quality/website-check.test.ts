import { describe, expect, it } from "vitest";
import { shouldRetryWithGet, websiteVerdict, type WebsiteAttempt } from "./website-check";

describe("shouldRetryWithGet", () => {
  it.each<[WebsiteAttempt, boolean]>([
    [{ ok: false, failure: "status", status: 405 }, true],
    [{ ok: false, failure: "status", status: 501 }, true],
    [{ ok: false, failure: "network", code: "ECONNRESET" }, true],
    [{ ok: false, failure: "status", status: 404 }, false],
    [{ ok: false, failure: "status", status: 500 }, false],
    [{ ok: false, failure: "timeout" }, false],
    [{ ok: false, failure: "refused_address" }, false],
    [{ ok: false, failure: "too_many_redirects" }, false],
    [{ ok: true, status: 200 }, false],
  ])("%j → %s", (attempt, retry) => {
    expect(shouldRetryWithGet(attempt)).toBe(retry);
  });
});

describe("websiteVerdict", () => {
  it.each<[WebsiteAttempt, string, string | null]>([
    [{ ok: true, status: 200 }, "accessible", null],
    [{ ok: true, status: 204 }, "accessible", null],
    [
      { ok: false, failure: "status", status: 403 },
      "accessible",
      "HTTP 403: the site answers but refuses automated checks",
    ],
    [
      { ok: false, failure: "status", status: 429 },
      "accessible",
      "HTTP 429: the site answers but refuses automated checks",
    ],
    [{ ok: false, failure: "status", status: 404 }, "failed", "HTTP 404"],
    [{ ok: false, failure: "status", status: 503 }, "failed", "HTTP 503"],
    [{ ok: false, failure: "timeout" }, "failed", "Timed out: no answer within 10 s"],
    [
      { ok: false, failure: "refused_address", message: "example.test is a private address (10.0.0.1)" },
      "failed",
      "Refused: example.test is a private address (10.0.0.1)",
    ],
    [{ ok: false, failure: "invalid_url" }, "failed", "Not an http or https URL"],
    [{ ok: false, failure: "too_many_redirects" }, "failed", "More than 5 redirects"],
    [
      { ok: false, failure: "network", code: "ENOTFOUND", host: "gone.test" },
      "failed",
      "DNS: the name does not resolve (gone.test)",
    ],
    [{ ok: false, failure: "network", code: "ECONNREFUSED", host: "a.test" }, "failed", "Connection refused (a.test)"],
    [{ ok: false, failure: "network", code: "ECONNRESET" }, "failed", "Connection reset"],
    [
      { ok: false, failure: "network", code: "CERT_HAS_EXPIRED", host: "a.test" },
      "failed",
      "TLS: CERT_HAS_EXPIRED (a.test)",
    ],
    [{ ok: false, failure: "network", message: "socket hang up" }, "failed", "Network error: socket hang up"],
  ])("%j → %s (%s)", (attempt, status, reason) => {
    expect(websiteVerdict(attempt)).toEqual({ websiteStatus: status, websiteReason: reason });
  });

  it("names the deadline it was given and keeps a reason short", () => {
    expect(websiteVerdict({ ok: false, failure: "timeout" }, 2500).websiteReason).toBe(
      "Timed out: no answer within 2.5 s",
    );
    const long = websiteVerdict({ ok: false, failure: "network", message: "x".repeat(2000) });
    expect(long.websiteReason).toHaveLength(500);
  });
});
