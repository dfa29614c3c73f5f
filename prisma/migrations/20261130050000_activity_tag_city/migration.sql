-- A tag page's list and count read the city's activities with the tag, and only those (decision 041): each link
-- carries its activity's city, and the index on (tagId, cityId, activityId) gives a tag's links in one city as one
-- range. Before, a tag page either walked the city's sort index checking each row's tags (the bench seed ties tags to
-- categories, so Indoors in Nashville walked the whole city: 190,000 buffers, 270-650 ms) or hashed the tag's links
-- in every city (the count: 8-10 ms).
-- The city is copied by triggers, so no write path has to know: a link written without a city takes its
-- activity's, and an activity moved to another city moves its links. The column is not in schema.prisma (Prisma
-- never reads or writes it), as the expression and INCLUDE indexes are not.
-- The new index replaces the one on (tagId, activityId), whose reads (a tag's links) it serves as well, so a
-- write still maintains two indexes on ActivityTag.
ALTER TABLE "ActivityTag" ADD COLUMN "cityId" TEXT;
UPDATE "ActivityTag" at SET "cityId" = a."cityId" FROM "Activity" a WHERE a.id = at."activityId";
ALTER TABLE "ActivityTag" ALTER COLUMN "cityId" SET NOT NULL;

CREATE FUNCTION activity_tag_city() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "cityId" INTO NEW."cityId" FROM "Activity" WHERE id = NEW."activityId";
  RETURN NEW;
END $$;
-- A writer may name the city itself, as the bulk writes do (batch-writes.server.ts replaceTags, joining the
-- activity in the same statement): the row trigger added 10-40% to inserting a link (100,856 links: 5.0-6.9 s
-- against 4.5-4.9 s without it, and 4.8-5.2 s named by the join; load 15-22).
CREATE TRIGGER activity_tag_city BEFORE INSERT ON "ActivityTag"
  FOR EACH ROW WHEN (NEW."cityId" IS NULL) EXECUTE FUNCTION activity_tag_city();

CREATE FUNCTION activity_city_to_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ActivityTag" SET "cityId" = NEW."cityId" WHERE "activityId" = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER activity_city_to_tags AFTER UPDATE OF "cityId" ON "Activity"
  FOR EACH ROW WHEN (OLD."cityId" IS DISTINCT FROM NEW."cityId") EXECUTE FUNCTION activity_city_to_tags();

DROP INDEX "ActivityTag_tagId_activityId_idx";
CREATE INDEX "ActivityTag_tag_city_idx" ON "ActivityTag" ("tagId", "cityId", "activityId");
