// A city of activities with phone numbers for a validation run to check, and the database as the run's witness: a
// trigger notes every phone check (the activity, and the application_name of the process that wrote it) in
// test_audit.phone_checks, so a test can tell an activity checked twice, or not at all, and by whom. `checkMs`
// makes each record's write take that long, so a batch lasts long enough to be cut.
import type { Db } from "~/data/db.server";
import { activityRow, cityRow } from "./factories";

export async function seedPhoneChecks(prisma: Db, activities: number, { checkMs = 0 } = {}) {
  await prisma.city.create({ data: cityRow("testville", { country: "United States" }) });
  await prisma.activity.createMany({
    data: Array.from({ length: activities }, (_, i) =>
      activityRow("testville", `Phone Place ${i}`, { phoneNumber: `(615) 555-${String(1000 + i).slice(-4)}` }),
    ),
  });
  for (const statement of [
    "CREATE SCHEMA test_audit",
    `CREATE TABLE test_audit.phone_checks (
       activity_id int NOT NULL, app text NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())`,
    `CREATE FUNCTION test_audit.note_phone_check() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP = 'INSERT' OR OLD."phoneStatus" IS DISTINCT FROM NEW."phoneStatus" OR
          OLD."lastValidated" IS DISTINCT FROM NEW."lastValidated" THEN
         INSERT INTO test_audit.phone_checks (activity_id, app)
           VALUES (NEW."activityId", current_setting('application_name'));
         PERFORM pg_sleep(${checkMs / 1000});
       END IF;
       RETURN NEW;
     END $$`,
    `CREATE TRIGGER note_phone_check AFTER INSERT OR UPDATE ON "ActivityValidation"
       FOR EACH ROW WHEN (NEW."phoneStatus" IS NOT NULL) EXECUTE FUNCTION test_audit.note_phone_check()`,
  ]) {
    await prisma.$executeRawUnsafe(statement);
  }
}
