// First: zod's browser setting precedes any module that builds a schema (app/zod-config.ts).
import "~/zod-config";
import { useEffect } from "react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { env } from "~/env.server";
import { assertSameOrigin, isSafeMethod } from "~/auth/origin.server";
import { isPrivateRequest } from "~/auth/admin-api";
import { takeToast } from "~/auth/toast.server";
import { GeneralErrorBoundary, StatusPage, StatusPageLink } from "~/components/GeneralErrorBoundary";
import { PublicFrame } from "~/components/PublicFrame";
import { NavigationLoading } from "~/components/NavigationLoading";
import { Toaster } from "~/components/Toaster";
import { SiteHead, useHydrate } from "~/components/SiteHead";
import { SiteFrameData } from "~/components/site-frame";
import { getPageScripts } from "~/data/scripts.server";
import { pageCache } from "~/http/page-cache.server";
import { withSharedReferenceVersion } from "~/data/reference-cache.server";
import { withActorScope } from "~/data/history.server";
import { getSiteSeo } from "~/data/seo.server";
import { pagePath } from "~/domain/http/canonical";
import { NO_PAGE_SCRIPTS, pageCarriesScripts } from "~/domain/admin/scripts";
import { DATA_KEY, isSharedCacheable, PRIVATE_NO_STORE, SURROGATE_KEY_HEADER } from "~/domain/http/cache";
import { purgeCachesAfterWrites } from "~/workflows/purge-after-writes.server";
import { DEFAULT_BRAND, socialMeta } from "~/domain/seo/social-meta";
import { DEFAULT_PAGE_DESCRIPTION, DEFAULT_PAGE_TITLE, NOT_FOUND_PAGE_TITLE } from "~/domain/seo/seo";
import { unknownApiPath } from "~/routes/api/responses.server";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const middleware: Route.MiddlewareFunction[] = [
  // An /api path no API route claims answers JSON like the rest of the API.
  unknownApiPath,
  // The history names who wrote: the administrator the request's session names (getAdmin), else 'system'.
  (_args, next) => withActorScope(next),
  // Every mutation, page action or API call, must come from our own origin (CSRF).
  ({ request }) => {
    assertSameOrigin(request);
  },
  // A GET only reads: its loaders share one look at whether the in-memory reference data is current. Any other
  // method may write: when the data version moved, the shared caches in front are purged once it has committed.
  ({ request }, next) =>
    isSafeMethod(request.method) ? withSharedReferenceVersion(next) : purgeCachesAfterWrites(next),
  // A public GET any visitor would get alike is rendered once per data version, then served from memory.
  pageCache,
  // What a shared cache may keep names what it shows, so that a write can purge it there.
  async (_args, next) => {
    const response = await next();
    if (isSharedCacheable(response.headers.get("Cache-Control"))) response.headers.set(SURROGATE_KEY_HEADER, DATA_KEY);
    return response;
  },
  // Admin pages, admin API answers and the sign-in flow are never stored by browsers or proxies.
  async ({ request }, next) => {
    const response = await next();
    if (isPrivateRequest(request)) response.headers.set("Cache-Control", PRIVATE_NO_STORE);
    return response;
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const e = env();
  const [{ toast, setCookie }, scripts, site] = await Promise.all([
    takeToast(request),
    pageCarriesScripts(pagePath(request.url)) ? getPageScripts() : NO_PAGE_SCRIPTS,
    getSiteSeo(request),
  ]);
  return data(
    {
      brand: e.BRAND_NAME,
      // Admin-authored HTML, for public pages only; app/entry.server.tsx writes it raw into <head> and <body>.
      scripts,
      toast,
      site,
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

// Pages without their own meta get the default title and description; an unknown path, 'Page Not Found'.
export function meta({ data, error }: Route.MetaArgs) {
  const title = isRouteErrorResponse(error) && error.status === 404 ? NOT_FOUND_PAGE_TITLE : DEFAULT_PAGE_TITLE;
  return socialMeta({ title, description: DEFAULT_PAGE_DESCRIPTION, brand: data?.brand ?? DEFAULT_BRAND });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const hydrate = useHydrate();
  // The document says when the page's scripts have taken over (they start after the first paint): the browser
  // tests use what scripts add only from then on, as a visitor sees the page before using it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#F9AF24" />
        {/* With a precedence React writes the stylesheet early in <head>, after only the preload of the page's
            high-priority image, so the one render-blocking file is fetched first (the scripts start after the first
            paint: app/http/script-priority.ts). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
        <SiteHead />
      </head>
      <body className="min-h-screen bg-white font-sans antialiased">
        {children}
        {hydrate && <SiteFrameData />}
        {hydrate && <ScrollRestoration />}
        {hydrate && <Scripts />}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Outlet />
      <NavigationLoading />
      <Toaster toast={loaderData.toast} />
    </>
  );
}

/**
 * What no page answers ('404 Page Not Found'), and what fails above the pages' own boundaries (the root's loader,
 * the prefix-less paths' middleware, an admin page): outside the public layout, so it draws the same frame itself
 * (from settings that need no loader: a middleware's 404 leaves every loader unrun).
 */
export function ErrorBoundary() {
  return (
    <PublicFrame>
      <GeneralErrorBoundary
        statusHandlers={{
          404: () => (
            <StatusPage
              heading="404 Page Not Found"
              message="The page you are looking for does not exist."
              action={
                <StatusPageLink to="/" reloadDocument>
                  Return Home
                </StatusPageLink>
              }
            />
          ),
        }}
      />
    </PublicFrame>
  );
}
