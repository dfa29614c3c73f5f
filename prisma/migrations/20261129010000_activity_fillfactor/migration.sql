-- Issue #26 (docs/decisions/032-csv-import-writes.md): room on each of Activity's pages for a new version of every
-- row on it, so an update that leaves every indexed column as it was (a CSV import of meta descriptions, costs,
-- durations; a corrected address or phone number) is a HOT update: no new entry in any of the table's ten
-- indexes, the two trigram GIN indexes above all. Pages written from now on are filled to half; rows already
-- stored move to such pages as they are next updated (or all at once with `VACUUM FULL "Activity"`).
ALTER TABLE "Activity" SET (fillfactor = 50);
