// The JSON API's answers to methods and paths it does not serve, walked from the built route table so a route added
// later is covered too: a wrong method is a 405 JSON naming the method and the path with an Allow header, OPTIONS
// and HEAD never fail, and an /api path no route claims is a JSON 404 — never the HTML page or a server error.
import { describe, expect, it } from "vitest";
import { setUpSite } from "../helpers/e2e";
import { builtRoutes, samplePath } from "../helpers/routes";

const site = setUpSite({ browser: false });

const apiRoutes = builtRoutes().filter((r) => r.path.startsWith("/api/"));
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

/** What each documented path takes (admin §7, public-site §7). */
const ALLOW: Record<string, string> = {
  "/api/activities": "GET, HEAD, POST, OPTIONS",
  "/api/activities/:id": "GET, HEAD, PUT, DELETE, OPTIONS",
  "/api/activities/count": "GET, HEAD, OPTIONS",
  "/api/activities/bulk-category-update": "POST, OPTIONS",
  "/api/activities/by-slug/:cityId/:activitySlug": "GET, HEAD, OPTIONS",
  "/api/cities": "GET, HEAD, POST, OPTIONS",
  "/api/cities/:id": "GET, HEAD, PUT, DELETE, OPTIONS",
  "/api/cities/count": "GET, HEAD, OPTIONS",
  "/api/cities-with-counts": "GET, HEAD, OPTIONS",
  "/api/tags": "GET, HEAD, POST, OPTIONS",
  "/api/tags/:id": "GET, HEAD, PUT, DELETE, OPTIONS",
  "/api/categories": "GET, HEAD, POST, OPTIONS",
  "/api/categories/:id": "GET, HEAD, PUT, DELETE, OPTIONS",
  "/api/seo-settings": "GET, HEAD, PUT, OPTIONS",
  "/api/scripts": "GET, HEAD, PUT, OPTIONS",
  "/api/search": "GET, HEAD, OPTIONS",
  "/api/mapbox-token": "GET, HEAD, OPTIONS",
  "/api/tag-meta/:country/:region/:city/:tagSlug": "GET, HEAD, OPTIONS",
  "/api/category-meta/:country/:region/:city/:categorySlug": "GET, HEAD, OPTIONS",
  "/api/auth/google": "GET, HEAD, POST, OPTIONS",
  "/api/auth/google/callback": "GET, HEAD, OPTIONS",
  "/api/auth/user": "GET, HEAD, OPTIONS",
  "/api/logout": "GET, HEAD, OPTIONS",
};

function call(method: string, path: string) {
  const rawBody = ["GET", "HEAD", "OPTIONS"].includes(method) ? undefined : "{}";
  return site.api(path, { method, rawBody, redirect: "manual" });
}

describe("API methods", () => {
  it("finds the API routes in the route table", () => {
    expect(apiRoutes.map((r) => r.path)).toEqual(expect.arrayContaining(Object.keys(ALLOW)));
  });

  it("answers OPTIONS with the methods each path takes, matching what its module serves", async () => {
    for (const route of apiRoutes) {
      const path = samplePath(route.path);
      const response = await call("OPTIONS", path);
      expect(response.status, path).toBe(204);
      const allow = response.headers.get("Allow") ?? "";
      if (ALLOW[route.path]) expect(allow, route.path).toBe(ALLOW[route.path]);
      const methods = allow.split(", ");
      expect(methods.includes("GET"), `${route.path} GET iff a loader`).toBe(route.hasLoader);
      expect(
        methods.some((m) => ["POST", "PUT", "PATCH", "DELETE"].includes(m)),
        `${route.path} mutations iff an action`,
      ).toBe(route.hasAction);
    }
  });

  it("refuses every other method with a 405 JSON naming it, the path and the allowed methods", async () => {
    for (const route of apiRoutes) {
      const path = samplePath(route.path);
      const allow = (await call("OPTIONS", path)).headers.get("Allow")!;
      for (const method of METHODS.filter((m) => !allow.split(", ").includes(m))) {
        const response = await call(method, path);
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get("Allow"), `${method} ${path}`).toBe(allow);
        if (method === "HEAD") continue; // no body
        expect(response.headers.get("Content-Type"), `${method} ${path}`).toMatch(/application\/json/);
        expect(await response.json(), `${method} ${path}`).toEqual({
          message: `Method ${method} is not allowed on ${path}`,
        });
      }
    }
  });

  it("never fails a HEAD or GET it serves with a server error", async () => {
    for (const route of apiRoutes.filter((r) => r.hasLoader)) {
      const path = samplePath(route.path);
      for (const method of ["HEAD", "GET"]) {
        const response = await call(method, path);
        await response.arrayBuffer();
        expect(response.status, `${method} ${path}`).toBeLessThan(500);
      }
    }
  });

  it("answers HEAD like GET, without a body", async () => {
    const get = await call("GET", "/api/cities-with-counts");
    const head = await call("HEAD", "/api/cities-with-counts");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toBe(get.headers.get("Content-Type"));
    expect(await head.text()).toBe("");
  });
});

describe("unknown API paths", () => {
  it("answer a JSON 404 for any method and depth, not the HTML page", async () => {
    for (const path of [
      "/api",
      "/api/nope",
      "/api/things-to-do/x",
      "/api/a/b/c",
      "/api/activities/1/x/y",
      "/api/a/b/c/d/e/f/g",
    ]) {
      for (const method of ["GET", "POST", "DELETE"]) {
        const response = await call(method, path);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.headers.get("Content-Type"), `${method} ${path}`).toMatch(/application\/json/);
        expect(await response.json(), `${method} ${path}`).toEqual({ message: `No API endpoint at ${path}` });
      }
    }
  });
});
