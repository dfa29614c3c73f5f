-- One public address per activity: two activities of one city may not share a slug. Concurrent creates could
-- store duplicates before this index; the later ones keep their row and get '-{id}' added to their slug.
UPDATE "Activity" a SET slug = a.slug || '-' || a.id
WHERE EXISTS (SELECT 1 FROM "Activity" b WHERE b."cityId" = a."cityId" AND b.slug = a.slug AND b.id < a.id);

-- DropIndex
DROP INDEX "Activity_cityId_slug_idx";

-- CreateIndex
CREATE UNIQUE INDEX "Activity_cityId_slug_key" ON "Activity"("cityId", "slug");
