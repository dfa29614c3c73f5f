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

/** How many paths' labels are remembered: matching flattens and ranks the whole route table each time. */
const REMEMBERED_PATHS = 2_000;

/**
 * A function naming the deepest route that matches a path ("unmatched" when none does), from a build's routes.
 * React Router's matchRoutes flattens and ranks every route on each call (about a fifth of the CPU a 301 costs), so
 * the labels of recent paths are remembered (by path only: a query string never makes an entry).
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
  const labels = new LRUCache<string, string>({ max: REMEMBERED_PATHS });
  return (pathname) => {
    let label = labels.get(pathname);
    if (label === undefined) {
      const matches = matchRoutes(routeObjects, pathname);
      label = matches?.[matches.length - 1]?.route.id ?? "unmatched";
      labels.set(pathname, label);
    }
    return label;
  };
}
