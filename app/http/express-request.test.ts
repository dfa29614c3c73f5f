import { describe, expect, it } from "vitest";
import { headerReader, routerUrl, type RouterUrlRequest } from "./express-request";

const request = (
  headers: Record<string, string | string[]>,
  more: { trustProxy?: boolean; hostname?: string; protocol?: string; originalUrl?: string } = {},
): RouterUrlRequest => ({
  protocol: more.protocol ?? "http",
  hostname: more.hostname ?? "things.example",
  originalUrl: more.originalUrl ?? "/usa/tn/nashville/things-to-do?sort=name-asc",
  headers,
  app: { enabled: (setting) => setting === "trust proxy" && (more.trustProxy ?? false) },
});

describe("routerUrl (the URL React Router's Express adapter gives a request)", () => {
  it("is the protocol, host name, Host's port and original URL", () => {
    expect(routerUrl(request({ host: "things.example:3000" }))).toBe(
      "http://things.example:3000/usa/tn/nashville/things-to-do?sort=name-asc",
    );
    expect(routerUrl(request({ host: "things.example" }, { protocol: "https" }))).toBe(
      "https://things.example/usa/tn/nashville/things-to-do?sort=name-asc",
    );
  });

  it("takes the port from X-Forwarded-Host only when a proxy is trusted", () => {
    const headers = { host: "10.0.0.7:3000", "x-forwarded-host": "things.example:8443" };
    expect(routerUrl(request(headers, { trustProxy: true }))).toBe(
      "http://things.example:8443/usa/tn/nashville/things-to-do?sort=name-asc",
    );
    expect(routerUrl(request(headers))).toBe("http://things.example:3000/usa/tn/nashville/things-to-do?sort=name-asc");
  });

  it("normalises as the URL parser does, and stands in localhost for an empty host name", () => {
    expect(routerUrl(request({}, { hostname: "", originalUrl: "/a/../b?q=%20x" }))).toBe("http://localhost/b?q=%20x");
    expect(routerUrl(request({ host: "x.test:80" }, { hostname: "x.test" }))).toBe(
      "http://x.test/usa/tn/nashville/things-to-do?sort=name-asc",
    );
  });
});

describe("headerReader", () => {
  it("reads headers by any letter case, joining repeated ones", () => {
    const headers = headerReader({ headers: { cookie: "a=1", "x-list": ["a", "b"] } });
    expect(headers.get("Cookie")).toBe("a=1");
    expect(headers.get("X-List")).toBe("a, b");
    expect(headers.get("Authorization")).toBeNull();
    expect(headers.has("cookie")).toBe(true);
    expect(headers.has("authorization")).toBe(false);
  });
});
