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
 * `sides` lists of CRAWL_URLS URLs each, none in `requested` (the mix's sequence) and none in two lists: at most a
 * third category and tag pages of the smallest cities (lowest rated first), the rest detail pages, small cities first.
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
  const want = CRAWL_URLS * sides;
  const taken = new Set<string>();
  /** Takes `path` unless the mix asks for it or it is taken already (two activities of a city may share a title). */
  const fresh = (path: string) => {
    if (requested.has(path) || taken.has(path)) return false;
    taken.add(path);
    return true;
  };
  const all: MixUrl[] = [];
  for (const city of cities) {
    for (const [kind, names, pathOf] of [
      ["category page", CATEGORY_NAMES, categoryPath],
      ["tag page", TAG_NAMES, tagPath],
    ] as const) {
      for (const name of names) {
        const path = filtersHref(pathOf(city, city.id, name), UNDRAWN);
        if (all.length < want / 3 && fresh(path)) all.push({ kind, path });
      }
    }
  }
  for (const city of cities) {
    if (all.length >= want) break;
    const rows = await prisma.activity.findMany({
      where: { cityId: city.id },
      select: { title: true },
      orderBy: { id: "asc" },
      take: 400,
    });
    for (const row of rows) {
      const path = activityPath(city, row.title);
      if (all.length < want && fresh(path)) all.push({ kind: "activity detail", path });
    }
  }
  if (all.length < want) throw new Error(`only ${all.length} crawl URLs for ${want}`);
  // Side i takes every sides-th URL, so each side's list mixes the kinds alike.
  return Array.from({ length: sides }, (_, side) => all.filter((_, i) => i % sides === side));
}
