-- Issue #29 'Data that stays fresh on its own' (docs/decisions/601-google-rating-freshness.md): when Google last
-- gave each activity's rating (null: never, in this product: seeded, imported or typed), and the scheduled rating
-- refresh's settings (one row, id 1, versioned like PhotoSettings).
ALTER TABLE "Activity" ADD COLUMN "googleRatingUpdatedAt" TIMESTAMP(3);
CREATE INDEX "Activity_googleRatingUpdatedAt_idx" ON "Activity"("googleRatingUpdatedAt");

CREATE TABLE "RatingRefreshSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "maxAgeDays" INTEGER NOT NULL DEFAULT 30,
    "monthlyCapCents" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedBy" TEXT,
    CONSTRAINT "RatingRefreshSettings_pkey" PRIMARY KEY ("id")
);
CREATE TRIGGER "RatingRefreshSettings_row_version" BEFORE UPDATE ON "RatingRefreshSettings" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
