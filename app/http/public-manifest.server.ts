// A public page hydrates with a route manifest of the public site's routes alone (docs/decisions/046): React
// Router's browser start-up turns every route of the manifest it loads into route objects, ranks them all and tries
// them in turn against the address, and 109 of the 128 are the admin's, the embed card's and the API's, which no
// public page links to. On a low-tier phone that start-up was the longest task of every page.
import { createHash } from "node:crypto";
import type { EntryContext } from "react-router";

type Manifest = EntryContext["manifest"];

/** The layout every public page renders in (app/routes.ts): its routes are the public site's. */
export const PUBLIC_LAYOUT_ID = "routes/public/layout";

export interface PublicManifest {
  /** Where the file is served, beside the build's assets and as immutable as they are. */
  url: string;
  /** The file: the browser's manifest, as React Router writes it, with the public routes only. */
  text: string;
  /** The root and the public layout with every route below it. */
  routeIds: ReadonlySet<string>;
}

const byManifest = new WeakMap<Manifest, PublicManifest>();

/** The public site's manifest of `manifest` (the build's; the same object every request, so made once). */
export function publicManifest(manifest: Manifest): PublicManifest {
  const known = byManifest.get(manifest);
  if (known) return known;
  const routes: Manifest["routes"] = {};
  for (const route of Object.values(manifest.routes)) {
    if (route && isPublicRoute(manifest, route.id)) routes[route.id] = route;
  }
  const content = { ...manifest, routes };
  const hash = createHash("sha256").update(JSON.stringify(content)).digest("hex").slice(0, 8);
  const url = `/assets/manifest-public-${hash}.js`;
  const section = {
    url,
    text: `window.__reactRouterManifest=${JSON.stringify({ ...content, url })};`,
    routeIds: new Set(Object.keys(routes)),
  };
  byManifest.set(manifest, section);
  return section;
}

function isPublicRoute(manifest: Manifest, id: string): boolean {
  if (id === "root") return true;
  for (let route = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    if (route.id === PUBLIC_LAYOUT_ID) return true;
  }
  return false;
}

/**
 * The manifest URL a document whose matched routes are `routeIds` loads: the public one when every route is public,
 * the whole build's otherwise (an admin page's links and forms reach every route).
 */
export function manifestUrlFor(manifest: Manifest, routeIds: readonly string[]): string {
  const section = publicManifest(manifest);
  return routeIds.every((id) => section.routeIds.has(id)) ? section.url : manifest.url;
}
