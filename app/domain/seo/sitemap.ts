// /sitemap.xml (beyond the original): a single sitemap up to the protocol's 50,000 URLs, then a sitemap
// index pointing at numbered sitemaps of at most that many URLs each.
import {
  activityPath,
  categoryPath,
  cityPath,
  cityThingsToDoPath,
  PRIVACY_PATH,
  tagPath,
  TERMS_PATH,
  type CityRef,
} from "../http/urls";

export const SITEMAP_URL_LIMIT = 50_000;

export type SitemapPlan = { kind: "single" } | { kind: "index"; pages: number };

/** One sitemap while the URLs fit in one, else an index of ceil(total / limit) sitemaps. */
export function sitemapPlan(totalUrls: number, limit = SITEMAP_URL_LIMIT): SitemapPlan {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`Invalid sitemap limit ${limit}`);
  if (totalUrls <= limit) return { kind: "single" };
  return { kind: "index", pages: Math.ceil(totalUrls / limit) };
}

/** The [offset, offset + limit) slice of all URLs that numbered sitemap `page` (from 1) holds, or null. */
export function sitemapPageRange(
  page: number,
  totalUrls: number,
  limit = SITEMAP_URL_LIMIT,
): { offset: number; limit: number } | null {
  const plan = sitemapPlan(totalUrls, limit);
  if (plan.kind !== "index" || !Number.isInteger(page) || page < 1 || page > plan.pages) return null;
  return { offset: (page - 1) * limit, limit };
}

export function xmlEscape(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
export const URLSET_CLOSE = "</urlset>\n";

export function sitemapUrlEntry(loc: string, lastmod?: Date | null): string {
  const mod = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
  return `<url><loc>${xmlEscape(loc)}</loc>${mod}</url>\n`;
}

export function sitemapIndexXml(sitemapUrls: readonly string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    sitemapUrls.map((u) => `<sitemap><loc>${xmlEscape(u)}</loc></sitemap>\n`).join("") +
    "</sitemapindex>\n"
  );
}

/** robots.txt: the admin panel and the JSON API stay out of search engines; the sitemap is announced. */
export function robotsTxt(sitemapUrl: string): string {
  return ["User-agent: *", "Disallow: /admin", "Disallow: /api", "Allow: /", "", `Sitemap: ${sitemapUrl}`, ""].join(
    "\n",
  );
}

export type SitemapRow = {
  kind: "home" | "cities" | "privacy" | "terms" | "hub" | "things-to-do" | "category" | "tag" | "activity";
  cityId: string;
  stateCode: string | null;
  country: string | null;
  /** The category or tag name, or the activity title. */
  name: string;
};

/** The site path a sitemap row stands for (a city without a prefix mapping has its pages at '/{city}'). */
export function sitemapPath(row: SitemapRow): string {
  if (row.kind === "home") return "/";
  if (row.kind === "cities") return "/cities";
  if (row.kind === "privacy") return PRIVACY_PATH;
  if (row.kind === "terms") return TERMS_PATH;
  const city: CityRef = { id: row.cityId, stateCode: row.stateCode, country: row.country };
  switch (row.kind) {
    case "hub":
      return cityPath(city, row.cityId);
    case "things-to-do":
      return cityThingsToDoPath(city, row.cityId);
    case "category":
      return categoryPath(city, row.cityId, row.name);
    case "tag":
      return tagPath(city, row.cityId, row.name);
    case "activity":
      return activityPath(city, row.name);
  }
}
