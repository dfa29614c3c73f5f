// Admin sessions are database rows: logout ends one for good, 'Sign out everywhere' ends all of an
// administrator's, and the signing secret can be rotated without signing anyone out.
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { adminHttp } from "../helpers/admin";
import { setUpSite } from "../helpers/e2e";
import { startServer } from "../helpers/server";

const site = setUpSite({ browser: false });

const http = () => adminHttp(site.server);
const request: ReturnType<typeof adminHttp>["request"] = (path, init) => http().request(path, init);
const sameOrigin = () => http().sameOrigin();
const expectLoginRedirect = (response: Response, label: string) => http().expectLoginRedirect(response, label);
const signedInCookie = (email: string) => http().signedInCookie(email);

describe("logout", () => {
  it("ends the session itself: the old cookie no longer signs anyone in after logout", async () => {
    const { cookie } = await signedInCookie("ended@example.com");
    expect((await request("/api/auth/user", { cookie })).status).toBe(200);
    const logout = await request("/admin/logout", { method: "POST", headers: sameOrigin(), cookie });
    expect(logout.status).toBe(302);
    // A copy of the cookie kept from before the logout is refused, for pages, the API and mutations alike.
    expect((await request("/api/auth/user", { cookie })).status).toBe(401);
    expectLoginRedirect(await request("/admin/activities", { cookie }), "admin page after logout");
    const create = await request("/api/tags", {
      method: "POST",
      headers: { ...sameOrigin(), "Content-Type": "application/json" },
      body: JSON.stringify({ name: "After logout" }),
      cookie,
    });
    expect(create.status).toBe(401);
  });

  it("'Sign out everywhere' ends every session of the administrator, and only theirs", async () => {
    const laptop = await signedInCookie("everywhere@example.com");
    const phone = await signedInCookie("everywhere@example.com");
    const colleague = await signedInCookie("colleague@example.com");
    const body = new URLSearchParams({ scope: "everywhere" });
    const response = await request("/admin/logout", {
      method: "POST",
      headers: { ...sameOrigin(), "Content-Type": "application/x-www-form-urlencoded" },
      body,
      cookie: laptop.cookie,
    });
    expect(response.status).toBe(302);
    expect((await request("/api/auth/user", { cookie: laptop.cookie })).status).toBe(401);
    expect((await request("/api/auth/user", { cookie: phone.cookie })).status).toBe(401);
    expect((await request("/api/auth/user", { cookie: colleague.cookie })).status).toBe(200);
  });
});

describe("session secret rotation", () => {
  it("accepts a cookie signed with any secret in SESSION_SECRET and signs new ones with the first", async () => {
    const rotated = await startServer({ SESSION_SECRET: "the-new-session-secret,test-session-secret" });
    try {
      // New cookies are signed with the first secret…
      const { cookie } = await adminHttp(rotated).signedInCookie("rotate@example.com");
      const id = await createCookie("__session", { secrets: ["the-new-session-secret"] }).parse(cookie);
      expect(typeof id).toBe("string");
      // …one signed with the old secret (second in the list) still works…
      const oldSigned = await createCookie("__session", { secrets: ["test-session-secret"] }).serialize(id);
      const user = await fetch(rotated.url + "/api/auth/user", { headers: { Cookie: oldSigned.split(";")[0]! } });
      expect(user.status).toBe(200);
      // …and one signed with a secret no longer listed does not.
      const retired = await createCookie("__session", { secrets: ["a-retired-session-secret"] }).serialize(id);
      expect(
        (await fetch(rotated.url + "/api/auth/user", { headers: { Cookie: retired.split(";")[0]! } })).status,
      ).toBe(401);
    } finally {
      await rotated.stop();
    }
  }, 180_000);
});

describe("client address behind no proxy (TRUST_PROXY unset)", () => {
  it("ignores X-Forwarded-For, so a client cannot pick a fresh address for each sign-in attempt", async () => {
    const limited = await startServer({ AUTH_RATE_LIMIT: "3" });
    try {
      const statuses: string[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await fetch(limited.url + "/api/auth/google", {
          method: "POST",
          headers: { Origin: limited.url, "X-Forwarded-For": `198.51.100.${i + 1}` },
          redirect: "manual",
        });
        statuses.push(response.headers.get("Location")!);
      }
      expect(statuses.slice(0, 3).every((l) => l === "/admin/login")).toBe(true);
      expect(statuses[3]).toBe("/admin/login?error=rate_limited");
    } finally {
      await limited.stop();
    }
  }, 180_000);
});
