// Sign-in attempts are counted in the database, so every app instance shares one budget per client address.
import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "~/auth/client-ip";
import { limitSignInAttempt } from "~/auth/rate-limit.server";
import { databaseForTheseTests } from "../helpers/fresh-database";

const database = databaseForTheseTests("migrated");

const from = (ip: string) =>
  new Request("http://localhost/admin/login/link/x", { method: "POST", headers: { [CLIENT_IP_HEADER]: ip } });

describe("sign-in rate limit (AUTH_RATE_LIMIT, 10 a minute by default)", () => {
  it("allows 10 attempts a minute per address and way in, then says how long to wait", async () => {
    for (let i = 0; i < 10; i++) expect(await limitSignInAttempt(from("203.0.113.5"), "login-link")).toBeNull();
    const wait = await limitSignInAttempt(from("203.0.113.5"), "login-link");
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    // Another address, or another way in, has its own budget.
    expect(await limitSignInAttempt(from("203.0.113.6"), "login-link")).toBeNull();
    expect(await limitSignInAttempt(from("203.0.113.5"), "google-start")).toBeNull();
  });

  it("keeps the count in the database, where every instance reads it", async () => {
    const rows = await database.prisma.rateLimit.findMany({ where: { key: "sign-in:login-link:203.0.113.5" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.points).toBe(11);
    expect(rows[0]!.expire!.getTime()).toBeGreaterThan(Date.now());
    // Another instance writing to the same row is what this one then sees: here, the window reset by hand.
    await database.prisma.rateLimit.delete({ where: { key: "sign-in:login-link:203.0.113.5" } });
    expect(await limitSignInAttempt(from("203.0.113.5"), "login-link")).toBeNull();
  });
});
