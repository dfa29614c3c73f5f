// What the server refuses before any route sees a request: methods it does not serve, a Host (or a trusted
// proxy's X-Forwarded-Host / -Proto) that cannot form a URL, and a URL that cannot be decoded or carries a NUL.
// Each answers a 4xx with a plain message instead of failing deep inside a loader or the database (PostgreSQL
// refuses NUL bytes in text: 'invalid byte sequence for encoding UTF8: 0x00').

export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export interface RequestFacts {
  method: string;
  /** The request target as sent (path and query). */
  url: string;
  /** The Host header. */
  host: string | undefined;
  /** The protocol Express resolved (a trusted proxy's X-Forwarded-Proto, else the socket's). */
  protocol: string;
  /** A trusted proxy's X-Forwarded-Host, when proxies are trusted. */
  forwardedHost: string | undefined;
}

export interface Refusal {
  status: 400 | 405;
  message: string;
  headers?: Record<string, string>;
}

// A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port.
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

export function isValidHost(host: string): boolean {
  if (host.length > 255) return false;
  const match = HOST.exec(host);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/** The decoded text of a request target, or null when its percent-encoding is broken or not UTF-8. */
function decodedTarget(url: string): string | null {
  try {
    // '+' is a space in a query; it cannot hide a NUL, so plain percent-decoding is enough to look for one.
    return decodeURIComponent(url);
  } catch {
    return null;
  }
}

export function requestRefusal(facts: RequestFacts): Refusal | null {
  const method = facts.method.toUpperCase();
  if (!(SERVED_METHODS as readonly string[]).includes(method)) {
    return {
      status: 405,
      message: `Method ${method} is not allowed`,
      headers: { Allow: SERVED_METHODS.join(", ") },
    };
  }
  if (!facts.host || !isValidHost(facts.host)) return { status: 400, message: "Bad Request: invalid Host header" };
  if (facts.forwardedHost !== undefined && !isValidHost(facts.forwardedHost.split(",")[0]!.trim())) {
    return { status: 400, message: "Bad Request: invalid X-Forwarded-Host header" };
  }
  if (facts.protocol !== "http" && facts.protocol !== "https") {
    return { status: 400, message: "Bad Request: invalid X-Forwarded-Proto header" };
  }
  if (facts.url.length > 8192) return { status: 400, message: "Bad Request: the address is too long" };
  const decoded = decodedTarget(facts.url);
  if (decoded === null) return { status: 400, message: "Bad Request: the address is not valid UTF-8 percent-encoding" };
  if (decoded.includes("\u0000")) return { status: 400, message: "Bad Request: the address contains a NUL character" };
  return null;
}
