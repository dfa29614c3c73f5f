// Coordinate Synchronization (admin §2 'Data-quality tab', §3 'Coordinate sync result', §4; §7 POST
// /api/activities/update-coordinates-from-maps): every activity with a Google Maps URL gets the point its URL names
// (domain/data-quality/coordinate-sync.ts decides), as a preview (dryRun: nothing written) or an update.
//
// Activities are read in pages of 100 by id, their short links followed 50 at a time (3 per host, as the batch
// validation does); an update writes one page in one transaction, and only onto coordinates that are still the ones
// read, so an administrator's edit made meanwhile is kept (it counts as unchanged).
import { coordinateSync, coordinateSyncResults, type CoordinateSync } from "~/domain/data-quality/coordinate-sync";
import type { MapsUrl } from "~/domain/data-quality/maps-url";
import { VALIDATION_BATCH_SIZE } from "~/domain/data-quality/validation";
import { activitiesWithMapsUrl, moveActivityIfAt } from "~/data/activities/writes.server";
import { db } from "~/data/db.server";
import { resolveMapsUrl } from "~/services/maps-url.server";
import { hostOf, KeyedLimiter, LINK_CONCURRENCY, LINK_CONCURRENCY_PER_HOST } from "./validate-activities.server";

function pointOf(parsed: MapsUrl) {
  return parsed.kind === "maps" ? parsed.point : null;
}

export async function syncCoordinatesFromMaps(
  { dryRun, by }: { dryRun: boolean; by?: string },
  resolve: (url: string) => Promise<MapsUrl> = (url) => resolveMapsUrl(url),
) {
  const links = new KeyedLimiter(LINK_CONCURRENCY, LINK_CONCURRENCY_PER_HOST);
  const items: CoordinateSync[] = [];
  for (let afterId = 0; ;) {
    const page = await activitiesWithMapsUrl(afterId, VALIDATION_BATCH_SIZE);
    if (page.length === 0) break;
    afterId = page[page.length - 1]!.id;
    const synced = await Promise.all(
      page.map(async (activity) => {
        const url = activity.googleMapsUrl!;
        try {
          return coordinateSync(activity, pointOf(await links.run(hostOf(url), () => resolve(url))));
        } catch (error) {
          const reason = error instanceof Error ? error.message : "The short link could not be followed";
          return coordinateSync(activity, null, reason);
        }
      }),
    );
    if (!dryRun) await applyPage(page, synced, by);
    items.push(...synced);
  }
  return coordinateSyncResults(items);
}

/** Writes one page's updates; one that lost to an edit becomes 'unchanged'. */
async function applyPage(
  page: Awaited<ReturnType<typeof activitiesWithMapsUrl>>,
  synced: CoordinateSync[],
  by?: string,
): Promise<void> {
  const prisma = await db();
  const read = new Map(page.map((a) => [a.id, a]));
  await prisma.$transaction(async (tx) => {
    for (const [i, item] of synced.entries()) {
      if (item.kind !== "update") continue;
      const { latitude, longitude } = read.get(item.activityId)!;
      const [lat, lng] = item.mapsCoords;
      const moved = await moveActivityIfAt(
        item.activityId,
        { latitude, longitude },
        { latitude: lat, longitude: lng },
        tx,
        by,
      );
      if (!moved) synced[i] = { kind: "unchanged", activityId: item.activityId, distance: 0 };
    }
  });
}
