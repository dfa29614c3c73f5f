-- The reference version becomes the data version of every table a public page reads (issue #15): besides cities,
-- categories, tags, SEO settings and page scripts, now activities, their tags and the photo settings. The in-memory
-- page cache (app/http/page-cache.server.ts) keeps rendered answers under it, so any committed write — from this
-- process, another one, a job, the seed or psql — makes the next request render afresh. A statement trigger costs
-- one row update per statement, not per row: a 50,000-row import bumps it about twenty times.
CREATE TRIGGER "Activity_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Activity"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_version();
CREATE TRIGGER "ActivityTag_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ActivityTag"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_version();
CREATE TRIGGER "PhotoSettings_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "PhotoSettings"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_version();
