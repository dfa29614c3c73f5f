-- A draft's rows are written once (the preview step) and read back whole (the column step, inside the timed part of
-- the import): they are never queried inside, so they are kept as the JSON text they were sent as. As jsonb, each
-- read converted the whole document back to text (a 50,000-row file: 27 MB, 200-300 ms of the import's 10 s budget
-- on the bench's machine) and each write parsed it into jsonb's binary form. Drafts live an hour; the ones stored
-- are converted in place.
ALTER TABLE "CsvImportDraft" ALTER COLUMN "rows" TYPE json USING "rows"::json;
