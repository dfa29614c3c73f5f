// /robots.txt: the admin panel and the JSON API stay out of search engines; the sitemap is announced.
import type { Route } from "./+types/robots";
import { env } from "~/env.server";
import { ROBOTS_TXT_CACHE } from "~/domain/http/cache";
import { NO_SEARCH_PARAMS, publicOrigin } from "~/domain/http/canonical";
import { robotsTxt } from "~/domain/seo/sitemap";
import { absoluteUrl } from "~/domain/seo/structured-data";
import { searchParams } from "~/http/canonical-url";

export const middleware = searchParams(NO_SEARCH_PARAMS);

export function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(env().PUBLIC_URL, request.url);
  return new Response(robotsTxt(absoluteUrl(origin, "/sitemap.xml")), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": ROBOTS_TXT_CACHE },
  });
}
