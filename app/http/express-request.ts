// Express's request as the page cache reads it before React Router does (server/app.ts answers page-cache hits first):
// the URL React Router's adapter would give it, and its headers behind a Fetch Headers' get and has.
import type { Request } from "express";

/** What of Express's request the URL is made of. */
export type RouterUrlRequest = Pick<Request, "protocol" | "hostname" | "originalUrl" | "headers"> & {
  app: { enabled(setting: string): boolean };
};

function header(req: Pick<Request, "headers">, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * The URL React Router's Express adapter gives a request (@react-router/express createRemixRequest: the host name,
 * the port from X-Forwarded-Host when a proxy is trusted or else from Host, the original URL), so that a lookup
 * before the adapter uses the key the page was kept under. A URL that came out different would only miss.
 */
export function routerUrl(req: RouterUrlRequest): string {
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (header(req, "X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = header(req, "host")?.split(":") ?? [];
  const port = [Number.parseInt(forwardedPort ?? "", 10), Number.parseInt(hostPort ?? "", 10)].find(
    Number.isSafeInteger,
  );
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`).href;
}

/** Express's request headers as a Fetch Headers' get and has (repeated ones joined, as Headers does). */
export function headerReader(req: Pick<Request, "headers">): Pick<Headers, "get" | "has"> {
  const get = (name: string): string | null => header(req, name) ?? null;
  return { get, has: (name) => get(name) !== null };
}
