// Website validation's request (the verdict is domain/data-quality/website-check.ts): HEAD, then GET where HEAD is refused,
// through the one safe HTTP helper — http(s) only, every address of the host and of each redirect (at most 5)
// checked so private, loopback, link-local and metadata addresses are refused, a deadline per attempt, and no
// body read (the headers answer the question).
//
// VALIDATION_ALLOW_PRIVATE_ORIGINS (tests only; env.server.ts refuses it in production) names origins of local
// fake sites that may be reached although private. It trusts exactly those origins: a redirect from one of them to
// another private address (169.254.169.254, 10.0.0.1, localhost under another name) is still refused.
import { env } from "~/env.server";
import {
  shouldRetryWithGet,
  websiteVerdict,
  WEBSITE_MAX_REDIRECTS,
  WEBSITE_TIMEOUT_MS,
  type WebsiteAttempt,
  type WebsiteVerdict,
} from "~/domain/data-quality/website-check";
import { httpRequest, HttpRequestError, type Resolver } from "./http.server";

export interface LinkCheckOptions {
  /** Per attempt (HEAD, then GET). */
  timeoutMs?: number;
  /** Defaults to VALIDATION_ALLOW_PRIVATE_ORIGINS. */
  allowPrivateOrigins?: readonly string[];
  resolve?: Resolver;
}

// Some sites answer clients that do not look like a browser differently; this one says what it is.
const HEADERS = {
  "user-agent": "Mozilla/5.0 (compatible; ThingsToDoLinkCheck/1.0)",
  accept: "text/html,application/xhtml+xml,*/*;q=0.8",
};

/** Whether `url` is on an origin the test setting lets through although private. */
export function isAllowedPrivateOrigin(url: string, origins: readonly string[]): boolean {
  if (origins.length === 0) return false;
  try {
    return origins.includes(new URL(url).origin);
  } catch {
    return false;
  }
}

/** What one request came to, in the terms of domain/data-quality/website-check.ts. */
export function attemptOf(error: unknown): WebsiteAttempt {
  if (!(error instanceof HttpRequestError)) throw error;
  const cause = error.cause as { code?: unknown } | undefined;
  let host: string | undefined;
  try {
    host = new URL(error.url).hostname;
  } catch {
    host = undefined;
  }
  return {
    ok: false,
    failure: error.reason,
    status: error.status,
    code: typeof cause?.code === "string" ? cause.code : undefined,
    host,
    message: error.message,
  };
}

async function attempt(url: string, method: "HEAD" | "GET", options: LinkCheckOptions): Promise<WebsiteAttempt> {
  const origins = options.allowPrivateOrigins ?? env().VALIDATION_ALLOW_PRIVATE_ORIGINS;
  try {
    const response = await httpRequest(url, {
      service: "website",
      method,
      headers: HEADERS,
      headersOnly: true,
      maxRedirects: WEBSITE_MAX_REDIRECTS,
      timeoutMs: options.timeoutMs ?? WEBSITE_TIMEOUT_MS,
      allowPrivate: isAllowedPrivateOrigin(url, origins),
      resolve: options.resolve,
    });
    return { ok: true, status: response.status };
  } catch (error) {
    return attemptOf(error);
  }
}

export async function checkWebsite(url: string, options: LinkCheckOptions = {}): Promise<WebsiteVerdict> {
  const head = await attempt(url.trim(), "HEAD", options);
  const final = shouldRetryWithGet(head) ? await attempt(url.trim(), "GET", options) : head;
  return websiteVerdict(final, options.timeoutMs ?? WEBSITE_TIMEOUT_MS);
}
