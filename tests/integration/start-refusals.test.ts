// `npm start` refusing to start (issue #27 item 16): what the operator must fix is printed alone, without a stack
// trace, and the exit code is 1. The environment is checked before any database is reached.
import { describe, expect, it } from "vitest";
import { runCommand } from "../helpers/admin";

/** start.ts in production against `env` (a PostgreSQL URL that is never reached unless said). */
function start(env: Record<string, string | undefined>) {
  return runCommand("start", [], {
    NODE_ENV: "production",
    DATABASE_URL: "postgres://postgres@127.0.0.1:1/never-reached",
    SESSION_SECRET: "a-session-secret-of-some-length",
    PUBLIC_URL: "https://things-to-do.example.com",
    PORT: "3999",
    ...env,
  });
}

function expectMessageAlone(run: { code: number | null; output: string }, message: string) {
  expect(run.code, run.output).toBe(1);
  expect(run.output.trim()).toBe(message);
}

describe("npm start refuses a bad environment with the message alone", () => {
  it("SESSION_SECRET missing on PostgreSQL", async () => {
    expectMessageAlone(
      await start({ SESSION_SECRET: undefined }),
      "Invalid environment: SESSION_SECRET: is required in production (a long random string, e.g. " +
        "`openssl rand -hex 32`); it signs admin sessions",
    );
  });

  it("PUBLIC_URL missing on PostgreSQL", async () => {
    expectMessageAlone(
      await start({ PUBLIC_URL: undefined }),
      "Invalid environment: PUBLIC_URL: is required in production on PostgreSQL (the site's public origin, e.g. " +
        "https://things-to-do.example.com); links, sitemaps and sign-in use it, and requests for any other host are " +
        "refused",
    );
  });

  it("a malformed variable, on either database", async () => {
    expectMessageAlone(
      await start({ PORT: "70000", DATABASE_URL: undefined, PGLITE_DIR: "memory://" }),
      "Invalid environment: PORT: Too big: expected number to be <=65535",
    );
    expectMessageAlone(
      await start({ PUBLIC_URL: "https://things-to-do.example.com/guide" }),
      "Invalid environment: PUBLIC_URL: must be an origin (scheme, host and optional port) without a path",
    );
  });
});
