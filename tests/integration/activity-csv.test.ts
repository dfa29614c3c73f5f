// CSV export and import (admin §2, §5 'CSV import', §8) and PATCH /api/activities/:id/selective-update (§7) through
// their route modules, against a copy of the seeded database: every bad input, the export → import round trip, the
// one-transaction guarantee, and the selective update.
import { beforeAll, describe, expect, it } from "vitest";
import Papa from "papaparse";
import * as exportRoute from "~/routes/admin/activities/export";
import * as importRoute from "~/routes/admin/activities/import";
import * as columnsRoute from "~/routes/admin/activities/import-columns";
import * as selectiveRoute from "~/routes/api/activity-selective-update";
import {
  CSV_COLUMNS,
  CSV_LIMITS,
  CSV_MESSAGES,
  CSV_TOASTS,
  NO_ACTIVITIES_TO_EXPORT,
  REQUIRED_CSV_COLUMNS,
} from "~/domain/activities/activity-csv";
import { unknownColumnMessage } from "~/domain/activities/activity-form";
import { activityRow } from "../helpers/factories";
import { databaseForTheseTests } from "../helpers/fresh-database";
import { signedInAdminCookie } from "../helpers/admin-session";
import { routeArgsWithCookie } from "../helpers/route-args";

const database = databaseForTheseTests("seeded");
let adminCookie = "";
/** Route arguments for a request from the signed-in administrator (a real session). */
const adminArgs = routeArgsWithCookie(() => adminCookie);

beforeAll(async () => {
  adminCookie = await signedInAdminCookie();
});

const BASE = "http://localhost/admin/activities";

/**
 * At least `n` activities are stored (the seed's, or made in Nashville when a test before emptied the table), so
 * each test holds in any order.
 */
async function atLeastActivities(n: number) {
  const missing = n - (await database.prisma.activity.count());
  for (let i = 1; i <= missing; i++) {
    await database.prisma.activity.create({
      data: activityRow("nashville", `Stand-in ${i}`, { category: "Parks", image: "/images/default-activity.svg" }),
    });
  }
}

async function exportCsv(): Promise<Response> {
  return (await exportRoute.loader(adminArgs(`${BASE}/export.csv`, {}))) as Response;
}

/** Step 1: the upload; the draft's id, or the answer when the file was refused. */
async function upload(content: string | Uint8Array<ArrayBuffer>, name = "activities.csv") {
  const form = new FormData();
  form.set("file", new File([content], name, { type: "text/csv" }));
  const result = await importRoute.action(adminArgs(`${BASE}/import`, {}, { method: "POST", body: form }));
  if (result instanceof Response) {
    expect(result.status).toBe(302);
    return { draftId: result.headers.get("Location")!.split("/import/")[1]!.split("?")[0]! };
  }
  return { refused: result as unknown as { data: { error: string }; init: { status: number } } };
}

async function refusal(content: string | Uint8Array<ArrayBuffer>) {
  const { refused } = await upload(content);
  expect(refused, "the file should be refused").toBeDefined();
  return { status: refused!.init.status, message: refused!.data.error };
}

async function preview(draftId: string) {
  return columnsRoute.loader(adminArgs(`${BASE}/import/${draftId}`, { draftId }));
}

type ColumnsAnswer = {
  data: { result?: { created: number; updated: number; skipped: { line: number; reason: string }[] } } & {
    error?: { title: string; description: string };
  };
  init: { status?: number } | null;
};

/** Step 2: the column choice posted, as the form does (required ones included). */
async function importColumns(draftId: string, columns: readonly string[], intent = "import") {
  const body = new URLSearchParams([["intent", intent], ...columns.map((c) => ["columns", c])]);
  const answer = await columnsRoute.action(
    adminArgs(`${BASE}/import/${draftId}`, { draftId }, { method: "POST", body }),
  );
  return answer as unknown as ColumnsAnswer | Response;
}

async function importAll(text: string | Uint8Array<ArrayBuffer>) {
  const { draftId, refused } = await upload(text);
  if (!draftId) throw new Error(`refused: ${JSON.stringify(refused)}`);
  const answer = (await importColumns(draftId, CSV_COLUMNS)) as ColumnsAnswer;
  return answer;
}

const header = REQUIRED_CSV_COLUMNS.join(",");

describe("Export CSV", () => {
  it("streams every activity with every importable column, a BOM, RFC 4180 quoting and a dated file name", async () => {
    await atLeastActivities(1);
    const response = await exportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="activities-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith(`${CSV_COLUMNS.join(",")}\r\n`)).toBe(true);
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(rows.length - 1).toBe(await database.prisma.activity.count());
    expect(rows.every((r) => r.length === CSV_COLUMNS.length)).toBe(true);
  });
});

describe("the export → import round trip", () => {
  it("changes nothing, quotes, commas, newlines, accents and emoji included", async () => {
    await atLeastActivities(2);
    const [first, second] = await database.prisma.activity.findMany({ orderBy: { id: "asc" }, take: 2 });
    await database.prisma.activity.update({
      where: { id: first!.id },
      data: { excerpt: 'She said "go", then left,\nand came back:\r\nCafé Crème — 🎉🇺🇸', metaTitle: "ok;semi" },
    });
    await database.prisma.activity.update({
      where: { id: second!.id },
      data: { address: "Straße 1, Zürich", metaDescription: '"' },
    });
    // The file's bytes as downloaded, BOM included.
    const before = new Uint8Array(await (await exportCsv()).arrayBuffer());
    const snapshot = await database.prisma.activity.findMany({ orderBy: { id: "asc" }, include: { tags: true } });

    const answer = await importAll(before);
    expect(answer.data.error).toBeUndefined();
    expect(answer.data.result!.skipped).toEqual([]);
    expect(answer.data.result).toMatchObject({ created: 0, updated: snapshot.length });

    const after = await database.prisma.activity.findMany({ orderBy: { id: "asc" }, include: { tags: true } });
    // Not a column differs, not even updatedAt: a row whose values are already stored is not written.
    expect(after).toEqual(snapshot);
    expect(new Uint8Array(await (await exportCsv()).arrayBuffer())).toEqual(before);
  });
});

describe("Import CSV: bad files (CSV Preview Error)", () => {
  it("needs a file", async () => {
    const form = new FormData();
    const answer = (await importRoute.action(
      adminArgs(`${BASE}/import`, {}, { method: "POST", body: form }),
    )) as unknown as { data: { error: string }; init: { status: number } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.error).toBe(CSV_MESSAGES.fileRequired);
  });

  it("needs headers and at least one data row", async () => {
    expect(await refusal("")).toEqual({
      status: 400,
      message: "CSV file must contain headers and at least one data row",
    });
    expect(await refusal(`${header}\r\n`)).toEqual({ status: 400, message: CSV_MESSAGES.tooFewRows });
  });

  it("lists the missing required columns", async () => {
    expect(await refusal("title,excerpt\nA,B")).toEqual({
      status: 400,
      message: "Missing required columns for import: latitude, longitude, category, cityId",
    });
  });

  it("refuses a file that is not UTF-8", async () => {
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode(`${header}\nCaf`),
      0xe9,
      ...new TextEncoder().encode(",b,1,2,Parks,nashville"),
    ]);
    expect(await refusal(latin1)).toEqual({ status: 400, message: CSV_MESSAGES.notUtf8 });
  });

  it("refuses more rows than the limit", async () => {
    const rows = `\nA,b,1,2,Parks,nashville`.repeat(CSV_LIMITS.rows + 1);
    expect(await refusal(`${header}${rows}`)).toEqual({
      status: 400,
      message: CSV_MESSAGES.tooManyRows(CSV_LIMITS.rows + 1),
    });
  });

  it("refuses a file larger than the upload limit (413)", async () => {
    const big = `${header}\n` + "x".repeat(CSV_LIMITS.uploadBytes + 1);
    expect(await refusal(big)).toEqual({ status: 413, message: CSV_MESSAGES.tooLarge });
  });
});

describe("Import CSV: the column step", () => {
  it("previews the header, the first rows and the counts; a semicolon file with a BOM and CRLF imports", async () => {
    await atLeastActivities(1);
    const [ryman] = await database.prisma.activity.findMany({
      where: { NOT: { excerpt: { contains: "\n" } } },
      take: 1,
    });
    const text =
      "\uFEFFid;title;excerpt;latitude;longitude;category;cityId;tags;cost\r\n" +
      `;Semicolon Park;"Two\r\nlines; and a comma, too";36,1;-86.7;Parks;nashville;;Free\r\n` +
      `;Semicolon Garden;Green;36.12;-86.71;Parks;nashville;;Low\r\n` +
      `${ryman!.id};${ryman!.title};${ryman!.excerpt.replace(/"/g, '""').replace(/^|$/g, '"')};${ryman!.latitude};${ryman!.longitude};${ryman!.category};${ryman!.cityId};;High\r\n` +
      `999999;Ghost;Nowhere;1;2;Parks;nashville;;\r\n` +
      `;Lost;Somewhere;1;2;Parks;atlantis;;\r\n`;
    const { draftId } = await upload(text);
    const page = await preview(draftId!);
    expect(page.draft).toMatchObject({
      headers: ["id", "title", "excerpt", "latitude", "longitude", "category", "cityId", "tags", "cost"],
      rowCount: 5,
      counts: { create: 1, update: 1, skip: 3 },
    });
    expect(page.draft!.preview[0]).toEqual({
      line: 2,
      cells: [
        "",
        "Semicolon Park",
        "Two\r\nlines; and a comma, too",
        "36,1",
        "-86.7",
        "Parks",
        "nashville",
        "",
        "Free",
      ],
    });

    // Back to step 2 after an error: nothing ticked is refused.
    const none = (await importColumns(draftId!, [])) as ColumnsAnswer;
    expect(none.data.error).toEqual({ title: CSV_TOASTS.importError, description: CSV_MESSAGES.columnsRequired });

    // cost not chosen: Ryman keeps its cost; the tags column (empty) is not chosen either.
    const answer = (await importColumns(draftId!, ["id", ...REQUIRED_CSV_COLUMNS])) as ColumnsAnswer;
    expect(answer.data.result).toEqual({
      created: 1,
      updated: 1,
      skipped: [
        { line: 2, reason: CSV_MESSAGES.coordinatesNotNumeric },
        { line: 6, reason: CSV_MESSAGES.idNotFound(999999) },
        { line: 7, reason: CSV_MESSAGES.unknownCity("atlantis") },
      ],
      changedSincePreview: [],
    });
    const garden = await database.prisma.activity.findFirstOrThrow({ where: { title: "Semicolon Garden" } });
    expect(garden).toMatchObject({ cost: "Not available", country: "United States", state: "Tennessee" });
    expect(await database.prisma.activity.count({ where: { title: "Ghost" } })).toBe(0);
    const after = await database.prisma.activity.findUniqueOrThrow({ where: { id: ryman!.id } });
    expect(after.cost).toBe(ryman!.cost);

    // The draft is gone once imported.
    expect((await preview(draftId!)).draft).toBeNull();
    const again = (await importColumns(draftId!, REQUIRED_CSV_COLUMNS)) as ColumnsAnswer;
    expect(again.data.error!.description).toBe(CSV_MESSAGES.draftGone);
  });

  it("shows the file's name without control characters (a NUL cannot be stored)", async () => {
    const { draftId } = await upload(`${header}\nA,b,1,2,Parks,nashville`, "bad\u0000name.csv");
    expect((await preview(draftId!)).draft!.fileName).toBe("badname.csv");
  });

  it("says 'No valid activities found in CSV file...' when every row is skipped", async () => {
    const { draftId } = await upload(`${header}\nA,,1,2,Parks,nashville`);
    const answer = (await importColumns(draftId!, REQUIRED_CSV_COLUMNS)) as ColumnsAnswer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.error).toEqual({
      title: CSV_TOASTS.importError,
      description: "No valid activities found in CSV file...",
    });
  });

  it("Cancel drops the draft and goes back to the list", async () => {
    const { draftId } = await upload(`${header}\nA,b,1,2,Parks,nashville`);
    const answer = (await importColumns(draftId!, [], "cancel")) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/activities");
    expect((await preview(draftId!)).draft).toBeNull();
  });

  it("is one transaction: a failure mid-file writes nothing (Import Failed)", async () => {
    await atLeastActivities(1);
    const prisma = database.prisma;
    const [target] = await prisma.activity.findMany({ orderBy: { id: "asc" }, take: 1 });
    const before = await prisma.activity.count();
    // The database refuses one row late in the file, in the second batch of 5,000: the first row's update and a
    // whole batch of creates have been written by then (and the rows after it are being planned).
    await database.raw.exec(`
      CREATE FUNCTION refuse_boom() RETURNS trigger AS $$
      BEGIN IF NEW.title = 'Boom 5500' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_boom BEFORE INSERT ON "Activity" FOR EACH ROW EXECUTE FUNCTION refuse_boom();`);
    try {
      const rows = [
        `id,${header},cost`,
        `${target!.id},Renamed,${target!.excerpt.replace(/\n/g, " ").replace(/"|,/g, "")},1,2,${target!.category},${target!.cityId},Free`,
      ];
      for (let i = 1; i <= 5600; i++) rows.push(`,Boom ${i},Made up,36.1,-86.7,Parks,nashville,`);
      const answer = (await importAll(rows.join("\n"))) as ColumnsAnswer;
      expect(answer.init?.status).toBe(500);
      expect(answer.data.error).toEqual({ title: CSV_TOASTS.importFailed, description: CSV_MESSAGES.failed });
      expect(await prisma.activity.count()).toBe(before);
      expect(await prisma.activity.findUniqueOrThrow({ where: { id: target!.id } })).toEqual(target);
    } finally {
      await database.raw.exec(`DROP TRIGGER refuse_boom ON "Activity"; DROP FUNCTION refuse_boom();`);
    }
  });
});

describe("PATCH /api/activities/:id/selective-update", () => {
  async function patch(id: number | string, body: unknown) {
    return (await selectiveRoute.action(
      adminArgs(
        `http://localhost/api/activities/${id}/selective-update`,
        { id: String(id) },
        {
          method: "PATCH",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        },
      ),
    )) as Response;
  }

  it("changes only the selected columns, and keeps the rest", async () => {
    await atLeastActivities(1);
    const prisma = database.prisma;
    const [target] = await prisma.activity.findMany({ orderBy: { id: "desc" }, take: 1, include: { tags: true } });
    const response = await patch(target!.id, {
      updates: { cost: "Free", website: "https://changed.example", title: "Not selected" },
      selectedColumns: ["cost"],
    });
    expect(response.status).toBe(200);
    const after = await prisma.activity.findUniqueOrThrow({ where: { id: target!.id }, include: { tags: true } });
    const { updatedAt: _a, cost: _c, version, ...rest } = after;
    const { updatedAt: _b, cost: _d, version: versionBefore, ...was } = target!;
    expect(after.cost).toBe("Free");
    expect(version).toBe(versionBefore + 1);
    expect(rest).toEqual({ ...was, updatedBy: rest.updatedBy });
  });

  it("validates with the form's schema", async () => {
    await atLeastActivities(1);
    const [target] = await database.prisma.activity.findMany({ take: 1 });
    const response = await patch(target!.id, { updates: { latitude: "north" }, selectedColumns: ["latitude"] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Latitude must be a number between -90 and 90" });
  });

  it("answers 400 naming an unknown column", async () => {
    await atLeastActivities(1);
    const [target] = await database.prisma.activity.findMany({ take: 1 });
    const response = await patch(target!.id, { updates: { colour: "red" }, selectedColumns: ["cost", "colour"] });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(`selectedColumns: ${unknownColumnMessage(["colour"])}`);
  });

  it("answers 404 for an activity that does not exist", async () => {
    const response = await patch(2_000_000_000, { updates: { cost: "Free" }, selectedColumns: ["cost"] });
    expect(response.status).toBe(404);
  });
});

describe("Export CSV with no activities", () => {
  it("is refused (409), as its button is disabled (admin §5, §9)", async () => {
    await database.prisma.activity.deleteMany();
    const response = await exportCsv();
    expect(response.status).toBe(409);
    expect(await response.text()).toBe(NO_ACTIVITIES_TO_EXPORT);
  });
});
