// The environment, checked once with zod so a bad value fails loudly at start-up. This is the one place the app
// reads process.env: every variable has a format and a length limit here, and production's requirements
// (SESSION_SECRET, PUBLIC_URL) are enforced here.
import { randomBytes } from "node:crypto";
import ipaddr from "ipaddr.js";
import { z } from "zod";

/** Unset or empty → undefined; else trimmed and at most `max` characters. */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

const httpUrl = z
  .string()
  .trim()
  .max(2048, "must be at most 2048 characters")
  .url()
  .refine((v) => /^https?:\/\//i.test(v), "must be an http or https URL");
const optionalHttpUrl = httpUrl.optional().or(z.literal("").transform(() => undefined));

/** A whole number in [min, max]; unset or empty → `fallback`. */
const integer = (min: number, max: number, fallback: number) =>
  z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(min).max(max).default(fallback));

const path = (fallback: string) =>
  z.string().trim().min(1).max(1024, "must be at most 1024 characters").default(fallback);

// Express's `trust proxy`: true/false, a hop count, or a comma-separated list of addresses, subnets and the names
// proxy-addr knows. Checked here because Express only fails on a bad entry when the setting is applied.
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const trustProxy = z
  .string()
  .trim()
  .max(1024, "must be at most 1024 characters")
  .optional()
  .transform((v) => v || "false")
  .refine(
    (v) =>
      /^(true|false|\d{1,3})$/.test(v) ||
      v.split(",").every((entry) => {
        const item = entry.trim();
        return PROXY_NAMES.has(item) || ipaddr.isValid(item) || ipaddr.isValidCIDR(item);
      }),
    "must be true, false, a hop count, or addresses, subnets, loopback, linklocal, uniquelocal (comma-separated)",
  )
  .transform((v): boolean | number | string => {
    if (v === "true" || v === "false") return v === "true";
    return /^\d+$/.test(v) ? Number(v) : v;
  });

// For tests only: origins (scheme, host, port) of local fake websites that website validation and short maps links
// may reach although they are private. Only those origins: a redirect from one to any other private address is
// still refused. Refused in production.
const privateOrigins = z
  .string()
  .trim()
  .max(2048, "must be at most 2048 characters")
  .optional()
  .transform((v, ctx) => {
    const origins: string[] = [];
    for (const entry of (v ?? "")
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean)) {
      let url: URL | undefined;
      try {
        url = new URL(entry);
      } catch {
        url = undefined;
      }
      if (!url || !/^https?:$/.test(url.protocol) || !["", "/"].includes(url.pathname + url.search)) {
        ctx.addIssue({ code: "custom", message: `must be http(s) origins without a path, comma-separated: ${entry}` });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

// The shared caches in front (Varnish: deploy/varnish/default.vcl) that an administrator's write purges: base URLs,
// comma-separated; each gets a PURGE naming the surrogate keys that moved (app/services/cache-purge.server.ts).
const cacheUrls = z
  .string()
  .trim()
  .max(4096, "must be at most 4096 characters")
  .optional()
  .transform((v, ctx) => {
    const urls: string[] = [];
    for (const entry of (v ?? "")
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean)) {
      if (!httpUrl.safeParse(entry).success) {
        ctx.addIssue({ code: "custom", message: `must be http(s) URLs, comma-separated: ${entry}` });
        return z.NEVER;
      }
      urls.push(entry);
    }
    if (urls.length > 32) {
      ctx.addIssue({ code: "custom", message: "must list at most 32 caches" });
      return z.NEVER;
    }
    return urls;
  });

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: integer(1, 65535, 3000),
  // The canonical origin: links, sitemaps and OAuth callbacks use it, and the server answers only for its host. Unset
  // (an embedded install only, in production), the server answers for any host and builds links from the request.
  PUBLIC_URL: optionalHttpUrl.refine(
    (v) => v === undefined || ["", "/"].includes(new URL(v).pathname + new URL(v).search),
    "must be an origin (scheme, host and optional port) without a path",
  ),
  BRAND_NAME: z.string().trim().min(1).max(100).default("Things To Do"),
  EXPLORE_PLACES_URL: httpUrl.default("https://www.google.com/maps/search/things+to+do"),
  TRAVEL_LISTS_URL: httpUrl.default("https://www.google.com/travel/"),
  // How visitors reach the operator, named on /privacy and /terms (unset: those pages say it is not configured).
  CONTACT_EMAIL: optional(254).refine(
    (v) => v === undefined || z.email().safeParse(v).success,
    "must be an e-mail address (e.g. privacy@example.com)",
  ),
  // One or more secrets, comma-separated: the first signs cookies, all of them verify (rotation).
  SESSION_SECRET: optional(4096),
  ADMIN_EMAILS: optional(10_000),
  AUTH_RATE_LIMIT: integer(1, 100_000, 10),
  GOOGLE_CLIENT_ID: optional(512),
  GOOGLE_CLIENT_SECRET: optional(512),
  GOOGLE_AUTH_URL: httpUrl.default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: httpUrl.default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: httpUrl.default("https://openidconnect.googleapis.com/v1/userinfo"),
  GOOGLE_PLACES_API_KEY: optional(512),
  GOOGLE_PLACES_BASE_URL: httpUrl.default("https://places.googleapis.com"),
  UNSPLASH_ACCESS_KEY: optional(512),
  UNSPLASH_BASE_URL: httpUrl.default("https://api.unsplash.com"),
  IP_GEOLOCATION_URL: httpUrl.default("https://ipapi.co/json/"),
  // With a token the map is Mapbox's (style MAPBOX_STYLE); without one it is MapLibre drawing MAP_STYLE_URL, an open
  // style that needs no key (see app/map.server.ts).
  MAPBOX_TOKEN: optional(1024),
  MAPBOX_STYLE: optional(2048).transform((v) => v ?? "mapbox://styles/mapbox/streets-v12"),
  MAP_STYLE_URL: optionalHttpUrl.transform((v) => v ?? "https://tiles.openfreemap.org/styles/liberty"),
  VALIDATION_ALLOW_PRIVATE_ORIGINS: privateOrigins,
  // URLs per sitemap before /sitemap.xml becomes an index (the protocol allows 50,000; lower only to test).
  SITEMAP_URL_LIMIT: integer(1, 50_000, 50_000),

  // The database: PostgreSQL when DATABASE_URL is set, else the embedded PGlite in PGLITE_DIR ("memory://" keeps
  // it in memory).
  DATABASE_URL: optional(2048).refine(
    (v) => v === undefined || /^postgres(ql)?:\/\/\S+$/.test(v),
    "must be a postgres:// or postgresql:// URL (unset: the embedded PGlite)",
  ),
  PGLITE_DIR: path("./data/pglite"),
  DATABASE_POOL_SIZE: integer(1, 1000, 10),
  MIGRATIONS_DIR: path("prisma/migrations"),
  // Server processes `npm start` runs on PostgreSQL (always one on PGlite).
  WEB_CONCURRENCY: integer(1, 256, 1),
  // How long a background job's chunk may run before pg-boss takes it for dead and hands it to another worker: what
  // a run cut short by a killed server waits before it resumes (app/domain/places/jobs.ts). Unset: by kind.
  JOB_CHUNK_EXPIRY_SECONDS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(5).max(3600).optional(),
  ),
  ADMIN_CLI_FILE: path("./data/admin-cli.json"),
  TRUST_PROXY: trustProxy,
  LOG_REQUESTS: z
    .enum(["0", "1", "false", "true"], { message: "must be 0 or 1" })
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  // One JSON line per event; 'pretty' for a person reading a terminal (development).
  LOG_FORMAT: z.enum(["json", "pretty"], { message: "must be json or pretty" }).default("json"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      message: "must be fatal, error, warn, info, debug, trace or silent",
    })
    .default("info"),
  // Shared caches to purge after a write (unset: none; pages then refresh in them when their s-maxage runs out).
  CACHE_PURGE_URLS: cacheUrls,
  // GET /metrics answers only with 'Authorization: Bearer {METRICS_TOKEN}'; unset, there is no /metrics (404).
  METRICS_TOKEN: optional(256).refine(
    (v) => v === undefined || v.length >= 16,
    "must be at least 16 characters (e.g. openssl rand -hex 24)",
  ),
});

export type Env = z.infer<typeof schema>;

function requireInProduction(value: Env, ctx: z.RefinementCtx) {
  if (value.NODE_ENV !== "production") return;
  if (!value.SESSION_SECRET) {
    ctx.addIssue({
      code: "custom",
      path: ["SESSION_SECRET"],
      message: "is required in production (a long random string, e.g. `openssl rand -hex 32`); it signs admin sessions",
    });
  } else if (value.SESSION_SECRET.split(",").some((secret) => secret.trim().length < 16)) {
    ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "each secret must be at least 16 characters" });
  }
  if (value.VALIDATION_ALLOW_PRIVATE_ORIGINS.length > 0) {
    ctx.addIssue({
      code: "custom",
      path: ["VALIDATION_ALLOW_PRIVATE_ORIGINS"],
      message: "is for tests only (it lets website validation reach private addresses); unset it in production",
    });
  }
  // The embedded database's quick start (one process on one machine) may leave it unset: it then answers for any host
  // and builds its links from the request (docs/decisions/013-embedded-install-answers-any-host.md).
  if (!value.PUBLIC_URL && value.DATABASE_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["PUBLIC_URL"],
      message:
        "is required in production on PostgreSQL (the site's public origin, e.g. https://things-to-do.example.com); " +
        "links, sitemaps and sign-in use it, and requests for any other host are refused",
    });
  }
}

/** An environment the app cannot start with: its message says which variables and why (start-up prints it alone). */
export class EnvironmentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EnvironmentError";
  }
}

/**
 * Checks an environment. `requirements: false` checks formats and limits only: for start-up code that reads a
 * few settings in order to fill in defaults (server/start.ts) before the whole environment is checked.
 */
export function parseEnv(source: NodeJS.ProcessEnv, { requirements = true } = {}): Env {
  const parsed = (requirements ? schema.superRefine(requireInProduction) : schema).safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new EnvironmentError(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}

let cached: Env | undefined;

/** The process's environment, checked on first use (so nothing may call it at import time). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Reads process.env again on the next env() call (for tests that change it between cases). */
export function reloadEnv(): void {
  cached = undefined;
}

// Development without SESSION_SECRET: one secret per process, so sessions end when it restarts.
let developmentSecret: string | undefined;

/** The session-signing secrets, newest first. */
export function sessionSecrets(): string[] {
  const configured = (env().SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (configured.length > 0) return configured;
  developmentSecret ??= randomBytes(32).toString("hex");
  return [developmentSecret];
}
