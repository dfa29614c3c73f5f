// One-time login links (issue 5): single use, 15 minutes, stored hashed; the admin CLI against a database no
// server holds.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase, setDatabase } from "~/data/db.server";
import { consumeLoginToken, createLoginToken, isAllowedEmail, peekLoginToken } from "~/data/admins.server";
import { runCli } from "../helpers/admin";
import { freshDatabase } from "../helpers/database";
import { databaseForTheseTests } from "../helpers/fresh-database";

const database = databaseForTheseTests("migrated");

const MINUTE = 60 * 1000;

describe("one-time login tokens", () => {
  it("works once", async () => {
    const token = await createLoginToken("Once@Example.com");
    expect(await peekLoginToken(token)).toBe("once@example.com");
    expect(await consumeLoginToken(token)).toBe("once@example.com");
    expect(await consumeLoginToken(token)).toBeNull();
    expect(await peekLoginToken(token)).toBeNull();
  });

  it("expires after 15 minutes", async () => {
    const issued = new Date(Date.now() - 16 * MINUTE);
    const token = await createLoginToken("late@example.com", issued);
    expect(await peekLoginToken(token)).toBeNull();
    expect(await consumeLoginToken(token)).toBeNull();
    const fresh = await createLoginToken("late@example.com", new Date(Date.now() - 14 * MINUTE));
    expect(await consumeLoginToken(fresh)).toBe("late@example.com");
  });

  it("stores only a hash of the token", async () => {
    const token = await createLoginToken("hash@example.com");
    const rows = await database.prisma.loginToken.findMany({ where: { email: "hash@example.com" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("gives one winner when the same token is used twice at once", async () => {
    const token = await createLoginToken("race@example.com");
    const results = await Promise.all([consumeLoginToken(token), consumeLoginToken(token), consumeLoginToken(token)]);
    expect(results.filter(Boolean)).toEqual(["race@example.com"]);
  });

  it("rejects an unknown token", async () => {
    expect(await consumeLoginToken("not-a-token")).toBeNull();
  });
});

describe("npm run admin -- login-link, with no server running", () => {
  it("migrates a fresh database, adds the administrator and prints a working link", async () => {
    const workDir = await mkdtemp(path.join(os.tmpdir(), "tt-cli-"));
    const fresh = await freshDatabase("empty");
    const { target } = fresh;
    try {
      const output = await runCli(["login-link", "First.Admin@example.com"], {
        ADMIN_CLI_FILE: path.join(workDir, "no-server.json"),
        DATABASE_URL: target.kind === "postgres" ? target.url : undefined,
        PGLITE_DIR: target.kind === "pglite" ? target.dataDir : undefined,
        PUBLIC_URL: "https://things-to-do.example.com",
      });
      expect(output).toContain(
        "One-time admin login link for First.Admin@example.com (expires in 15 minutes, works once)",
      );
      // The link itself, not any other address the output may hold (a bundler's notice names rollupjs.org).
      const url = new URL(output.match(/https:\/\/\S+\/admin\/login\/link\/\S+/)![0]);
      expect(url.origin).toBe("https://things-to-do.example.com");
      const token = decodeURIComponent(url.pathname.replace("/admin/login/link/", ""));

      // The database the CLI wrote now lists the administrator and the token.
      const written = await openDatabase(target);
      setDatabase(written);
      try {
        expect(await isAllowedEmail("first.admin@example.com")).toBe(true);
        expect(await consumeLoginToken(token)).toBe("first.admin@example.com");
      } finally {
        setDatabase(database);
        await written.close();
      }
    } finally {
      await fresh.drop();
      await rm(workDir, { recursive: true, force: true });
    }
  }, 120_000); // a child process that migrates a fresh database; slow when the whole suite runs at once

  it("refuses a malformed e-mail", async () => {
    await expect(runCli(["login-link", "not-an-email"], {})).rejects.toThrow(/Not an e-mail address/);
  });
});
