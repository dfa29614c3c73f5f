// Requests no browser would send, answered at the door with a 4xx instead of a 5xx from deep inside a route:
// methods the site does not serve, a Host or forwarded header that cannot form a URL, a NUL byte in the URL.
// Raw node:http requests, since fetch would refuse to send most of these.
import http from "node:http";
import { describe, expect, it } from "vitest";
import { setUpSite } from "../helpers/e2e";

// The forwarded headers count only from a trusted proxy: here, the test on loopback.
const site = setUpSite({ env: { LOG_REQUESTS: "1", TRUST_PROXY: "loopback" }, browser: false });

function send(
  path: string,
  { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {},
) {
  const { port, host } = new URL(site.url);
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const request = http.request(
      // Addressed to the site's own host (PUBLIC_URL's) unless the test names another.
      { host: "127.0.0.1", port, path, method, headers: { Host: host, ...headers }, setHost: false },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end();
  });
}

describe("requests refused at the door", () => {
  it("answers TRACE and unknown methods with 405 and the methods it serves", async () => {
    for (const path of ["/", "/usa/tn/nashville/things-to-do", "/api/cities"]) {
      const response = await send(path, { method: "TRACE" });
      expect(response.status, path).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    }
  });

  it("answers a malformed Host or forwarded header with 400, the sitemap included", async () => {
    for (const [path, headers] of [
      ["/", { Host: "127.0.0.1:99999" }],
      ["/", { Host: "[::1" }],
      ["/sitemap.xml", { "X-Forwarded-Proto": "javascript" }],
      ["/sitemap.xml", { "X-Forwarded-Host": "bad host:1" }],
      ["/robots.txt", { "X-Forwarded-Host": "example.com:99999" }],
    ] as const) {
      const response = await send(path, { headers });
      expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(400);
      expect(response.body).toMatch(/^Bad Request: invalid (Host|X-Forwarded-Host|X-Forwarded-Proto) header$/);
    }
    // A well-formed forwarded host from a trusted proxy (loopback) is still served: the site's own.
    const own = new URL(site.url).host;
    expect(
      (await send("/robots.txt", { headers: { "X-Forwarded-Host": own, "X-Forwarded-Proto": "https" } })).status,
    ).toBe(200);
  });

  it("answers a request for another host with 400, never with that host in the answer", async () => {
    const { port, host: own } = new URL(site.url);
    const paths = [
      "/",
      "/cities",
      "/usa/tn/nashville/things-to-do",
      "/usa/tn/nashville",
      "/search?q=park",
      "/sitemap.xml",
      "/robots.txt",
      "/nashville",
      "/embed/activity/1",
      "/api/auth/google",
      "/admin/login",
      "/no-such-page",
    ];
    const foreign: Record<string, string>[] = [
      { Host: `evil.example:${port}` },
      { Host: "evil.example" },
      { "X-Forwarded-Host": "evil.example" },
      { "X-Forwarded-Host": `evil.example:${port}`, "X-Forwarded-Proto": "https" },
      { "X-Forwarded-Host": `evil.example, ${own}` },
    ];
    for (const path of paths) {
      for (const headers of foreign) {
        const response = await send(path, { headers });
        const label = `${path} ${JSON.stringify(headers)}`;
        expect(response.status, label).toBe(400);
        expect(response.body, label).toBe(`Bad Request: this site answers only for ${own}`);
        expect(JSON.stringify(response.headers), label).not.toContain("evil");
      }
    }
    // The site's own host through the proxy is served, with links on PUBLIC_URL whatever the proxy's protocol.
    const sitemap = await send("/sitemap.xml", { headers: { "X-Forwarded-Host": own, "X-Forwarded-Proto": "https" } });
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain(`<loc>${site.url}/`);
    expect(sitemap.body).not.toContain("<loc>https://");
  });

  it("answers a NUL byte anywhere in the URL with 400", async () => {
    for (const path of [
      "/cities?q=%00",
      "/search?q=%00",
      "/api/search?q=%00",
      "/usa/tn/nashville/things-to-do?q=%00",
      "/usa/tn/nashville/things-to-do?category=%00",
      "/usa/tn/nashville/things-to-do?tag=%00",
      "/activity/%00",
      "/embed/activity/%00",
      "/usa/tn/nashville/%00",
      "/api/activities/by-slug/%00/%00",
      "/api/activities?cityId=%00",
      "/admin/activities?q=%00",
    ]) {
      const response = await send(path);
      expect(response.status, path).toBe(400);
      expect(response.body).toBe("Bad Request: the address contains a NUL character");
    }
  });

  it("keeps one-time login tokens and OAuth codes out of the request log", async () => {
    await send("/admin/login/link/secret-token-value-123");
    await send("/api/auth/google/callback?code=secret-oauth-code&state=s");
    // The router matches any letter case, so the log's redaction does too.
    await send("/ADMIN/login/link/secret-token-upper-456");
    await send("/API/AUTH/google/callback?code=secret-oauth-upper&state=s");
    await expect.poll(() => site.server.logs()).toMatch(/GET \/admin\/login\/link\/\[redacted\]/);
    await expect.poll(() => site.server.logs()).toMatch(/GET \/api\/auth\/google\/callback\?\[redacted\]/);
    await expect.poll(() => site.server.logs()).toMatch(/GET \/ADMIN\/login\/link\/\[redacted\]/);
    await expect.poll(() => site.server.logs()).toMatch(/GET \/API\/AUTH\/google\/callback\?\[redacted\]/);
    for (const secret of [
      "secret-token-value-123",
      "secret-oauth-code",
      "secret-token-upper-456",
      "secret-oauth-upper",
    ]) {
      expect(site.server.logs()).not.toContain(secret);
    }
  });
});

describe("/healthz", () => {
  it("answers 200 'ok' uncached while the database answers, and stays out of the request log", async () => {
    const response = await send("/healthz");
    expect(response.status).toBe(200);
    expect(response.body).toBe("ok\n");
    expect(response.headers["cache-control"]).toBe("no-store");
    await send("/robots.txt"); // a logged request after it, so the log has caught up
    await expect.poll(() => site.server.logs()).toMatch(/GET \/robots\.txt 200/);
    expect(site.server.logs()).not.toMatch(/\/healthz/);
  });
});

describe("the request log", () => {
  /** The server's JSON log lines (other output, such as the start-up lines, is left out). */
  const jsonLines = () =>
    site.server
      .logs()
      .split("\n")
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      });

  it("writes one JSON line per request, with the id the answer carries as X-Request-Id", async () => {
    const response = await fetch(`${site.url}/usa/tn/nashville/things-to-do?q=park`);
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => jsonLines().filter((l) => l.requestId === requestId)).toHaveLength(1);
    const line = jsonLines().find((l) => l.requestId === requestId)!;
    expect(line).toMatchObject({
      level: 30,
      method: "GET",
      url: "/usa/tn/nashville/things-to-do?q=park",
      route: "city-activities",
      status: 200,
    });
    expect(typeof line.time).toBe("string");
    expect(line.durationMs).toBeGreaterThan(0);
  });

  it("keeps a request id given by a proxy in front, and leaves the visitor's coordinates out", async () => {
    const response = await fetch(`${site.url}/?lat=36.16&lng=-86.78`, { headers: { "X-Request-Id": "edge-42.a" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("edge-42.a");
    await expect
      .poll(() => jsonLines().find((l) => l.requestId === "edge-42.a")?.url)
      .toBe("/?lat=[redacted]&lng=[redacted]");
    expect(site.server.logs()).not.toContain("-86.78");
    // An id that is not one (too long, or with other characters) is replaced.
    const replaced = await fetch(`${site.url}/robots.txt`, { headers: { "X-Request-Id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
