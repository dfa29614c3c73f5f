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
});
