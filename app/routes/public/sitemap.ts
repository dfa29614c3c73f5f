// /sitemap.xml and /sitemaps/{n}.xml (beyond the original): every city, hub, category, tag and activity page,
// streamed from SQL in batches; past SITEMAP_URL_LIMIT URLs /sitemap.xml becomes an index of numbered sitemaps.
import type { Route } from "./+types/sitemap";
import { countSitemapUrls, sitemapRows } from "~/data/sitemap.server";
import { env } from "~/env.server";
import { SITEMAP_CACHE } from "~/domain/http/cache";
import { NO_SEARCH_PARAMS, publicOrigin } from "~/domain/http/canonical";
import {
  sitemapIndexXml,
  sitemapPageRange,
  sitemapPath,
  sitemapPlan,
  sitemapUrlEntry,
  URLSET_CLOSE,
  URLSET_OPEN,
} from "~/domain/seo/sitemap";
import { absoluteUrl } from "~/domain/seo/structured-data";
import { searchParams } from "~/http/canonical-url";

const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": SITEMAP_CACHE,
};

function urlset(origin: string, offset: number, limit: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const rows = sitemapRows(offset, limit);
  let opened = false;
  return new ReadableStream({
    async pull(controller) {
      if (!opened) {
        opened = true;
        controller.enqueue(encoder.encode(URLSET_OPEN));
        return;
      }
      try {
        const next = await rows.next();
        if (next.done) {
          controller.enqueue(encoder.encode(URLSET_CLOSE));
          controller.close();
          return;
        }
        let chunk = "";
        for (const row of next.value) chunk += sitemapUrlEntry(absoluteUrl(origin, sitemapPath(row)), row.updatedAt);
        controller.enqueue(encoder.encode(chunk));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}

export const middleware = searchParams(NO_SEARCH_PARAMS);

export async function loader({ request, params }: Route.LoaderArgs) {
  const origin = publicOrigin(env().PUBLIC_URL, request.url);
  const limit = env().SITEMAP_URL_LIMIT;
  const total = await countSitemapUrls();
  const file = "file" in params ? params.file : undefined;
  if (file === undefined) {
    const plan = sitemapPlan(total, limit);
    if (plan.kind === "single") return new Response(urlset(origin, 0, total), { headers: XML_HEADERS });
    const urls = Array.from({ length: plan.pages }, (_, i) => absoluteUrl(origin, `/sitemaps/${i + 1}.xml`));
    return new Response(sitemapIndexXml(urls), { headers: XML_HEADERS });
  }
  // One URL per page: '/sitemaps/01.xml' is no address of page 1.
  const match = /^([1-9]\d{0,5})\.xml$/.exec(file);
  const range = match ? sitemapPageRange(Number(match[1]), total, limit) : null;
  if (!range) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(urlset(origin, range.offset, range.limit), { headers: XML_HEADERS });
}
