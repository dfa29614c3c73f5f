-- One index in a city's rating order, lowest first and id next, carrying the coordinates, for three readers:
-- - the city page sorted lowest rated first (app/data/activities/city-list.server.ts "rating-low": googleRating ASC
--   NULLS LAST, id ASC), read forwards: a tag page walks it and checks each row's tags until the 48 of the page are
--   found, where it sorted the city's matches (Romantic in Nashville's 30,000: 27 ms, 1.6 ms now). A tag that the
--   lowest rated rarely carry (in the bench's seed, tags follow categories) makes the walk long, as it made the
--   old index's backward walk (Indoors in Nashville: 475 ms before, 270 ms now);
-- - 'Best Activities Nearby' (app/data/activities/nearby.server.ts), read backwards (best first): the box's third
--   best rating and the candidates rated at least that, tested against the box by the included coordinates, are
--   index-only scans that stop early, where every rated activity of the city was read from the table (about 210
--   pages a detail page in the crawl's small cities, 8 now);
-- - a home section's best rated (app/data/activities/discover.server.ts: googleRating DESC, id DESC), read backwards.
-- It replaces the index on (cityId, googleRating DESC), which it covers. INCLUDE cannot be declared in schema.prisma;
-- the index lives only in this migration, as the best-match ones do. Latitude and longitude become indexed columns:
-- an update that moves an activity is no longer HOT (decision 031); the CSV import's usual columns still are.
DROP INDEX "Activity_cityId_googleRating_idx";
CREATE INDEX "Activity_city_rating_idx"
  ON "Activity" ("cityId", "googleRating" ASC NULLS LAST, id) INCLUDE (latitude, longitude);
