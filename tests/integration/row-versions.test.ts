// No silent overwrites (issue #24): the row versions against a real database. A guarded write happens only at the
// version it read (nothing written otherwise), every write moves the version and names its writer, the API sends
// the version as ETag and answers a stale If-Match with 412, the edit forms answer a stale save with the message
// and the other values, and an import names the rows changed between its preview and its confirmation.
import { beforeAll, describe, expect, it } from "vitest";
import * as activityApi from "~/routes/api/activity";
import * as cityApi from "~/routes/api/city";
import * as seoApi from "~/routes/api/seo-settings";
import * as tagApi from "~/routes/api/tag";
import * as cityEdit from "~/routes/admin/cities/edit";
import * as activityEdit from "~/routes/admin/activities/edit";
import * as importRoute from "~/routes/admin/activities/import";
import * as columnsRoute from "~/routes/admin/activities/import-columns";
import { activityChoices, schemaChoices } from "~/data/activities/admin-list.server";
import { updateActivitiesCategory } from "~/data/activities/bulk.server";
import { activityFormState } from "~/data/activities/rows.server";
import { updateActivity } from "~/data/activities/writes.server";
import { updateCity } from "~/data/cities.server";
import { saveSeoSettings } from "~/data/seo.server";
import { activityFormSchema } from "~/domain/activities/activity-form";
import { CSV_COLUMNS } from "~/domain/activities/activity-csv";
import { SeoSettingsSchema } from "~/domain/seo/seo-form";
import { getSeoSettingsForm } from "~/data/seo.server";
import type { TestDatabase } from "../helpers/database";
import { databaseForTheseTests } from "../helpers/fresh-database";
import { signedInAdminCookie } from "../helpers/admin-session";
import { routeArgsWithCookie } from "../helpers/route-args";

const ADMIN = { email: "ann@example.com", name: "Ann", picture: null };

const database = databaseForTheseTests("seeded");
let adminCookie = "";
/** Route arguments for a request from the signed-in administrator (a real session). */
const adminArgs = routeArgsWithCookie(() => adminCookie);
let activityId: number;

beforeAll(async () => {
  adminCookie = await signedInAdminCookie(ADMIN.email, ADMIN.name);
  const first = await database.prisma.activity.findFirstOrThrow({ orderBy: { id: "asc" } });
  activityId = first.id;
});

async function activityInput(changes: Record<string, unknown> = {}) {
  const state = (await activityFormState(activityId))!;
  const schema = activityFormSchema(schemaChoices(await activityChoices()));
  return { state, input: schema.parse({ ...state.values, ...changes }) };
}

async function stamp() {
  return database.prisma.activity.findUniqueOrThrow({
    where: { id: activityId },
    select: { version: true, updatedBy: true, excerpt: true, title: true },
  });
}

describe("guarded writes", () => {
  it("write only at the version read, move it by one, and name the writer; a stale one writes nothing", async () => {
    const { state, input } = await activityInput({ excerpt: "Bob's words" });
    const saved = await updateActivity(activityId, input, undefined, { by: "bob@example.com", version: state.version });
    expect(saved.ok).toBe(true);
    expect(await stamp()).toMatchObject({
      version: state.version + 1,
      updatedBy: "bob@example.com",
      excerpt: "Bob's words",
    });

    const { input: mine } = await activityInput({ excerpt: "Ann's words" });
    const stale = await updateActivity(activityId, mine, undefined, { by: ADMIN.email, version: state.version });
    expect(stale).toMatchObject({
      ok: false,
      reason: "stale",
      entity: "activity",
      current: { version: state.version + 1 },
    });
    if (stale.ok || stale.reason !== "stale") throw new Error("the save was not refused as stale");
    expect(stale.message).toMatch(
      /^Someone else changed this activity at .+ UTC \(bob@example\.com\)\. Review their changes below, then save again\.$/,
    );
    expect(await stamp()).toMatchObject({ version: state.version + 1, excerpt: "Bob's words" });
  });

  it("of two saves from the same version, exactly one is written", async () => {
    const { state } = await activityInput();
    const saves = await Promise.all(
      ["One", "Two"].map(async (word) => {
        const { input } = await activityInput({ excerpt: word });
        return updateActivity(activityId, input, undefined, { by: word, version: state.version });
      }),
    );
    expect(saves.filter((s) => s.ok)).toHaveLength(1);
    expect(saves.filter((s) => !s.ok && s.reason === "stale")).toHaveLength(1);
    expect((await stamp()).version).toBe(state.version + 1);
  });

  it("every other write moves the version too: bulk actions, raw SQL, other tables", async () => {
    const before = (await stamp()).version;
    expect(await updateActivitiesCategory([activityId], "Museums", "carl@example.com")).toBe(1);
    expect(await stamp()).toMatchObject({ version: before + 1, updatedBy: "carl@example.com" });
    await database.prisma.$executeRawUnsafe(`UPDATE "Activity" SET excerpt = excerpt || '.' WHERE id = ${activityId}`);
    expect((await stamp()).version).toBe(before + 2);

    const city = await database.prisma.city.findUniqueOrThrow({ where: { id: "nashville" } });
    const moved = await updateCity(
      "nashville",
      { ...cityFields(city), description: "Music City" },
      { by: "dee@example.com" },
    );
    expect(moved).toMatchObject({ ok: true, value: { version: city.version + 1, updatedBy: "dee@example.com" } });
  });
});

const API = "http://localhost/api";

function call(path: string, init: RequestInit = {}) {
  return adminArgs(`${API}${path}`, {}, init);
}

describe("the API's ETag and If-Match", () => {
  it("GET /api/activities/{id} sends the version; PUT with it writes, with an older one is 412 and writes nothing", async () => {
    const get = (await activityApi.loader({
      ...call(`/activities/${activityId}`),
      params: { id: String(activityId) },
    })) as Response;
    expect(get.status).toBe(200);
    const etag = get.headers.get("ETag")!;
    const { version } = await stamp();
    expect(etag).toBe(`W/"v${version}"`);

    const put = (title: string, ifMatch?: string) =>
      activityApi.action({
        ...call(`/activities/${activityId}`, {
          method: "PUT",
          headers: { "Content-Type": "application/json", ...(ifMatch ? { "If-Match": ifMatch } : {}) },
          body: JSON.stringify({ excerpt: title }),
        }),
        params: { id: String(activityId) },
      }) as Promise<Response>;

    const ok = await put("Through the API", etag);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("ETag")).toBe(`W/"v${version + 1}"`);

    const stale = await put("Too late", etag);
    expect(stale.status).toBe(412);
    expect(stale.headers.get("ETag")).toBe(`W/"v${version + 1}"`);
    const body = (await stale.json()) as { message: string };
    expect(body.message).toMatch(
      /^Someone else changed this activity at .+ \(ann@example\.com\)\. Its ETag is now W\/"v\d+"/,
    );
    expect((await stamp()).excerpt).toBe("Through the API");

    // Without If-Match the spec's PUT keeps working.
    expect((await put("No precondition")).status).toBe(200);
    expect((await stamp()).excerpt).toBe("No precondition");

    // DELETE with a stale If-Match deletes nothing.
    const del = (await activityApi.action({
      ...call(`/activities/${activityId}`, { method: "DELETE", headers: { "If-Match": etag } }),
      params: { id: String(activityId) },
    })) as Response;
    expect(del.status).toBe(412);
    expect(await database.prisma.activity.count({ where: { id: activityId } })).toBe(1);
  });

  it("cities, tags and the SEO settings follow the same rule", async () => {
    const cityGet = (await cityApi.loader({ ...call("/cities/nashville"), params: { id: "nashville" } })) as Response;
    const cityTag = cityGet.headers.get("ETag")!;
    expect(cityTag).toMatch(/^W\/"v\d+"$/);
    const cityBody = (await cityGet.json()) as Record<string, unknown>;
    expect(cityBody).not.toHaveProperty("updatedBy");
    await database.prisma.city.update({ where: { id: "nashville" }, data: { description: "Changed meanwhile" } });
    const cityPut = (await cityApi.action({
      ...call("/cities/nashville", {
        method: "PUT",
        headers: { "Content-Type": "application/json", "If-Match": cityTag },
        body: JSON.stringify({ ...cityBody, description: "Mine" }),
      }),
      params: { id: "nashville" },
    })) as Response;
    expect(cityPut.status).toBe(412);
    expect((await database.prisma.city.findUniqueOrThrow({ where: { id: "nashville" } })).description).toBe(
      "Changed meanwhile",
    );

    const tag = await database.prisma.tag.findFirstOrThrow();
    const tagGet = (await tagApi.loader({ ...call(`/tags/${tag.id}`), params: { id: String(tag.id) } })) as Response;
    expect(tagGet.headers.get("ETag")).toBe(`W/"v${tag.version}"`);
    const tagDelete = (await tagApi.action({
      ...call(`/tags/${tag.id}`, { method: "DELETE", headers: { "If-Match": `W/"v${tag.version + 5}"` } }),
      params: { id: String(tag.id) },
    })) as Response;
    expect(tagDelete.status).toBe(412);
    expect(await database.prisma.tag.count({ where: { id: tag.id } })).toBe(1);

    const seoGet = (await seoApi.loader()) as Response;
    const seoTag = seoGet.headers.get("ETag")!;
    const templates = SeoSettingsSchema.parse(await getSeoSettingsForm());
    await saveSeoSettings(templates, undefined, { by: "bob@example.com" });
    const seoPut = (await seoApi.action(
      call("/seo-settings", {
        method: "PUT",
        headers: { "Content-Type": "application/json", "If-Match": seoTag },
        body: JSON.stringify({ ...templates, cityTitleTemplate: "Mine {city}" }),
      }),
    )) as Response;
    expect(seoPut.status).toBe(412);
    expect(((await seoPut.json()) as { message: string }).message).toContain("these SEO settings");
  });
});

type FormAnswer = {
  data: { result: { status: string; error?: Record<string, string[]> }; versioned?: Record<string, unknown> };
  init: { status?: number } | null;
};

describe("the edit forms", () => {
  it("Edit City refuses a save from an older version: 409, the message, the newer version and their values", async () => {
    const city = await database.prisma.city.findUniqueOrThrow({ where: { id: "austin" } });
    const loaded = await cityEdit.loader(adminArgs("http://localhost/admin/cities/austin/edit", { id: "austin" }));
    const { versioned } = loaded;
    await updateCity(
      "austin",
      { ...cityFields(city), description: "Their description" },
      { by: "bob@example.com", version: city.version },
    );
    const form = new URLSearchParams({
      ...(versioned.opened as Record<string, string>),
      displayName: "Austin, TX (mine)",
      version: String(versioned.version),
      opened: JSON.stringify(versioned.opened),
    });
    const answer = (await cityEdit.action(
      adminArgs("http://localhost/admin/cities/austin/edit", { id: "austin" }, { method: "POST", body: form }),
    )) as unknown as FormAnswer;
    expect(answer.init?.status).toBe(409);
    expect(answer.data.result.error?.[""]?.[0]).toMatch(/^Someone else changed this city at .+ \(bob@example\.com\)\./);
    expect(answer.data.versioned).toMatchObject({
      version: city.version + 1,
      changes: { description: "Their description" },
    });
    const after = await database.prisma.city.findUniqueOrThrow({ where: { id: "austin" } });
    expect(after).toMatchObject({ displayName: city.displayName, description: "Their description" });
  });

  it("a save after a change to fields the form does not show (a rating refreshed) goes ahead", async () => {
    const loaded = await activityEdit.loader(
      adminArgs(`http://localhost/admin/activities/${activityId}/edit`, { id: String(activityId) }),
    );
    await database.prisma.activity.update({ where: { id: activityId }, data: { googleRating: 4.9 } });
    const { versioned } = loaded;
    const opened = versioned.opened as Record<string, string | string[]>;
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(opened)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
    }
    form.set("excerpt", "Saved over a new rating");
    form.set("version", String(versioned.version));
    form.set("opened", JSON.stringify(opened));
    const answer = await activityEdit.action(
      adminArgs(
        `http://localhost/admin/activities/${activityId}/edit`,
        { id: String(activityId) },
        {
          method: "POST",
          body: form,
        },
      ),
    );
    expect((answer as Response).status).toBe(302);
    expect(await database.prisma.activity.findUniqueOrThrow({ where: { id: activityId } })).toMatchObject({
      excerpt: "Saved over a new rating",
      googleRating: 4.9,
      updatedBy: ADMIN.email,
    });
  });
});

/** A city row as the update's input (its editable fields). */
function cityFields(city: Awaited<ReturnType<TestDatabase["prisma"]["city"]["findUniqueOrThrow"]>>) {
  const {
    id: _i,
    version: _v,
    updatedBy: _b,
    createdAt: _c,
    updatedAt: _u,
    featuredImageCreditName: _n,
    featuredImageCreditUrl: _l,
    ...fields
  } = city;
  return { ...fields, showPhotos: fields.showPhotos === 1 ? (1 as const) : (0 as const) };
}

describe("CSV import", () => {
  it("lists the rows whose activity someone changed between the preview and the import", async () => {
    const rows = await database.prisma.activity.findMany({ orderBy: { id: "asc" }, take: 2, include: { city: true } });
    const header = CSV_COLUMNS.filter((c) =>
      ["id", "title", "excerpt", "latitude", "longitude", "category", "cityId"].includes(c),
    );
    const line = (a: (typeof rows)[number]) =>
      header
        .map((c) => JSON.stringify(c === "excerpt" ? "From the file" : String(a[c as keyof typeof a] ?? "")))
        .join(",");
    const csv = [header.join(","), ...rows.map(line)].join("\n");
    const upload = new FormData();
    upload.set("file", new File([csv], "two.csv", { type: "text/csv" }));
    const uploaded = (await importRoute.action(
      adminArgs("http://localhost/admin/activities/import", {}, { method: "POST", body: upload }),
    )) as Response;
    const draftId = uploaded.headers.get("Location")!.split("/import/")[1]!.split("?")[0]!;
    await columnsRoute.loader(adminArgs(`http://localhost/admin/activities/import/${draftId}`, { draftId }));

    // Between the preview and the confirmation, Bob edits the second row's activity.
    const edited = rows[1]!;
    await database.prisma.activity.update({
      where: { id: edited.id },
      data: { title: `${edited.title}`, updatedBy: "bob@example.com" },
    });

    const body = new URLSearchParams([["intent", "import"], ...header.map((c) => ["columns", c])]);
    const answer = (await columnsRoute.action(
      adminArgs(`http://localhost/admin/activities/import/${draftId}`, { draftId }, { method: "POST", body }),
    )) as unknown as { data: { result: { updated: number; changedSincePreview: Array<Record<string, unknown>> } } };
    expect(answer.data.result.updated).toBe(2);
    expect(answer.data.result.changedSincePreview).toEqual([
      expect.objectContaining({ line: 3, id: edited.id, updatedBy: "bob@example.com" }),
    ]);
    const after = await database.prisma.activity.findUniqueOrThrow({ where: { id: edited.id } });
    expect(after).toMatchObject({ excerpt: "From the file", updatedBy: ADMIN.email });
  });
});
