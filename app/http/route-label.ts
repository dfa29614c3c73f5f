// The route a request reached, as a metrics label: its id in app/routes.ts (bounded), never the raw URL (unbounded).
import { matchRoutes, type RouteObject } from "react-router";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** A function naming the deepest route that matches a path ("unmatched" when none does), from a build's routes. */
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
  return (pathname) => {
    const matches = matchRoutes(routeObjects, pathname);
    return matches?.[matches.length - 1]?.route.id ?? "unmatched";
  };
}
