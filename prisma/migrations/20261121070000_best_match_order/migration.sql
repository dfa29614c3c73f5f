-- Indexes in the exact order of the city page's default sort (best match: rating, missing last, then review
-- count with missing as 0, then id), so a page is a short index range scan instead of a sort of every match.
-- Expression indexes cannot be declared in schema.prisma; they live only in this migration.
CREATE INDEX "Activity_city_best_match_idx"
  ON "Activity" ("cityId", "googleRating" DESC NULLS LAST, (COALESCE("googleReviewCount", 0)) DESC, id);
CREATE INDEX "Activity_city_category_best_match_idx"
  ON "Activity" ("cityId", category, "googleRating" DESC NULLS LAST, (COALESCE("googleReviewCount", 0)) DESC, id);
