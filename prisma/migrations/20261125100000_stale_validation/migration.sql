-- A check's finding is about the value it checked (issue #14): when an activity's website, phone number, Google
-- Maps URL, address or coordinates change — through the form, the API, a CSV import or a selective update — the
-- statuses that were about the old value are cleared, so the activity is 'unvalidated' for those checks again and
-- the next run looks at the new value. One trigger, so no write path can forget it.
CREATE FUNCTION clear_stale_validation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  website_changed boolean := NEW."website" IS DISTINCT FROM OLD."website";
  phone_changed boolean := NEW."phoneNumber" IS DISTINCT FROM OLD."phoneNumber";
  maps_changed boolean := NEW."googleMapsUrl" IS DISTINCT FROM OLD."googleMapsUrl";
  address_changed boolean := NEW."address" IS DISTINCT FROM OLD."address";
  moved boolean := NEW."latitude" IS DISTINCT FROM OLD."latitude" OR NEW."longitude" IS DISTINCT FROM OLD."longitude";
BEGIN
  IF NOT (website_changed OR phone_changed OR maps_changed OR address_changed OR moved) THEN
    RETURN NULL;
  END IF;
  UPDATE "ActivityValidation" SET
    "websiteStatus" = CASE WHEN website_changed THEN NULL ELSE "websiteStatus" END,
    "websiteReason" = CASE WHEN website_changed THEN NULL ELSE "websiteReason" END,
    "phoneStatus" = CASE WHEN phone_changed THEN NULL ELSE "phoneStatus" END,
    "phoneNormalized" = CASE WHEN phone_changed THEN NULL ELSE "phoneNormalized" END,
    "mapsUrlStatus" = CASE WHEN maps_changed OR moved THEN NULL ELSE "mapsUrlStatus" END,
    "mapsUrlDistance" = CASE WHEN maps_changed OR moved THEN NULL ELSE "mapsUrlDistance" END,
    "addressStatus" = CASE WHEN maps_changed OR address_changed THEN NULL ELSE "addressStatus" END,
    "mapsAddress" = CASE WHEN maps_changed THEN NULL ELSE "mapsAddress" END,
    "locationAccuracy" = CASE WHEN moved THEN NULL ELSE "locationAccuracy" END,
    "locationDistance" = CASE WHEN moved THEN NULL ELSE "locationDistance" END
  WHERE "activityId" = NEW."id";
  RETURN NULL;
END;
$$;

CREATE TRIGGER activity_clear_stale_validation
AFTER UPDATE OF "website", "phoneNumber", "googleMapsUrl", "address", "latitude", "longitude" ON "Activity"
FOR EACH ROW EXECUTE FUNCTION clear_stale_validation();
