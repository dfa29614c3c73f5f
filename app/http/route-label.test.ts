import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { routeLabeler } from "./route-label";

describe("routeLabeler", () => {
  const label = routeLabeler({
    root: { id: "root", path: "" },
    home: { id: "home", parentId: "root", index: true },
    admin: { id: "admin", parentId: "root", path: "admin" },
    "admin-activities": { id: "admin-activities", parentId: "admin", path: "activities" },
    city: { id: "city", parentId: "root", path: ":country/:state/:city" },
    splat: { id: "splat", parentId: "root", path: "*" },
  });

  it("names the deepest route, whatever the parameters' values", () => {
    expect(label("/")).toBe("home");
    expect(label("/admin/activities")).toBe("admin-activities");
    expect(label("/usa/tn/nashville")).toBe("city");
    expect(label("/usa/ca/san-francisco")).toBe("city");
  });

  it("is the catch-all, or 'unmatched', for anything else: never the raw path", () => {
    expect(label("/no/such/page/here")).toBe("splat");
    expect(routeLabeler({ a: { id: "a", path: "a" } })("/b")).toBe("unmatched");
  });
});

describe("routeLabeler on the site's route table", () => {
  type Entry = {
    id?: string;
    file: string;
    path?: string;
    index?: boolean;
    caseSensitive?: boolean;
    children?: Entry[];
  };
  const manifest: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = {
    root: { id: "root", path: "" },
  };
  const add = (entries: Entry[], parentId: string) => {
    for (const e of entries) {
      const id = e.id ?? e.file;
      manifest[id] = { id, parentId, path: e.path, index: e.index };
      add(e.children ?? [], id);
    }
  };
  const tree = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest)
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, children: tree(r.id) },
      );
  /** What React Router's own matching names. */
  const reference = (routes: RouteObject[], pathname: string) => {
    const matches = matchRoutes(routes, pathname);
    return matches?.[matches.length - 1]?.route.id ?? "unmatched";
  };

  it("names what React Router's matchRoutes names, for every route's shapes and odd spellings of them", async () => {
    add((await import("~/routes")).default as Entry[], "root");
    const label = routeLabeler(manifest);
    const routes = tree(undefined);
    // React Router warns of each path it cannot decode.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const values = ["usa", "TN", "a%20b", "x%2Fy", "things-to-do", "%E0%A4%A"];
    const paths = new Set<string>(["/", "", "//", "/?q=1", "/#x", "//admin//activities", "/embed"]);
    for (const [n, route] of Object.values(manifest).entries()) {
      let pattern = "";
      for (let r: typeof route | undefined = route; r; r = r.parentId ? manifest[r.parentId] : undefined) {
        pattern = `${r.path ?? ""}/${pattern}`;
      }
      const filled = pattern
        .split("/")
        .map((s, j) => (s.startsWith(":") ? values[(n + j) % values.length]! : s === "*" ? "any/more" : s))
        .join("/");
      // Each shape as written, in capitals, with slashes after it, and one segment longer.
      for (const [k, path] of [filled, filled.toUpperCase(), `${filled}//`, `${filled}/extra`].entries()) {
        paths.add((k === 0 && n % 8 === 0 ? "//" : "/") + path.replace(/^\/+/, ""));
      }
    }
    expect(paths.size).toBeGreaterThan(400);
    for (const path of paths) expect([path, label(path)]).toEqual([path, reference(routes, path)]);
  }, 60_000);
});
