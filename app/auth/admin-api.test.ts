import { describe, expect, it } from "vitest";
import { isPrivateRequest } from "./admin-api";

const req = (path: string, method = "GET") => new Request(`http://localhost${path}`, { method });

describe("isPrivateRequest", () => {
  it("covers admin pages, their data requests and the sign-in flow", () => {
    for (const path of [
      "/admin",
      "/admin/login",
      "/admin.data",
      "/admin/activities.data",
      "/api/auth/user",
      "/api/auth/google/callback",
      "/api/logout",
    ]) {
      expect(isPrivateRequest(req(path)), path).toBe(true);
    }
  });
  it("covers admin-only reads", () => {
    expect(isPrivateRequest(req("/api/activities/count"))).toBe(true);
    expect(isPrivateRequest(req("/api/cities/count"))).toBe(true);
  });
  it("covers every API mutation", () => {
    expect(isPrivateRequest(req("/api/activities", "POST"))).toBe(true);
    expect(isPrivateRequest(req("/api/tags/3", "DELETE"))).toBe(true);
  });
  it("leaves public pages and public reads cacheable", () => {
    for (const path of [
      "/",
      "/usa/tn/nashville/things-to-do",
      "/api/activities",
      "/api/mapbox-token",
      "/administrator",
    ]) {
      expect(isPrivateRequest(req(path)), path).toBe(false);
    }
  });
});
