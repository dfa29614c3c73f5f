import { describe, expect, it } from "vitest";
import type { EntryContext } from "react-router";
import { manifestUrlFor, PUBLIC_LAYOUT_ID, publicManifest } from "./public-manifest.server";

type Manifest = EntryContext["manifest"];

function route(id: string, parentId: string | undefined, path?: string) {
  return {
    id,
    parentId,
    path,
    hasAction: false,
    hasLoader: true,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    module: `/assets/${id.replaceAll("/", "-")}.js`,
  };
}

function manifestOf(version: string): Manifest {
  const routes = [
    route("root", undefined, ""),
    route(PUBLIC_LAYOUT_ID, "root"),
    route("city-activities", PUBLIC_LAYOUT_ID, ":country/:region/:cityId/things-to-do"),
    route("prefixless-city", PUBLIC_LAYOUT_ID),
    route("prefixless-city-hub", "prefixless-city", ":cityId"),
    route("routes/admin/layout", "root"),
    route("routes/admin/activities/index", "routes/admin/layout", "admin/activities"),
    route("embed-activity-by-id", "root", "embed/activity/:id"),
    route("api-cities", "root", "api/cities"),
  ];
  return {
    entry: { module: "/assets/entry.client.js", imports: [] },
    routes: Object.fromEntries(routes.map((r) => [r.id, r])),
    url: `/assets/manifest-${version}.js`,
    version,
  } as unknown as Manifest;
}

/** What the browser would find in window.__reactRouterManifest after running the file. */
function run(text: string): Manifest {
  const window = {} as { __reactRouterManifest?: Manifest };
  new Function("window", text)(window);
  return window.__reactRouterManifest!;
}

describe("publicManifest", () => {
  const manifest = manifestOf("1a2b3c4d");
  const section = publicManifest(manifest);

  it("holds the root and every route below the public layout, at any depth, and no other", () => {
    expect([...section.routeIds].sort()).toEqual(
      ["root", PUBLIC_LAYOUT_ID, "city-activities", "prefixless-city", "prefixless-city-hub"].sort(),
    );
  });

  it("is a file the browser runs into React Router's manifest, naming itself and keeping the build's entry", () => {
    const loaded = run(section.text);
    expect(Object.keys(loaded.routes).sort()).toEqual([...section.routeIds].sort());
    expect(loaded.routes["city-activities"]).toEqual(manifest.routes["city-activities"]);
    expect(loaded.entry).toEqual(manifest.entry);
    expect(loaded.version).toBe(manifest.version);
    expect(loaded.url).toBe(section.url);
    expect(section.url).toMatch(/^\/assets\/manifest-public-[0-9a-f]{8}\.js$/);
  });

  it("is named by its content: the same for the same build, another for another", () => {
    expect(publicManifest(manifestOf("1a2b3c4d")).url).toBe(section.url);
    expect(publicManifest(manifestOf("5e6f7a8b")).url).not.toBe(section.url);
  });
});

describe("manifestUrlFor", () => {
  const manifest = manifestOf("1a2b3c4d");

  it("gives a page whose routes are all public the public manifest", () => {
    expect(manifestUrlFor(manifest, ["root", PUBLIC_LAYOUT_ID, "city-activities"])).toBe(publicManifest(manifest).url);
  });

  it("gives any other page the whole build's manifest", () => {
    expect(manifestUrlFor(manifest, ["root", "routes/admin/layout", "routes/admin/activities/index"])).toBe(
      manifest.url,
    );
    expect(manifestUrlFor(manifest, ["root", "embed-activity-by-id"])).toBe(manifest.url);
  });
});
