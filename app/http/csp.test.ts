import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isEmbedPath, sitePolicy } from "./csp";

const SETTINGS = {
  GOOGLE_AUTH_URL: "https://accounts.google.com/o/oauth2/v2/auth",
  MAP_STYLE_URL: "http://127.0.0.1:4100/styles/liberty",
  IP_GEOLOCATION_URL: "https://ipapi.co/json/",
};

describe("content security policy", () => {
  it("lets scripts run only by their hash (and what they load), and frames only the embed card", () => {
    const page = contentSecurityPolicy({ scriptHashes: ["'sha256-a='", "'sha256-b='"], frameAncestors: "'none'" });
    expect(page).toContain("script-src 'sha256-a=' 'sha256-b=' 'strict-dynamic' https: 'unsafe-inline';");
    expect(page).not.toContain("nonce");
    expect(page).toContain("object-src 'none'");
    expect(page).toContain("base-uri 'self'");
    expect(page).toMatch(/frame-ancestors 'none'$/);
    expect(contentSecurityPolicy({ scriptHashes: [], frameAncestors: "*" })).toMatch(/frame-ancestors \*$/);
  });

  it("lets forms post to this site and the named sign-in origin only", () => {
    const page = contentSecurityPolicy({
      scriptHashes: [],
      frameAncestors: "'none'",
      formTargets: ["https://accounts.google.com"],
    });
    expect(page).toContain("form-action 'self' https://accounts.google.com;");
  });
});

describe("sitePolicy", () => {
  it("takes sign-in's and the browser's fetch targets from the settings, and frames /embed pages only", () => {
    const page = sitePolicy("/usa/tn/nashville/things-to-do", ["'sha256-a='"], SETTINGS);
    expect(page).toContain("script-src 'sha256-a=' 'strict-dynamic'");
    expect(page).toContain("connect-src 'self' https: http://127.0.0.1:4100 https://ipapi.co;");
    expect(page).toContain("form-action 'self' https://accounts.google.com;");
    expect(page).toMatch(/frame-ancestors 'none'$/);
    expect(sitePolicy("/embed/activity/1", [], SETTINGS)).toMatch(/frame-ancestors \*$/);
  });

  it("knows the embed card's paths", () => {
    expect(isEmbedPath("/embed")).toBe(true);
    expect(isEmbedPath("/embed/usa/tn/nashville/tootsies")).toBe(true);
    expect(isEmbedPath("/embedded")).toBe(false);
    expect(isEmbedPath("/usa/tn/embed")).toBe(false);
  });
});
