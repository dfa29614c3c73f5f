// 'Best Activities Nearby' on an activity's detail page (spec public-site §5).
import { Prisma as Sql, type Activity } from "~/generated/prisma/client";
import { boundingBox } from "~/domain/pages/activity-detail";
import { EARTH_RADIUS_MILES, NEARBY_LIMIT, NEARBY_RADIUS_MILES } from "~/domain/constants";
import { nearbyActivities } from "~/domain/location/geo";
import { readRows } from "../db.server";
import { activityRows, type ActivityRow } from "./rows.server";

/** How many of the best rated nearby candidates SQL sends for the rule to choose 3 from (a margin for ties). */
const NEARBY_SHORTLIST = 20;

/**
 * 'Best Activities Nearby': candidates of the same city inside the 25-mile bounding box come from SQL; the spec's
 * rule (exact distance, rating then distance, at most 3) is domain/location/geo.ts nearbyActivities. Only the candidates
 * rated at least as well as the box's third best are read (one index lookup on cityId+googleRating finds that
 * rating): anything rated lower ranks below three of them. SQL orders those within the radius as the rule does and
 * sends the first NEARBY_SHORTLIST (with 1,000 activities tied at the top rating, reading them all cost 12 ms of
 * Node's CPU, and paging by rating before that 6 queries and 165 ms). When
 * fewer than three of those lie within the 25 miles (the box's corners reach past them), or fewer than three are
 * rated, every candidate in the box is read, as the rule counts a missing rating as 0.
 */
export async function findNearbyActivities(
  activity: Pick<ActivityRow, "id" | "cityId" | "latitude" | "longitude" | "googleRating">,
): Promise<ActivityRow[]> {
  const box = boundingBox({ lat: activity.latitude, lng: activity.longitude }, NEARBY_RADIUS_MILES);
  const inBox = Sql.sql`"cityId" = ${activity.cityId} AND id <> ${activity.id}
    AND latitude BETWEEN ${box.minLat}::float8 AND ${box.maxLat}::float8
    AND longitude BETWEEN ${box.minLng}::float8 AND ${box.maxLng}::float8`;
  type Candidate = Pick<Activity, "id" | "cityId" | "latitude" | "longitude" | "googleRating">;
  const columns = Sql.raw(`id, "cityId", latitude, longitude, "googleRating"`);
  // The third best rating in the box and the candidates rated at least that within the radius (by the same
  // haversine distance, with a hair of margin for the two floating-point libraries), in the rule's order, at most
  // NEARBY_SHORTLIST, in one statement: a city where a thousand places tie at the top rating sends 20 rows to
  // Node, not a thousand. Fewer than three rated in the box: no third rating, no rows. The rule still decides.
  // The third rating needs no tie-break (ties share the value): so it is the city's rating index read backwards,
  // index-only, stopping at the third in the box (migration 20261130030000).
  const { latitude: lat, longitude: lng } = activity;
  const best = await readRows<Candidate>(Sql.sql`
    WITH third AS (
      SELECT "googleRating" FROM "Activity" WHERE ${inBox} AND "googleRating" IS NOT NULL
      ORDER BY "googleRating" DESC OFFSET ${NEARBY_LIMIT - 1} LIMIT 1
    )
    SELECT ${columns} FROM (
      SELECT ${columns},
        2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
          sin(radians(latitude - ${lat}::float8) / 2) ^ 2
          + cos(radians(${lat}::float8)) * cos(radians(latitude)) * sin(radians(longitude - ${lng}::float8) / 2) ^ 2
        ))) AS miles
      FROM "Activity"
      WHERE ${inBox} AND "googleRating" >= (SELECT "googleRating" FROM third)
    ) candidates
    WHERE miles <= ${NEARBY_RADIUS_MILES + 0.001}::float8
    ORDER BY "googleRating" DESC, miles ASC, id ASC
    LIMIT ${NEARBY_SHORTLIST}`);
  let chosen: Candidate[] = nearbyActivities<Candidate>(activity, best);
  if (chosen.length < NEARBY_LIMIT) {
    const all = await readRows<Candidate>(Sql.sql`SELECT ${columns} FROM "Activity" WHERE ${inBox}`);
    chosen = nearbyActivities<Candidate>(activity, all);
  }
  if (chosen.length === 0) return [];
  const byId = new Map(
    (await activityRows(Sql.sql`a.id IN (${Sql.join(chosen.map((c) => c.id))})`)).map((r) => [r.id, r]),
  );
  return chosen.flatMap((c) => {
    const row = byId.get(c.id);
    return row ? [row] : [];
  });
}
