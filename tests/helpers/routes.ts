// The built server's route table (build/server/index.js exports `routes`), flattened to full paths, so tests
// can walk every route that exists, including ones added after the test was written.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

export interface BuiltRoute {
  id: string;
  /** The full pattern, e.g. "/admin/login/link/:token"; "/" for the index. */
  path: string;
  hasLoader: boolean;
  hasAction: boolean;
  /** A page (has a component) rather than a resource route. */
  hasComponent: boolean;
}

interface RawRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  exports: string[];
}

/** Reads the route table in a child process (the build is a whole server; keep it out of the test process). */
export function builtRoutes(buildDir = path.resolve("build")): BuiltRoute[] {
  const script = `
    const b = await import(${JSON.stringify(pathToFileURL(path.join(buildDir, "server", "index.js")).href)});
    const out = Object.values(b.routes).map((r) => ({ id: r.id, parentId: r.parentId, path: r.path, index: r.index, exports: Object.keys(r.module) }));
    process.stdout.write(JSON.stringify(out));
    process.exit(0);`;
  const raw = JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      env: { ...process.env, NODE_ENV: "production" },
      encoding: "utf8",
    }),
  ) as RawRoute[];
  const byId = new Map(raw.map((r) => [r.id, r]));
  const fullPath = (route: RawRoute): string => {
    const segments: string[] = [];
    for (let r: RawRoute | undefined = route; r; r = r.parentId ? byId.get(r.parentId) : undefined) {
      if (r.path) segments.unshift(r.path);
    }
    return `/${segments.join("/")}`.replace(/\/+/g, "/");
  };
  return (
    raw
      // Pathless layouts are walked through their children.
      .filter((r) => r.id !== "root" && (r.path !== undefined || r.index))
      .map((r) => ({
        id: r.id,
        path: fullPath(r),
        hasLoader: r.exports.includes("loader"),
        hasAction: r.exports.includes("action"),
        hasComponent: r.exports.includes("default"),
      }))
  );
}

/** A concrete URL path for a pattern: each :param becomes `value`, optional segments are dropped. */
export function samplePath(pattern: string, value = "1"): string {
  return pattern
    .split("/")
    .filter((segment) => !segment.endsWith("?"))
    .map((segment) => (segment.startsWith(":") ? value : segment))
    .join("/");
}
