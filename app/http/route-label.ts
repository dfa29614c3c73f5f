// The route a request reached, as a metrics label: its id in app/routes.ts (bounded), never the raw URL (unbounded).
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject } from "react-router";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** A route path's segment that takes any value (`:name`). */
const PARAM = /^:[\w-]+$/;

/** One route of a branch: the pattern of its own part of the path, compiled as React Router compiles it. */
interface Step {
  matcher: RegExp;
  /** Whether the pattern ends in a splat, which makes what it matched end before the splat's value. */
  splat: boolean;
}

interface Branch {
  id: string;
  score: number;
  indexes: number[];
  steps: Step[];
}

/** React Router's compilePath (react-router 7): a pattern's expression, parameters and splat; no optional segments. */
function compile(path: string, caseSensitive: boolean, end: boolean): Step {
  let source =
    "^" +
    path
      .replace(/\/*\*?$/, "")
      .replace(/^\/*/, "/")
      .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
      .replace(/\/:([\w-]+)/g, "/([^\\/]+)");
  const splat = path.endsWith("*");
  if (splat) source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  else if (end) source += "\\/*$";
  else if (path !== "" && path !== "/") source += "(?:(?=\\/|$))";
  return { matcher: new RegExp(source, caseSensitive ? undefined : "i"), splat };
}

/** React Router's computeScore: static segments rank above parameters, a splat below everything. */
function score(path: string, index: boolean): number {
  const segments = path.split("/");
  let total = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const s of segments) if (s !== "*") total += PARAM.test(s) ? 3 : s === "" ? 1 : 10;
  return total;
}

/** Two branches' order when their scores tie: siblings in the order listed, any others as found. */
function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? a[a.length - 1]! - b[b.length - 1]! : 0;
}

/** `/`-joined, repeated slashes made one (React Router's joinPaths). */
const joinPaths = (parts: string[]) => parts.join("/").replace(/\/\/+/g, "/");

/**
 * The routes flattened and ranked once, as React Router's matchRoutes does on every call (flattenRoutes,
 * rankRouteBranches), or null for a route table it would read differently (an optional segment).
 */
function rankedBranches(tree: RouteObject[]): Branch[] | null {
  const branches: Branch[] = [];
  let supported = true;
  const flatten = (
    routes: RouteObject[],
    parents: Array<{ relativePath: string; caseSensitive: boolean; index: number }>,
    parentPath: string,
  ) =>
    routes.forEach((route, index) => {
      if (route.path?.includes("?")) supported = false;
      const meta = { relativePath: route.path ?? "", caseSensitive: route.caseSensitive === true, index };
      if (meta.relativePath.startsWith("/")) {
        if (!meta.relativePath.startsWith(parentPath)) supported = false;
        meta.relativePath = meta.relativePath.slice(parentPath.length);
      }
      const path = joinPaths([parentPath, meta.relativePath]);
      const metas = [...parents, meta];
      if (route.children && route.children.length > 0) flatten(route.children, metas, path);
      if (route.path == null && !route.index) return;
      branches.push({
        id: route.id!,
        score: score(path, route.index === true),
        indexes: metas.map((m) => m.index),
        steps: metas.map((m, i) => compile(m.relativePath, m.caseSensitive, i === metas.length - 1)),
      });
    });
  flatten(tree, [], "");
  branches.sort((a, b) => (a.score !== b.score ? b.score - a.score : compareIndexes(a.indexes, b.indexes)));
  return supported ? branches : null;
}

/** React Router's decodePath: each segment decoded, a decoded `/` kept as %2F; a malformed one leaves it as it is. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((v) => decodeURIComponent(v).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/** Whether `branch` matches the whole of `pathname` (React Router's matchRouteBranch). */
function matchesBranch(branch: Branch, pathname: string): boolean {
  let matched = "/";
  for (const step of branch.steps) {
    const remaining = matched === "/" ? pathname : pathname.slice(matched.length) || "/";
    const match = step.matcher.exec(remaining);
    if (!match) return false;
    let base = match[0];
    if (step.splat) base = base.slice(0, base.length - (match[match.length - 1] ?? "").length);
    base = base.replace(/(.)\/+$/, "$1");
    if (base !== "/") matched = joinPaths([matched, base]);
  }
  return true;
}

/**
 * A function naming the deepest route that matches a path ("unmatched" when none does), from a build's routes.
 * React Router's matchRoutes flattens, compiles and ranks every route on each call (the largest single cost of a
 * rendered page's labelling: a crawl of fresh URLs never repeats a path), so that is done once here, the same way,
 * and each path is only tried against the ranked branches; a table it does not cover goes to matchRoutes.
 */
export function routeLabeler(routes: Record<string, ManifestRoute | undefined>): (pathname: string) => string {
  const children = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((r) =>
      r.index
        ? { id: r.id, path: r.path, index: true, caseSensitive: r.caseSensitive }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: tree(r.id) },
    );
  const routeObjects = tree(undefined);
  const branches = rankedBranches(routeObjects);
  const label = branches
    ? (path: string) => {
        // React Router's parsePath: a hash, then a query, are no part of the path.
        const pathname = path.split("#")[0]!.split("?")[0] || "/";
        const decoded = decodePath(pathname);
        return branches.find((branch) => matchesBranch(branch, decoded))?.id ?? "unmatched";
      }
    : (pathname: string) => {
        const matches = matchRoutes(routeObjects, pathname);
        return matches?.[matches.length - 1]?.route.id ?? "unmatched";
      };
  // The paths labelled last: a request asks twice (the redirect of a junk query string before routing, then its
  // metrics), and the paths of a site are asked again and again under ever new query strings. Bounded by their
  // length, as paths are unbounded.
  const known = new LRUCache<string, string>({
    maxSize: PATHS_KEPT_CHARS,
    sizeCalculation: (_, path) => path.length + 1,
  });
  return (path) => {
    let id = known.get(path);
    if (id === undefined) known.set(path, (id = label(path)));
    return id;
  };
}

/** The characters of the paths routeLabeler keeps labelled (about a thousand typical paths). */
const PATHS_KEPT_CHARS = 64 * 1024;
