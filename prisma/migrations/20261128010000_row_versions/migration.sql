-- No silent overwrites (issue #24, docs/decisions/015-row-versions.md): every row an admin form edits has a version,
-- moved by one on every UPDATE, and who wrote it last (an admin's e-mail, or a job's name). A save carries the
-- version it was opened from and writes only `WHERE id = ? AND version = ?`. The version is moved by a row trigger,
-- so every writer counts (the app, a job, the seed, a script or a person at psql) and none can forget it; the app
-- sets "updatedBy" itself. Tag and Category get the "updatedAt" the other tables have ('changed … at {time}').
ALTER TABLE "Activity" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1, ADD COLUMN "updatedBy" TEXT;
ALTER TABLE "City" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1, ADD COLUMN "updatedBy" TEXT;
ALTER TABLE "Tag" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1, ADD COLUMN "updatedBy" TEXT,
  ADD COLUMN "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
ALTER TABLE "Category" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1, ADD COLUMN "updatedBy" TEXT,
  ADD COLUMN "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
ALTER TABLE "SeoSettings" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1, ADD COLUMN "updatedBy" TEXT;
ALTER TABLE "ScriptSettings" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1, ADD COLUMN "updatedBy" TEXT;
ALTER TABLE "PhotoSettings" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1, ADD COLUMN "updatedBy" TEXT;

CREATE FUNCTION bump_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."version" := OLD."version" + 1;
  RETURN NEW;
END
$$;

CREATE TRIGGER "Activity_row_version" BEFORE UPDATE ON "Activity" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
CREATE TRIGGER "City_row_version" BEFORE UPDATE ON "City" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
CREATE TRIGGER "Tag_row_version" BEFORE UPDATE ON "Tag" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
CREATE TRIGGER "Category_row_version" BEFORE UPDATE ON "Category" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
CREATE TRIGGER "SeoSettings_row_version" BEFORE UPDATE ON "SeoSettings" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
CREATE TRIGGER "ScriptSettings_row_version" BEFORE UPDATE ON "ScriptSettings" FOR EACH ROW EXECUTE FUNCTION bump_row_version();
CREATE TRIGGER "PhotoSettings_row_version" BEFORE UPDATE ON "PhotoSettings" FOR EACH ROW EXECUTE FUNCTION bump_row_version();

-- The versions of the activities an import's preview was planned against (by id), kept with its draft: rows of the
-- file whose activity moved on before the import was confirmed are listed in the import's report.
ALTER TABLE "CsvImportDraft" ADD COLUMN "previewVersions" JSONB;
