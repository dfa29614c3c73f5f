// The environment, checked once with zod so a bad value fails loudly at start-up.
import { randomBytes } from "node:crypto";
import { z } from "zod";

const optionalUrl = z
  .string()
  .trim()
  .url()
  .optional()
  .or(z.literal("").transform(() => undefined));
const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  PUBLIC_URL: optionalUrl,
  BRAND_NAME: z.string().trim().min(1).default("Things To Do"),
  EXPLORE_PLACES_URL: z.string().trim().url().default("https://www.google.com/maps/search/things+to+do"),
  TRAVEL_LISTS_URL: z.string().trim().url().default("https://www.google.com/travel/"),
  // One or more secrets, comma-separated: the first signs cookies, all of them verify (rotation).
  SESSION_SECRET: optional,
  ADMIN_EMAILS: optional,
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_AUTH_URL: z.string().trim().url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.string().trim().url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: z.string().trim().url().default("https://openidconnect.googleapis.com/v1/userinfo"),
  GOOGLE_PLACES_API_KEY: optional,
  GOOGLE_PLACES_BASE_URL: z.string().trim().url().default("https://places.googleapis.com"),
  UNSPLASH_ACCESS_KEY: optional,
  UNSPLASH_BASE_URL: z.string().trim().url().default("https://api.unsplash.com"),
  IP_GEOLOCATION_URL: z.string().trim().url().default("https://ipapi.co/json/"),
  // With a token the map is Mapbox's (style MAPBOX_STYLE); without one it is MapLibre drawing MAP_STYLE_URL, an open
  // style that needs no key (see app/map.server.ts).
  MAPBOX_TOKEN: optional,
  MAPBOX_STYLE: optional.transform((v) => v ?? "mapbox://styles/mapbox/streets-v12"),
  MAP_STYLE_URL: optionalUrl.transform((v) => v ?? "https://tiles.openfreemap.org/styles/liberty"),
  // URLs per sitemap before /sitemap.xml becomes an index (the protocol allows 50,000; lower only to test).
  SITEMAP_URL_LIMIT: z.coerce.number().int().min(1).max(50_000).default(50_000),
});

const checked = schema.superRefine((value, ctx) => {
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
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = checked.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new Error(`Invalid environment: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
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
