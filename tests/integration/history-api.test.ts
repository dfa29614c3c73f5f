// GET /api/activities/:id/history and POST /api/activities/:id/restore (issue #24) through their route modules.
// Signed out, both answer 401: the security walk (tests/e2e/admin-security.test.ts) covers them from the route table.
import { beforeAll, describe, expect, it } from "vitest";
import * as historyRoute from "~/routes/api/activity-history";
import * as restoreRoute from "~/routes/api/activity-restore";
import { getActivityRow, tagNamesOf } from "~/data/activities/rows.server";
import { deleteActivity, updateActivity } from "~/data/activities/writes.server";
import { activityFormValues, activitySchema } from "~/domain/activities/activity-form";
import { databaseForTheseTests } from "../helpers/fresh-database";
import { signedInAdminCookie } from "../helpers/admin-session";
import { routeArgsWithCookie } from "../helpers/route-args";

const BASE = "http://localhost/api/activities";
const database = databaseForTheseTests("seeded");
let adminCookie = "";
/** Route arguments for a request from the signed-in administrator (a real session). */
const adminArgs = routeArgsWithCookie(() => adminCookie);

beforeAll(async () => {
  adminCookie = await signedInAdminCookie();
});

async function history(id: number | string) {
  const response = (await historyRoute.loader(adminArgs(`${BASE}/${id}/history`, { id: String(id) }))) as Response;
  return { status: response.status, json: await response.json() };
}

async function restore(id: number | string) {
  const response = (await restoreRoute.action(
    adminArgs(`${BASE}/${id}/restore`, { id: String(id) }, { method: "POST" }),
  )) as Response;
  return { status: response.status, json: await response.json() };
}

describe("the history and restore API", () => {
  it("answers an activity's entries newest first, and restores it once deleted, tags and all", async () => {
    const row = await database.prisma.activity.findFirstOrThrow({
      where: { tags: { some: {} } },
      orderBy: { id: "asc" },
    });
    const full = (await getActivityRow(row.id))!;
    const choices = {
      categories: (await database.prisma.category.findMany()).map((c) => c.name),
      tags: (await database.prisma.tag.findMany()).map((t) => t.name),
      cityIds: (await database.prisma.city.findMany()).map((c) => c.id),
    };
    const values = activityFormValues({ ...full, tags: tagNamesOf(full) });
    const input = activitySchema(choices).parse({ ...values, excerpt: "Rewritten for the API test." });
    expect((await updateActivity(row.id, input)).ok).toBe(true);

    const answered = await history(row.id);
    expect(answered.status).toBe(200);
    expect(answered.json).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(answered.json.entries[0]).toMatchObject({
      action: "update",
      actor: "system",
      label: row.title,
      changes: { excerpt: [row.excerpt, "Rewritten for the API test."] },
      batchId: null,
    });
    expect(Date.parse(answered.json.entries[0].at)).not.toBeNaN();

    expect(await restore(row.id)).toEqual({
      status: 404,
      json: { message: "No deleted activity with this id is in the trash." },
    });
    expect((await deleteActivity(row.id)).ok).toBe(true);
    // A deleted activity keeps its history.
    expect((await history(row.id)).json.entries.map((e: { action: string }) => e.action)).toEqual(["delete", "update"]);
    const restored = await restore(row.id);
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({ id: row.id, title: row.title, tags: tagNamesOf(full) });
    expect(await restore(row.id)).toMatchObject({ status: 404 });
  });

  it("answers 404 for an activity that never was, and for ids that are not ids", async () => {
    expect(await history(999_999)).toEqual({ status: 404, json: { message: "Activity not found." } });
    expect((await history("abc")).status).toBe(404);
    expect((await restore("abc")).status).toBe(404);
  });
});
