// The HTTP server: security headers, compression, hashed assets with immutable caching, request logs,
// the React Router request handler, and a graceful shutdown. It is part of the server build (server/index.ts), so it
// shares the app's modules with the routes: one database connection, one page cache, one metrics registry.
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { createRequestHandler } from "@react-router/express";
import * as build from "virtual:react-router/server-build";
import { isPrivateRequest } from "../app/auth/admin-api";
import { CLIENT_IP_HEADER } from "../app/auth/client-ip";
import { canonicalRedirectBeforeRouting } from "../app/http/canonical-url";
import { isEmbedPath, sitePolicy } from "../app/http/csp";
import { headerReader, routerUrl } from "../app/http/express-request";
import { keptAnswerBeforeRouting, isKeptPage } from "../app/http/page-cache.server";
import { publicManifest } from "../app/http/public-manifest.server";
import { requestRefusal } from "../app/http/request-guard";
import { loggedUrl } from "../app/http/request-log";
import { routeLabeler } from "../app/http/route-label";
import { env } from "../app/env.server";
import { startJobs, stopJobs } from "../app/jobs/queue.server";
import { inRequestScope, log } from "../app/logger.server";
import { METRICS_CONTENT_TYPE, metricsText, observeRequest } from "../app/metrics.server";

/** Express's compiled `trust proxy` setting: whether the peer at `address`, `hop` hops away, is trusted. */
type TrustFunction = (address: string | undefined, hop: number) => boolean;

/** Whether an Authorization header carries the bearer `token` (compared in constant time). */
function hasBearer(header: string | undefined, token: string): boolean {
  const digest = (v: string) => createHash("sha256").update(v).digest();
  return timingSafeEqual(digest(header ?? ""), digest(`Bearer ${token}`));
}

/** The built browser assets: build/client, beside this module's build/server (the launcher runs it from the root). */
const CLIENT_DIR = path.resolve("build", "client");

export function createServer() {
  const settings = env();
  const app = express();
  app.disable("x-powered-by");
  // Whose X-Forwarded-* headers to believe (client address for sign-in rate limits, protocol for the request
  // origin): by default nobody's; behind a proxy, TRUST_PROXY names it (addresses, subnets or a hop count).
  app.set("trust proxy", settings.TRUST_PROXY);
  const routeOf = routeLabeler(build.routes);
  // Every request gets an id, sent back as X-Request-Id and carried by every log line written while it is served (a
  // well-formed id from the client or a proxy in front is kept, so one request can be followed across them). One JSON
  // line per request when it is answered; load balancers' and Prometheus' polls would drown the log.
  const logRequests = settings.NODE_ENV !== "test" && settings.LOG_REQUESTS;
  app.use((req, res, next) => {
    const given = req.get("x-request-id");
    const requestId = given && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (req.path === "/metrics") return;
      const route = req.path.startsWith("/assets/") ? "assets" : routeOf(req.path);
      const status = `${Math.floor(res.statusCode / 100)}xx`;
      observeRequest({ method: req.method, route, status }, seconds);
      if (!logRequests || req.path === "/healthz") return;
      const url = loggedUrl(req.originalUrl);
      const durationMs = Math.round(seconds * 10_000) / 10;
      const cache = res.getHeader("X-Page-Cache");
      inRequestScope(requestId, () =>
        log().info(
          { method: req.method, url, route, status: res.statusCode, durationMs, ...(cache ? { cache } : {}) },
          `${req.method} ${url} ${res.statusCode} - ${durationMs} ms`,
        ),
      );
    });
    inRequestScope(requestId, next);
  });
  // Refused before anything else runs: a method we do not serve, a Host that cannot form a URL or is not
  // PUBLIC_URL's, a NUL in the URL.
  app.use((req, res, next) => {
    // Express takes the host from X-Forwarded-Host only when this peer is a trusted proxy, but React Router's
    // adapter takes the port from it whenever any proxy is trusted: one from an untrusted peer is dropped, so no
    // part of it reaches the app.
    const fromTrustedProxy = (req.app.get("trust proxy fn") as TrustFunction)(req.socket.remoteAddress, 0);
    if (!fromTrustedProxy) delete req.headers["x-forwarded-host"];
    const refusal = requestRefusal({
      method: req.method,
      url: req.originalUrl,
      host: req.get("host"),
      protocol: req.protocol,
      forwardedHost: req.get("x-forwarded-host"),
      publicUrl: settings.PUBLIC_URL,
    });
    if (!refusal) return next();
    res
      .status(refusal.status)
      .set(refusal.headers ?? {})
      .type("text/plain")
      .send(refusal.message);
  });
  // Prometheus' scrape (README 'Running in production'): only with the operator's token; without one, no such page.
  const metricsToken = settings.METRICS_TOKEN;
  if (metricsToken) {
    app.get("/metrics", (req, res, next) => {
      if (!hasBearer(req.get("authorization"), metricsToken)) {
        res.status(401).set({ "WWW-Authenticate": "Bearer", "Cache-Control": "no-store" }).type("text/plain");
        res.send("401 Unauthorized: /metrics needs 'Authorization: Bearer {METRICS_TOKEN}'");
        return;
      }
      metricsText().then(
        (text) => {
          res.set({ "Cache-Control": "no-store", "Content-Type": METRICS_CONTENT_TYPE });
          res.send(text);
        },
        (error: unknown) => next(error),
      );
    });
  }
  app.use(
    helmet({
      // Inline module scripts from React Router and admin-injected scripts need a CSP tailored per page; framing
      // is controlled below instead of through frameguard so /embed/* can be framed by partner sites.
      contentSecurityPolicy: false,
      frameguard: false,
      crossOriginEmbedderPolicy: false,
      // helmet's no-referrer makes browsers send "Origin: null" on same-origin form posts, which the
      // origin check (rightly) refuses; this policy keeps the origin and hides paths from other sites.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  // A document carries the policy of its own scripts (app/entry.server.tsx, app/http/csp.ts); any other answer gets
  // the same policy with no script hashes. Set as the head is written, so a document never gets two (React Router's
  // adapter appends its headers); a 304 repeats its 200's policy or none. Only the embed card may be framed.
  const defaultPolicies = new Map<boolean, string>(
    [true, false].map((embed) => [embed, sitePolicy(embed ? "/embed" : "/", [], settings)]),
  );
  app.use((req, res, next) => {
    const embed = isEmbedPath(req.path);
    if (!embed) res.setHeader("X-Frame-Options", "DENY");
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => express.Response;
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      if (status !== 304 && !res.hasHeader("Content-Security-Policy")) {
        res.setHeader("Content-Security-Policy", defaultPolicies.get(embed)!);
      }
      return writeHead(status, ...rest);
    }) as typeof res.writeHead;
    next();
  });
  app.use(compression());
  // The public pages' route manifest (app/http/public-manifest.server.ts) is made from the build's as the server
  // starts: the same bytes, under the same name, on every instance of a build.
  const { url: publicManifestUrl, text: publicManifestText } = publicManifest(build.assets);
  app.get(publicManifestUrl, (_req, res) => {
    res.set("Cache-Control", "public, max-age=31536000, immutable").type("text/javascript").send(publicManifestText);
  });
  // The build's scripts and styles, compressed when built (brotli and gzip beside each file, vite.config.ts): a first
  // visit costs reading the files, not compressing them again (docs/decisions/050-assets-compressed-when-built.md).
  app.use(
    "/assets",
    expressStaticGzip(path.join(CLIENT_DIR, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", index: false },
    }),
  );
  // The files at the root of the client build are listed once: a path that names none (a page, /sitemap.xml,
  // /robots.txt) costs no file-system lookup, which under load waits in libuv's thread pool.
  const clientDir = CLIENT_DIR;
  const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
  const publicPaths = new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map(
        (entry) => "/" + path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
      ),
  );
  app.use((req, res, next) => (publicPaths.has(req.path) ? publicFiles(req, res, next) : next()));
  // The app sees the client address Express resolved, never a value the client sent under this name.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
  // An answer given before the body was read (401 to a stranger, 413, 415) would leave the rest of the upload unread,
  // and closing a socket with unread data resets it: the client sees ECONNRESET instead of the answer. So what is
  // left is read and thrown away once the answer is out, never kept.
  app.use((req, res, next) => {
    res.once("finish", () => {
      if (req.complete || req.destroyed) return;
      req.removeAllListeners("data");
      req.resume();
    });
    next();
  });
  // A public GET whose query string is not its page's canonical one is redirected here, as its route's middleware
  // or loader would (app/http/canonical-url.ts): junk URLs are endless, and React Router's way costs twice the CPU
  // (a loader's, ten times).
  const canonicalRedirect = canonicalRedirectBeforeRouting(build.routes, routeOf, isKeptPage);
  app.get("/{*splat}", async (req, res, next) => {
    if (!req.originalUrl.includes("?")) return next();
    try {
      const url = routerUrl(req);
      const redirect = await canonicalRedirect(req.method, url, req.path, headerReader(req));
      // What the root's middleware adds to a private answer (an administrator's) is left to it.
      if (!redirect || isPrivateRequest(new Request(url, { method: req.method }))) return next();
      res.status(redirect.status);
      for (const [name, value] of redirect.headers) res.append(name, value);
      res.end();
    } catch {
      // The database is out of reach, say (the page cache's data version): React Router answers as it would.
      next();
    }
  });
  // A page the page cache holds (app/http/page-cache.server.ts) is answered here, before React Router turns the
  // request into a Fetch Request and matches its routes: most public GETs, at a third less CPU each.
  app.get("/{*splat}", async (req, res, next) => {
    try {
      const kept = await keptAnswerBeforeRouting({
        method: req.method,
        url: routerUrl(req),
        headers: headerReader(req),
      });
      if (!kept) return next();
      res.status(kept.status);
      for (const [name, value] of kept.headers) res.append(name, value);
      res.end(kept.body);
    } catch {
      // The database is out of reach, say: React Router meets it again and answers with its error page.
      next();
    }
  });
  app.all("/{*splat}", createRequestHandler({ build, mode: settings.NODE_ENV }));
  return app;
}

export function listen(port: number, options: { onListening?: (port: number) => void } = {}) {
  const app = createServer();
  // Every server process runs the background jobs' workers (docs/operations.md), resuming any left queued.
  // Not awaited: the site serves pages while the database is still out of reach; the queue tries again until it is.
  const startQueue = (): void =>
    void startJobs().catch((error: unknown) => {
      log().error({ err: error }, "The job queue did not start; trying again in 30 s");
      setTimeout(startQueue, 30_000).unref();
    });
  startQueue();
  const server = app.listen(port, (error?: Error) => {
    // Express 5 calls back on a failed listen too (the port in use): the server's 'error' event reports it
    // (server/start.ts), and nothing here may say it listens or write the admin CLI's bridge file.
    if (error) return;
    const address = server.address();
    const actual = typeof address === "object" && address ? address.port : port;
    options.onListening?.(actual);
    console.log(`Listening on http://localhost:${actual}`);
  });
  const shutdown = (signal: string) => {
    console.log(`${signal} received, closing`);
    // At once: no new connections, while the requests being answered finish (stopping the job workers can take
    // seconds). Workers stop taking jobs; a job cut short is resumed by another process or after the restart.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const jobsStopped = Promise.resolve(stopJobs()).catch(() => {});
    void Promise.all([closed, jobsStopped]).finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return server;
}
