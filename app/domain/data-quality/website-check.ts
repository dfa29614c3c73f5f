// Website validation (admin §2 'Website Validation', §4 websiteStatus): what a check of an activity's website
// found, as `accessible` or `failed` with the reason kept. The request itself is services/website-check.server.ts.
//
// Decisions:
// - HEAD first (no body), then GET where HEAD is refused: 405 or 501, or a connection that fails on HEAD (some
//   servers reset or drop it). Any other answer to HEAD is the answer.
// - 2xx is accessible. So are 401, 403 and 429: bot walls (Cloudflare, Akamai) answer automated clients so while
//   browsers see the page, and calling those broken would fill the review list with working sites; the reason keeps
//   the code so the administrator can tell.
// - Everything else fails: another status code, a timeout, a refused (private) address, a name that does not
//   resolve, a refused or reset connection, a TLS error, more than 5 redirects, a URL that is not http(s).
import type { WebsiteStatus } from "./validation";

/** How one request ended (the I/O part translates its HTTP helper's errors into this). */
export type WebsiteAttempt =
  | { ok: true; status: number }
  | {
      ok: false;
      failure:
        "invalid_url" | "refused_address" | "timeout" | "too_large" | "too_many_redirects" | "status" | "network";
      /** The status code, for `status`. */
      status?: number;
      /** The system error code of a network failure (ENOTFOUND, ECONNREFUSED, CERT_HAS_EXPIRED…). */
      code?: string;
      host?: string;
      /** The helper's own words, for what the codes do not say. */
      message?: string;
    };

export interface WebsiteVerdict {
  websiteStatus: WebsiteStatus;
  websiteReason: string | null;
}

export const WEBSITE_TIMEOUT_MS = 10_000;
export const WEBSITE_MAX_REDIRECTS = 5;
const REASON_LIMIT = 500;
const REACHABLE_REFUSALS = new Set([401, 403, 429]);

/** Whether HEAD was refused in a way that a GET may not be. */
export function shouldRetryWithGet(head: WebsiteAttempt): boolean {
  if (head.ok) return false;
  if (head.failure === "network") return true;
  return head.failure === "status" && (head.status === 405 || head.status === 501);
}

export function websiteVerdict(attempt: WebsiteAttempt, timeoutMs = WEBSITE_TIMEOUT_MS): WebsiteVerdict {
  if (attempt.ok) return { websiteStatus: "accessible", websiteReason: null };
  if (attempt.failure === "status" && attempt.status !== undefined && REACHABLE_REFUSALS.has(attempt.status)) {
    return {
      websiteStatus: "accessible",
      websiteReason: `HTTP ${attempt.status}: the site answers but refuses automated checks`,
    };
  }
  return { websiteStatus: "failed", websiteReason: failureReason(attempt, timeoutMs).slice(0, REASON_LIMIT) };
}

function failureReason(attempt: Extract<WebsiteAttempt, { ok: false }>, timeoutMs: number): string {
  switch (attempt.failure) {
    case "status":
      return `HTTP ${attempt.status ?? "error"}`;
    case "timeout":
      return `Timed out: no answer within ${Math.round(timeoutMs / 100) / 10} s`;
    case "refused_address":
      return `Refused: ${attempt.message ?? "not a public address"}`;
    case "invalid_url":
      return "Not an http or https URL";
    case "too_many_redirects":
      return `More than ${WEBSITE_MAX_REDIRECTS} redirects`;
    case "too_large":
      return "The answer is too large";
    case "network":
      return networkReason(attempt);
  }
}

function networkReason({ code, host, message }: { code?: string; host?: string; message?: string }): string {
  const where = host ? ` (${host})` : "";
  switch (code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NONAME":
    case "ENODATA":
      return `DNS: the name does not resolve${where}`;
    case "ECONNREFUSED":
      return `Connection refused${where}`;
    case "ECONNRESET":
    case "EPIPE":
      return `Connection reset${where}`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `Host unreachable${where}`;
  }
  if (code && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code)) return `TLS: ${code}${where}`;
  return `Network error${where}${message ? `: ${message}` : ""}`;
}
