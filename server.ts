// The HTTP server: security headers, compression, hashed assets with immutable caching, request logs,
// the React Router request handler, and a graceful shutdown.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import morgan from "morgan";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import { CLIENT_IP_HEADER } from "./app/auth/client-ip";
import { requestRefusal } from "./app/http/request-guard";
import { loggedUrl } from "./app/http/request-log";

const root = path.dirname(fileURLToPath(import.meta.url));

/** Express's `trust proxy` from TRUST_PROXY: none unless set, so no client can pick its own address or host. */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  const setting = value?.trim() || "false";
  if (setting === "true" || setting === "false") return setting === "true";
  return /^\d+$/.test(setting) ? Number(setting) : setting;
}

export async function createServer(buildDir = path.join(root, "build")) {
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  // Whose X-Forwarded-* headers to believe (client address for sign-in rate limits, protocol for the request
  // origin): by default nobody's; behind a proxy, TRUST_PROXY names it (addresses, subnets or a hop count).
  app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));
  // Refused before anything else runs: a method we do not serve, a Host that cannot form a URL, a NUL in the URL.
  app.use((req, res, next) => {
    const refusal = requestRefusal({
      method: req.method,
      url: req.originalUrl,
      host: req.get("host"),
      protocol: req.protocol,
      forwardedHost: req.app.enabled("trust proxy") ? req.get("x-forwarded-host") : undefined,
    });
    if (!refusal) return next();
    res
      .status(refusal.status)
      .set(refusal.headers ?? {})
      .type("text/plain")
      .send(refusal.message);
  });
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
  app.use((req, res, next) => {
    if (!req.path.startsWith("/embed/") && req.path !== "/embed") {
      res.setHeader("X-Frame-Options", "DENY");
      res.setHeader("Content-Security-Policy", "frame-ancestors 'none'");
    } else {
      res.setHeader("Content-Security-Policy", "frame-ancestors *");
    }
    next();
  });
  app.use(compression());
  app.use(
    "/assets",
    express.static(path.join(buildDir, "client", "assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  // The files at the root of the client build (favicon, images, …) all have an extension; pages never do, so
  // they skip the file-system lookup.
  const publicFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  if (process.env.NODE_ENV !== "test" && process.env.LOG_REQUESTS !== "0") {
    // morgan's 'tiny' format, with secrets in URLs (one-time login tokens, OAuth codes) left out.
    morgan.token("safe-url", (req) => loggedUrl((req as express.Request).originalUrl));
    app.use(
      morgan(":method :safe-url :status :res[content-length] - :response-time ms", {
        // Load balancers ask every few seconds; their checks would drown the log.
        skip: (req) => req.path === "/healthz",
      }),
    );
  }
  // The app sees the client address Express resolved, never a value the client sent under this name.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
  app.all("/{*splat}", createRequestHandler({ build, mode: process.env.NODE_ENV }));
  return app;
}

export async function listen(port: number, options: { buildDir?: string; onListening?: (port: number) => void } = {}) {
  const app = await createServer(options.buildDir);
  const server = app.listen(port, () => {
    const address = server.address();
    const actual = typeof address === "object" && address ? address.port : port;
    options.onListening?.(actual);
    console.log(`Listening on http://localhost:${actual}`);
  });
  const shutdown = (signal: string) => {
    console.log(`${signal} received, closing`);
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return server;
}
