// An administrator's session as the site's HTTP answers it (GET /api/auth/user, the admin API's "signed in?"
// call): it ends when its week is up, a sign-in sweeps away everyone's expired sessions, and an e-mail taken off
// the allow-list loses every one of its sessions at the next request (admin §6; app/auth/session.server.ts).
import { describe, expect, it } from "vitest";
import { loader as authUser } from "~/routes/api/auth/user";
import { signedInAdminCookie } from "../helpers/admin-session";
import { databaseForTheseTests } from "../helpers/fresh-database";
import { routeArgs } from "../helpers/route-args";

const database = databaseForTheseTests("migrated");

/** The status GET /api/auth/user answers with this session cookie (401 is thrown as React Router's data()). */
async function authUserStatus(cookie: string): Promise<number> {
  try {
    const response = await authUser(routeArgs("http://localhost/api/auth/user", {}, { headers: { Cookie: cookie } }));
    return response.status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    const status = (thrown as { init?: { status?: number } } | null)?.init?.status;
    if (typeof status === "number") return status;
    throw thrown;
  }
}

const sessionsOf = (email: string) => database.prisma.adminSession.count({ where: { email } });
const expire = (email: string) =>
  database.prisma.adminSession.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });

describe("an administrator's session", () => {
  it("lasts a week from sign-in, and past its end the cookie signs no one in", async () => {
    const cookie = await signedInAdminCookie("weekly@example.com");
    const [row] = await database.prisma.adminSession.findMany({ where: { email: "weekly@example.com" } });
    const week = 7 * 24 * 60 * 60 * 1000;
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(week);
    expect(await authUserStatus(cookie)).toBe(200);

    await expire("weekly@example.com");
    expect(await authUserStatus(cookie)).toBe(401);
  });

  it("a sign-in sweeps away the expired sessions, anyone's, and keeps the live ones", async () => {
    const live = await signedInAdminCookie("live@example.com");
    await signedInAdminCookie("lapsed@example.com");
    await expire("lapsed@example.com");
    expect(await sessionsOf("lapsed@example.com")).toBe(1);

    await signedInAdminCookie("newcomer@example.com");
    expect(await sessionsOf("lapsed@example.com")).toBe(0);
    expect(await sessionsOf("live@example.com")).toBe(1);
    expect(await sessionsOf("newcomer@example.com")).toBe(1);
    expect(await authUserStatus(live)).toBe(200);
  });

  it("ends every session of an e-mail taken off the allow-list at its next request, and only those", async () => {
    const laptop = await signedInAdminCookie("leaving@example.com");
    const phone = await signedInAdminCookie("leaving@example.com");
    const colleague = await signedInAdminCookie("staying@example.com");
    expect(await authUserStatus(laptop)).toBe(200);

    // The operator takes the e-mail off the allow-list (the admin table; ADMIN_EMAILS is unset here).
    await database.prisma.admin.delete({ where: { email: "leaving@example.com" } });
    expect(await authUserStatus(laptop)).toBe(401);
    // Not only the session that asked: the other device's is gone too, before it is ever used again.
    expect(await sessionsOf("leaving@example.com")).toBe(0);
    expect(await authUserStatus(phone)).toBe(401);
    expect(await authUserStatus(colleague)).toBe(200);
    expect(await sessionsOf("staying@example.com")).toBe(1);
  });
});
