// The bench's crawl line (issue #25): what a search engine reads, the long tail no cache holds. Public URLs the mix
// never asks for (detail pages of activities outside its 3,000, category and tag pages of the smallest cities in an
// order it never draws), each sent once, so every answer is rendered: none is in the page cache.
import type { Database } from "../../app/data/db.server";
import { filtersHref } from "../../app/domain/pages/city-page";
import { DEFAULT_FILTERS } from "../../app/domain/pages/filters";
import { CATEGORY_NAMES, TAG_NAMES } from "../../app/domain/taxonomy/taxonomy";
import { activityPath, categoryPath, tagPath } from "../../app/domain/http/urls";
import type { MixUrl } from "./mix";

/** A listing the mix never draws: lowest rated first. */
const UNDRAWN = { ...DEFAULT_FILTERS, sort: "rating-low" as const };

/** URLs a crawl sends each server: never requested before by that server. */
export const CRAWL_URLS = 3000;

/**
 * `sides` lists of CRAWL_URLS URLs each, none in `requested` (the mix's sequence) and none in two lists: a third
 * category and tag pages of the smallest cities (lowest rated first), the rest detail pages, small cities first.
 */
export async function crawlUrls(
  prisma: Database["prisma"],
  requested: ReadonlySet<string>,
  sides: number,
): Promise<MixUrl[][]> {
  const counts = await prisma.activity.groupBy({ by: ["cityId"], _count: { _all: true } });
  const size = new Map(counts.map((c) => [c.cityId, c._count._all]));
  const cities = (await prisma.city.findMany({ select: { id: true, stateCode: true, country: true } }))
    .filter((c) => (size.get(c.id) ?? 0) > 0)
    .sort((a, b) => (size.get(a.id) ?? 0) - (size.get(b.id) ?? 0));
  const fresh = (path: string) => !requested.has(path);
  const pages: MixUrl[] = [];
  const want = CRAWL_URLS * sides;
  for (const city of cities) {
    if (pages.length >= want / 3) break;
    for (const name of CATEGORY_NAMES) {
      const path = filtersHref(categoryPath(city, city.id, name), UNDRAWN);
      if (fresh(path)) pages.push({ kind: "category page", path });
    }
    for (const name of TAG_NAMES) {
      const path = filtersHref(tagPath(city, city.id, name), UNDRAWN);
      if (fresh(path)) pages.push({ kind: "tag page", path });
    }
  }
  const details: MixUrl[] = [];
  for (const city of cities) {
    if (details.length >= want - pages.length) break;
    const rows = await prisma.activity.findMany({
      where: { cityId: city.id },
      select: { title: true },
      orderBy: { id: "asc" },
      take: 400,
    });
    for (const row of rows) {
      const path = activityPath(city, row.title);
      if (fresh(path) && !details.some((d) => d.path === path)) details.push({ kind: "activity detail", path });
    }
  }
  const all = [...pages.slice(0, Math.floor(want / 3)), ...details].slice(0, want);
  if (all.length < want) throw new Error(`only ${all.length} crawl URLs for ${want}`);
  // Side i takes every sides-th URL, so each side's list mixes the kinds alike.
  return Array.from({ length: sides }, (_, side) => all.filter((_, i) => i % sides === side));
}
