// The root error boundary as the server renders it: a failing request shows 'Something went wrong' with a
// 500 status, an unknown path '404 Page Not Found' with 404. Rendered through React Router's static handler
// with the real root module (loader, App, ErrorBoundary) over a fresh database.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createRequestHandler,
  createStaticHandler,
  createStaticRouter,
  data,
  StaticRouterProvider,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  useRouteError,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import { describe, expect, it } from "vitest";
import * as entryServer from "~/entry.server";
import * as root from "~/root";
import { SiteFrameProvider, siteFrameOf } from "~/components/site-frame";
import { env } from "~/env.server";
import { databaseForTheseTests } from "../helpers/fresh-database";

databaseForTheseTests("migrated");

const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    loader: (args) => root.loader(args),
    Component: () => createElement(root.default as never, { loaderData: { toast: null } } as never),
    ErrorBoundary: () => createElement(root.ErrorBoundary as never, { error: useRouteError() } as never),
    children: [
      {
        path: "failing",
        loader: () => {
          throw new Error("the database went away");
        },
        Component: () => null,
      },
      {
        path: "*",
        loader: () => {
          throw data(null, { status: 404 });
        },
        Component: () => null,
      },
    ],
  },
];

async function render(path: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // As app/entry.server.tsx renders every page: the frame's settings around the router.
  const html = renderToString(
    createElement(
      SiteFrameProvider,
      { value: siteFrameOf(env()) },
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    ),
  );
  return { status: context.statusCode, html };
}

describe("root error boundary", () => {
  it("a request that fails renders 'Something went wrong' with a 500 status and a Refresh Page link", async () => {
    const original = console.error;
    console.error = () => {}; // the boundary logs the error; keep the test output clean
    try {
      const { status, html } = await render("/failing");
      expect(status).toBe(500);
      expect(html).toContain("Something went wrong");
      expect(html).toContain("Please refresh the page to try again.");
      // A link to the address being shown: it reloads the page, JavaScript or not.
      expect(html).toMatch(/<a href="\/failing"[^>]*>Refresh Page<\/a>/);
      expect(html).not.toContain("the database went away");
    } finally {
      console.error = original;
    }
  });

  it("an unknown path renders '404 Page Not Found' with a 404 status and the site header and footer", async () => {
    const { status, html } = await render("/no/such/page");
    expect(status).toBe(404);
    expect(html).toContain("404 Page Not Found");
    expect(html).toContain("Explore Places");
    expect(html).toContain("Travel Lists");
    expect(html).toMatch(/<a [^>]*href="\/privacy"[^>]*>Privacy Policy<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/terms"[^>]*>Terms of Use<\/a>/);
  });

  it("titles an unknown path 'Page Not Found | {brand}', and other errors with the default title", () => {
    const title = (error: unknown) =>
      (root.meta({ data: { brand: "Brand" }, error } as never) as { title?: string }[]).find((m) => m.title)?.title;
    expect(title(new ErrorResponseImpl(404, "Not Found", null))).toBe("Page Not Found | Brand");
    expect(title(new Error("the database went away"))).toBe("Find Things To Do | Brand");
    expect(title(undefined)).toBe("Find Things To Do | Brand");
  });
});

// A page whose component throws while the server renders it, through React Router's request handler and the app's
// own server entry (app/entry.server.tsx) and root: the visitor gets the error page with a 500 status, the error's
// text stays on the server.
describe("a page that fails to render", () => {
  const entryRoute = (id: string, path: string, parentId?: string) => ({
    id,
    path,
    parentId,
    module: `/assets/${id}.js`,
    hasAction: false,
    hasLoader: id === "root",
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: id === "root",
    imports: [],
    css: [],
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  });
  function Broken(): never {
    throw new Error("the template broke");
  }
  const build = {
    entry: { module: entryServer },
    routes: {
      root: { id: "root", path: "", module: root },
      broken: { id: "broken", parentId: "root", path: "broken", module: { default: Broken } },
    },
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: { root: entryRoute("root", ""), broken: entryRoute("broken", "broken", "root") },
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: true },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;

  it("answers 500 with 'Something went wrong' and a Refresh Page link", async () => {
    const original = console.error;
    console.error = () => {}; // React and the entry log the error; keep the test output clean
    try {
      const response = await createRequestHandler(
        build,
        "production",
      )(new Request("http://localhost/broken", { headers: { Accept: "text/html" } }));
      expect(response.status).toBe(500);
      expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      const html = await response.text();
      expect(html).toContain("Something went wrong");
      expect(html).toContain("Please refresh the page to try again.");
      expect(html).toMatch(/<a href="\/broken"[^>]*>Refresh Page<\/a>/);
      expect(html).not.toContain("the template broke");
    } finally {
      console.error = original;
    }
  });
});
