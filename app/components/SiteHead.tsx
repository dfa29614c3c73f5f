// The tags every page's <head> gets beyond its own title and description: the canonical link and the
// site-wide Open Graph / Twitter card tags. Rendered by the root layout, so each route need not repeat them.
import { useLocation, useMatches, useRouteError, useRouteLoaderData } from "react-router";
import { canonicalUrl } from "~/domain/http/canonical";
import { oembedDiscoveryHref } from "~/domain/pages/oembed";
import { pageSeoFromMatches, siteSocialMeta } from "~/domain/seo/social-meta";
import { absoluteUrl } from "~/domain/seo/structured-data";

type SiteData = { brand: string; site: { origin: string; defaultSocialImage: string } };

export function SiteHead() {
  const root = useRouteLoaderData("root") as SiteData | undefined;
  const location = useLocation();
  const matches = useMatches();
  const error = useRouteError();
  if (!root) return null;
  const seo = pageSeoFromMatches(matches);
  const isAdmin = location.pathname === "/admin" || location.pathname.startsWith("/admin/");
  // A page showing its error boundary (a 404 thrown by its loader) has no data of its own; useRouteError here
  // only sees the root's errors.
  const failed = matches.at(-1)?.loaderData === undefined;
  if (error || failed || seo.noindex || isAdmin) return <meta name="robots" content="noindex" />;
  const path = seo.canonicalPath ?? location.pathname;
  const search = seo.canonicalPath ? "" : location.search;
  const url = canonicalUrl(root.site.origin, path, search);
  const image = absoluteUrl(root.site.origin, seo.image || root.site.defaultSocialImage);
  const tags = siteSocialMeta({
    url,
    siteName: root.brand,
    image,
    imageIsDefault: !seo.image,
    type: seo.type,
  });
  return (
    <>
      <link rel="canonical" href={url} />
      {seo.oembedTitle !== undefined && (
        <link
          rel="alternate"
          type="application/json+oembed"
          href={oembedDiscoveryHref(root.site.origin, url)}
          title={seo.oembedTitle}
        />
      )}
      {tags.map((t) =>
        "property" in t ? (
          <meta key={`${t.property}`} property={t.property} content={t.content} />
        ) : (
          <meta key={`${t.name}`} name={t.name} content={t.content} />
        ),
      )}
    </>
  );
}

/** A route whose handle says `hydrate: false` (the embed card) is served as plain HTML without the client bundle. */
export function useHydrate(): boolean {
  return !useMatches().some((m) => (m.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}
