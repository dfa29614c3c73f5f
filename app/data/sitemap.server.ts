// The rows behind /sitemap.xml: every page worth indexing, in one stable order, paged in SQL.
import { Prisma } from "~/generated/prisma/client";
import { TAG_NAMES } from "~/domain/taxonomy/taxonomy";
import type { SitemapRow } from "~/domain/seo/sitemap";
import { db } from "./db.server";
import { cachedReference } from "./reference-cache.server";

// Home, Explore Cities, the privacy policy and the terms of use; per city its hub and things-to-do page; each category and interest tag that has
// activities in the city (only the nine tags with landing pages); each activity once (on a duplicate slug in a
// city the lowest id is the one its URL shows).
function allPages() {
  return Prisma.sql`
    SELECT 0 AS section, 'home' AS kind, '' AS "cityId", NULL AS "stateCode", NULL AS country, '' AS name, 0 AS ord,
           NULL::timestamp(3) AS "updatedAt"
    UNION ALL
    SELECT 1, 'cities', '', NULL, NULL, '', 0, NULL::timestamp(3)
    UNION ALL
    SELECT 1, 'privacy', '', NULL, NULL, '', 1, NULL::timestamp(3)
    UNION ALL
    SELECT 1, 'terms', '', NULL, NULL, '', 2, NULL::timestamp(3)
    UNION ALL
    SELECT 2, 'hub', c.id, c."stateCode", c.country, '', 0, c."updatedAt" FROM "City" c
    UNION ALL
    SELECT 2, 'things-to-do', c.id, c."stateCode", c.country, '', 1, c."updatedAt" FROM "City" c
    UNION ALL
    SELECT 3, 'category', a."cityId", c."stateCode", c.country, a.category, 0, max(a."updatedAt")
      FROM "Activity" a JOIN "City" c ON c.id = a."cityId" JOIN "Category" k ON k.name = a.category
     WHERE k.name <> 'All'
     GROUP BY a."cityId", c."stateCode", c.country, a.category
    UNION ALL
    SELECT 4, 'tag', a."cityId", c."stateCode", c.country, t.name, 0, max(a."updatedAt")
      FROM "ActivityTag" at JOIN "Tag" t ON t.id = at."tagId" JOIN "Activity" a ON a.id = at."activityId"
      JOIN "City" c ON c.id = a."cityId"
     WHERE t.name IN (${Prisma.join([...TAG_NAMES])})
     GROUP BY a."cityId", c."stateCode", c.country, t.name
    UNION ALL
    SELECT 5, 'activity', a."cityId", c."stateCode", c.country, a.title, a.id, a."updatedAt"
      FROM "Activity" a JOIN "City" c ON c.id = a."cityId"
     WHERE NOT EXISTS (SELECT 1 FROM "Activity" b WHERE b."cityId" = a."cityId" AND b.slug = a.slug AND b.id < a.id)`;
}

export async function countSitemapUrls(): Promise<number> {
  // A count over every page (half a second at 100,000 activities), kept in memory until the data changes.
  return cachedReference("sitemapUrlCount", async () => {
    const prisma = await db();
    const [row] = await prisma.$queryRaw<{ total: bigint | number }[]>`SELECT count(*) AS total FROM (${allPages()}) p`;
    return Number(row!.total);
  });
}

export type SitemapPageRow = SitemapRow & { updatedAt: Date | null };

/** Rows [offset, offset + limit) of all sitemap pages, read in batches so a 50,000-URL sitemap streams. */
export async function* sitemapRows(offset: number, limit: number, batchSize = 5000): AsyncGenerator<SitemapPageRow[]> {
  const prisma = await db();
  for (let done = 0; done < limit; ) {
    const take = Math.min(batchSize, limit - done);
    const rows = await prisma.$queryRaw<SitemapPageRow[]>`
      SELECT kind, "cityId", "stateCode", country, name, "updatedAt" FROM (${allPages()}) p
       ORDER BY section, "cityId", ord, name
       LIMIT ${take} OFFSET ${offset + done}`;
    if (rows.length > 0) yield rows;
    if (rows.length < take) return;
    done += rows.length;
  }
}
