// Graceful shutdown (server/app.ts): on SIGTERM, as a deploy or `docker stop` sends it, the server says so, stops
// taking connections, finishes the requests it is answering, and exits on its own.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alive, startServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

/** Whether a new connection to the server is refused. */
function refused(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(url + "/", { agent: false }, (response) => {
      response.resume();
      resolve(false);
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

describe("on SIGTERM", () => {
  it("stops taking connections, answers the request it is in the middle of, and exits", async () => {
    // The admin CLI's login-link call, its body only half sent: the server is answering it (reading the body).
    // 'Expect: 100-continue' has the server say when it holds the request, before any of the body is sent.
    const { hostname, port } = new URL(server.url);
    const request = http.request({
      hostname,
      port,
      path: "/admin/cli/login-link",
      method: "POST",
      agent: false,
      headers: {
        Authorization: `Bearer ${server.cliSecret()}`,
        "Content-Type": "application/json",
        Origin: server.url,
        "Transfer-Encoding": "chunked",
        Expect: "100-continue",
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on("error", reject);
    });
    await new Promise<void>((resolve) => request.once("continue", resolve));
    request.write('{"email":"last');

    process.kill(server.pid, "SIGTERM");
    await expect.poll(() => server.logs()).toContain("SIGTERM received, closing");
    // No new connection once it is closing, while the request above is still open.
    await expect.poll(() => refused(server.url)).toBe(true);
    expect(alive(server.pid)).toBe(true);

    request.end('-request@example.com"}');
    const { status, body } = await answered;
    expect(status).toBe(200);
    expect((JSON.parse(body) as { url: string }).url).toMatch(/\/admin\/login\/link\/[^/]+$/);
    await expect.poll(() => alive(server.pid)).toBe(false);
  });
});
