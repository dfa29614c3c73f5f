import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, withNonce } from "./csp";

describe("content security policy", () => {
  it("lets scripts run only with the nonce, and frames only the embed card", () => {
    const page = contentSecurityPolicy({ nonce: "abc", frameAncestors: "'none'" });
    expect(page).toContain("script-src 'nonce-abc' 'strict-dynamic'");
    expect(page).toContain("object-src 'none'");
    expect(page).toContain("base-uri 'self'");
    expect(page).toMatch(/frame-ancestors 'none'$/);
    expect(contentSecurityPolicy({ nonce: "abc", frameAncestors: "*" })).toMatch(/frame-ancestors \*$/);
  });

  it("lets forms post to this site and the named sign-in origin only", () => {
    const page = contentSecurityPolicy({
      nonce: "n",
      frameAncestors: "'none'",
      formTargets: ["https://accounts.google.com"],
    });
    expect(page).toContain("form-action 'self' https://accounts.google.com;");
  });
});

describe("administrator scripts", () => {
  it("get the nonce on every script tag, any case, keeping one that names its own", () => {
    const html = `<script>a()</script><SCRIPT src="https://x.example/t.js"></SCRIPT><script nonce="own">b()</script>`;
    expect(withNonce(html, "n1")).toBe(
      `<script nonce="n1">a()</script><SCRIPT nonce="n1" src="https://x.example/t.js"></SCRIPT><script nonce="own">b()</script>`,
    );
    expect(withNonce("<noscript><img src=x></noscript>", "n1")).toBe("<noscript><img src=x></noscript>");
    expect(withNonce("<script>x</script>", "")).toBe("<script>x</script>");
  });
});
