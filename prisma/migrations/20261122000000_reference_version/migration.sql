-- A number that moves whenever a table the public pages keep in memory changes (app/data/reference-cache.server.ts):
-- cities, categories, tags, SEO settings and page scripts. Statement triggers keep it, so every writer counts —
-- the app, the seed, a script or a person at psql. Triggers cannot be declared in schema.prisma; they live here.
CREATE TABLE "ReferenceVersion" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ReferenceVersion_pkey" PRIMARY KEY ("id")
);

INSERT INTO "ReferenceVersion" ("id", "version") VALUES (1, 0);

CREATE FUNCTION bump_reference_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ReferenceVersion" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER "City_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "City"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_version();
CREATE TRIGGER "Category_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Category"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_version();
CREATE TRIGGER "Tag_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Tag"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_version();
CREATE TRIGGER "SeoSettings_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "SeoSettings"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_version();
CREATE TRIGGER "ScriptSettings_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ScriptSettings"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_version();
