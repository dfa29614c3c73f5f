import { afterEach, describe, expect, it, vi } from "vitest";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  vi.resetModules();
});

async function freshEnv(vars: Record<string, string | undefined>) {
  process.env = { ...saved, ...vars };
  for (const [key, value] of Object.entries(vars)) if (value === undefined) delete process.env[key];
  vi.resetModules();
  return import("./env.server");
}

describe("env", () => {
  it("refuses to start in production without SESSION_SECRET, saying what to set", async () => {
    const { env } = await freshEnv({ NODE_ENV: "production", SESSION_SECRET: undefined });
    expect(() => env()).toThrow(/SESSION_SECRET: is required in production/);
  });

  it("refuses a short secret in production", async () => {
    const { env } = await freshEnv({ NODE_ENV: "production", SESSION_SECRET: "long-enough-secret-1,short" });
    expect(() => env()).toThrow(/each secret must be at least 16 characters/);
  });

  it("takes a comma-separated list of secrets, the first one signing", async () => {
    const { sessionSecrets } = await freshEnv({
      NODE_ENV: "production",
      PUBLIC_URL: "https://things.example.com",
      SESSION_SECRET: "new-secret-0123456, old-secret-0123456",
    });
    expect(sessionSecrets()).toEqual(["new-secret-0123456", "old-secret-0123456"]);
  });

  it("uses one per-process secret in development when none is set", async () => {
    const { sessionSecrets } = await freshEnv({ NODE_ENV: "development", SESSION_SECRET: undefined });
    const [secret] = sessionSecrets();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionSecrets()).toEqual([secret]);
  });

  it("refuses to start in production on PostgreSQL without PUBLIC_URL, saying what it is for", async () => {
    const { env } = await freshEnv({
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(32),
      PUBLIC_URL: undefined,
      DATABASE_URL: "postgres://db:5432/things",
    });
    expect(() => env()).toThrow(/PUBLIC_URL: is required in production on PostgreSQL \(the site's public origin/);
    const { env: development } = await freshEnv({ NODE_ENV: "development", PUBLIC_URL: undefined });
    expect(development().PUBLIC_URL).toBeUndefined();
  });

  it("lets an embedded install in production leave PUBLIC_URL unset (it answers for any host)", async () => {
    const { env } = await freshEnv({
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(32),
      PUBLIC_URL: undefined,
      DATABASE_URL: undefined,
    });
    expect(env().PUBLIC_URL).toBeUndefined();
  });

  it("checks formats only when asked to leave production's requirements for later (server/start.ts)", async () => {
    const { parseEnv } = await freshEnv({});
    const production = { NODE_ENV: "production", PORT: "4000", DATABASE_URL: "postgres://db:5432/things" };
    expect(parseEnv(production, { requirements: false }).PORT).toBe(4000);
    expect(() => parseEnv(production)).toThrow(/SESSION_SECRET.*PUBLIC_URL/);
    expect(() => parseEnv({ ...production, PORT: "70000" }, { requirements: false })).toThrow(/PORT/);
  });
});

describe("every variable has a format and a limit", () => {
  async function problems(vars: Record<string, string>): Promise<string> {
    const { parseEnv } = await freshEnv({});
    try {
      parseEnv(vars);
      return "";
    } catch (error) {
      return (error as Error).message;
    }
  }

  it.each([
    ["PUBLIC_URL", "https://things.example.com/guide", /without a path/],
    ["PUBLIC_URL", "ftp://things.example.com", /http or https/],
    ["PUBLIC_URL", `https://${"a".repeat(2050)}.com`, /at most 2048/],
    ["SESSION_SECRET", "s".repeat(4097), /at most 4096/],
    ["BRAND_NAME", "b".repeat(101), /BRAND_NAME/],
    ["GOOGLE_CLIENT_ID", "g".repeat(513), /at most 512/],
    ["IP_GEOLOCATION_URL", "javascript:alert(1)", /IP_GEOLOCATION_URL/],
    ["DATABASE_URL", "mysql://root@localhost/db", /postgres:\/\/ or postgresql:\/\/ URL/],
    ["DATABASE_POOL_SIZE", "0", /DATABASE_POOL_SIZE/],
    ["DATABASE_POOL_SIZE", "ten", /DATABASE_POOL_SIZE/],
    ["WEB_CONCURRENCY", "1000", /WEB_CONCURRENCY/],
    ["JOB_CHUNK_EXPIRY_SECONDS", "4", /JOB_CHUNK_EXPIRY_SECONDS/],
    ["JOB_CHUNK_EXPIRY_SECONDS", "1.5", /JOB_CHUNK_EXPIRY_SECONDS/],
    ["PGLITE_DIR", "d".repeat(1025), /at most 1024/],
    ["MIGRATIONS_DIR", "m".repeat(1025), /at most 1024/],
    ["ADMIN_CLI_FILE", "f".repeat(1025), /at most 1024/],
    ["TRUST_PROXY", "the load balancer", /TRUST_PROXY: must be true, false, a hop count/],
    ["TRUST_PROXY", "10.0.0.0/33", /TRUST_PROXY/],
    ["LOG_REQUESTS", "yes", /LOG_REQUESTS: must be 0 or 1/],
    ["CACHE_PURGE_URLS", "http://127.0.0.1:6081, varnish-b:6081", /CACHE_PURGE_URLS: must be http\(s\) URLs/],
    ["CACHE_PURGE_URLS", "ftp://varnish:6081", /CACHE_PURGE_URLS/],
    ["CONTACT_EMAIL", "the operator", /CONTACT_EMAIL: must be an e-mail address/],
    ["CONTACT_EMAIL", "javascript:alert(1)//@example.com", /CONTACT_EMAIL: must be an e-mail address/],
    ["CONTACT_EMAIL", `${"c".repeat(250)}@example.com`, /CONTACT_EMAIL: must be at most 254/],
  ])("refuses %s=%s", async (name, value, message) => {
    expect(await problems({ [name]: value })).toMatch(message);
  });

  it("takes the operator's contact address, and leaves it unset when empty", async () => {
    const { parseEnv } = await freshEnv({});
    expect(parseEnv({ CONTACT_EMAIL: " privacy@example.com " }).CONTACT_EMAIL).toBe("privacy@example.com");
    expect(parseEnv({ CONTACT_EMAIL: "" }).CONTACT_EMAIL).toBeUndefined();
    expect(parseEnv({}).CONTACT_EMAIL).toBeUndefined();
  });

  it("reads the database, proxy and logging settings the server and scripts use", async () => {
    const { parseEnv } = await freshEnv({});
    const { databaseTarget } = await import("./data/adapter.server");
    const defaults = parseEnv({});
    expect(databaseTarget(defaults)).toEqual({ kind: "pglite", dataDir: "./data/pglite" });
    expect([defaults.DATABASE_POOL_SIZE, defaults.WEB_CONCURRENCY, defaults.LOG_REQUESTS]).toEqual([10, 1, true]);
    expect([defaults.MIGRATIONS_DIR, defaults.ADMIN_CLI_FILE]).toEqual(["prisma/migrations", "./data/admin-cli.json"]);
    expect(databaseTarget(parseEnv({ PGLITE_DIR: "memory://" }))).toEqual({ kind: "pglite", dataDir: undefined });
    expect(databaseTarget(parseEnv({ DATABASE_URL: " postgres://db:5432/things ", PGLITE_DIR: "x" }))).toEqual({
      kind: "postgres",
      url: "postgres://db:5432/things",
    });
    expect(parseEnv({ WEB_CONCURRENCY: "", PORT: "" })).toMatchObject({ WEB_CONCURRENCY: 1, PORT: 3000 });
    expect(parseEnv({ LOG_REQUESTS: "0", DATABASE_POOL_SIZE: "25" })).toMatchObject({
      LOG_REQUESTS: false,
      DATABASE_POOL_SIZE: 25,
    });
    // Express's `trust proxy`: none by default.
    expect(defaults.TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, fd00::1" }).TRUST_PROXY).toBe(
      "loopback, 10.0.0.0/8, fd00::1",
    );
  });

  it("takes one expiry for every job chunk, none (each kind's own) when unset or empty", async () => {
    const { parseEnv } = await freshEnv({});
    expect(parseEnv({}).JOB_CHUNK_EXPIRY_SECONDS).toBeUndefined();
    expect(parseEnv({ JOB_CHUNK_EXPIRY_SECONDS: "" }).JOB_CHUNK_EXPIRY_SECONDS).toBeUndefined();
    expect(parseEnv({ JOB_CHUNK_EXPIRY_SECONDS: "30" }).JOB_CHUNK_EXPIRY_SECONDS).toBe(30);
  });

  it("lists the shared caches to purge, none when unset", async () => {
    const { parseEnv } = await freshEnv({});
    expect(parseEnv({}).CACHE_PURGE_URLS).toEqual([]);
    expect(parseEnv({ CACHE_PURGE_URLS: "" }).CACHE_PURGE_URLS).toEqual([]);
    expect(
      parseEnv({ CACHE_PURGE_URLS: " http://10.0.0.5:6081 , https://cache.example.com/ " }).CACHE_PURGE_URLS,
    ).toEqual(["http://10.0.0.5:6081", "https://cache.example.com/"]);
  });

  it("takes test-only private origins for website validation, and refuses them in production", async () => {
    const { parseEnv } = await freshEnv({});
    expect(parseEnv({}).VALIDATION_ALLOW_PRIVATE_ORIGINS).toEqual([]);
    expect(
      parseEnv({ VALIDATION_ALLOW_PRIVATE_ORIGINS: "http://127.0.0.1:4100, https://fake.test:8443/" })
        .VALIDATION_ALLOW_PRIVATE_ORIGINS,
    ).toEqual(["http://127.0.0.1:4100", "https://fake.test:8443"]);
    for (const bad of ["127.0.0.1:4100", "http://127.0.0.1:4100/path", "ftp://127.0.0.1"]) {
      expect(() => parseEnv({ VALIDATION_ALLOW_PRIVATE_ORIGINS: bad }), bad).toThrow(
        /VALIDATION_ALLOW_PRIVATE_ORIGINS: must be http\(s\) origins/,
      );
    }
    expect(() =>
      parseEnv({
        NODE_ENV: "production",
        SESSION_SECRET: "s".repeat(32),
        PUBLIC_URL: "https://things.example.com",
        VALIDATION_ALLOW_PRIVATE_ORIGINS: "http://127.0.0.1:4100",
      }),
    ).toThrow(/VALIDATION_ALLOW_PRIVATE_ORIGINS: is for tests only/);
  });
});
