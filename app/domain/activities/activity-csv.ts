// CSV import and export of activities (admin §2 'Activities tab', §5 'CSV import', §8, §9). The columns are those of
// activity-record.ts, read and checked by its schemas through activity-form.ts selectiveUpdate; this module holds
// what is particular to a CSV file: the column order, the file rules, the spec's defaults and messages, and the
// plan of an import (which rows create, which update, which are skipped and why).
import Papa from "papaparse";
import {
  activityText,
  categoryChoices,
  type ActivityChoices,
  type GooglePhotoColumn,
  type StoredActivity,
} from "./activity-record";
import { selectiveUpdate, type SelectiveColumn, type SelectiveValues } from "./activity-form";
import { NOT_AVAILABLE } from "../constants";
import { DEFAULT_COUNTRY, DEFAULT_STATE } from "./countries";
import { MAX_ID } from "../form-values";
import { DEFAULT_ACTIVITY_IMAGE } from "./photos";
import { titleSlug } from "../taxonomy/slug";

/** Every importable column, in the order an export writes them (issue #12). */
export const CSV_COLUMNS = [
  "id",
  "title",
  "excerpt",
  "image",
  "latitude",
  "longitude",
  "category",
  "cityId",
  "tags",
  "country",
  "state",
  "googleMapsUrl",
  "metaTitle",
  "metaDescription",
  "touristyLevel",
  "cost",
  "duration",
  "address",
  "website",
  "phoneNumber",
  "googleRating",
  "googleReviewCount",
] as const satisfies readonly ("id" | SelectiveColumn)[];

export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Always imported and not deselectable (admin §5). */
export const REQUIRED_CSV_COLUMNS = [
  "title",
  "excerpt",
  "latitude",
  "longitude",
  "category",
  "cityId",
] as const satisfies readonly CsvColumn[];

/** Tags in one cell, 'a;b' (admin §5). */
export const TAG_SEPARATOR = ";";

export const CSV_LIMITS = {
  /** The upload: a 50,000-row file with long descriptions fits. */
  uploadBytes: 32_000_000,
  /** Data rows in one file: one import is one transaction, and the bench holds 50,000 rows well under 10 s. */
  rows: 50_000,
  /** Rows shown in the preview (admin §9 'Preview lists show 10 items'). */
  previewRows: 10,
  /** How long a file waits between the preview and the column step. */
  draftMinutes: 60,
} as const;

export const CSV_MESSAGES = {
  // The spec's own words (admin §5).
  tooFewRows: "CSV file must contain headers and at least one data row",
  missingRequired: (columns: readonly string[]) => `Missing required columns for import: ${columns.join(", ")}`,
  noValidRows: "No valid activities found in CSV file...",
  // Ours, for what the spec leaves unsaid.
  fileRequired: "Choose a CSV file to import",
  columnsRequired: "Select at least one column to import",
  notUtf8: "The file is not UTF-8 text. Save it as 'CSV UTF-8' (comma or semicolon delimited) and try again.",
  tooLarge: `The file is larger than ${CSV_LIMITS.uploadBytes / 1_000_000} MB, the most one import takes. Split it into smaller files.`,
  tooManyRows: (rows: number) =>
    `The file has ${rows.toLocaleString("en-US")} data rows; one import takes at most ${CSV_LIMITS.rows.toLocaleString("en-US")}. Split it into smaller files.`,
  draftGone: "This import has expired or was already finished. Upload the file again.",
  failed: "The import failed and nothing was changed. Please try again.",
  // Why a row is skipped.
  fieldCount: (fields: number, header: number) => `Has ${fields} fields; the header has ${header}`,
  titleOrExcerptMissing: "Title and excerpt are required",
  coordinatesNotNumeric: "Latitude and longitude must be numbers",
  unknownCity: (cityId: string) => `Unknown cityId "${cityId}": add the city first`,
  unknownCategory: (category: string) => `Unknown category "${category}": add the category first, or use Other`,
  idNotFound: (id: number) => `No activity has id ${id}; leave id empty to create a new activity`,
  duplicateTitle: (title: string) => `An activity named "${title}" already exists in this city`,
} as const;

const M = CSV_MESSAGES;

/** The toasts' titles (admin §8). */
export const CSV_TOASTS = {
  previewError: "CSV Preview Error",
  importError: "Import Error",
  importFailed: "Import Failed",
} as const;

// ---- Reading the file ----

/** The file's text: UTF-8 only (a BOM is dropped); anything else is refused with a message, never mangled. */
export function decodeCsv(bytes: Uint8Array): { ok: true; text: string } | { ok: false; message: string } {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    // NUL characters are no text (a UTF-16 file without its byte order mark decodes to them).
    return text.includes("\u0000") ? { ok: false, message: M.notUtf8 } : { ok: true, text };
  } catch {
    return { ok: false, message: M.notUtf8 };
  }
}

/** A data row and the line of the file it starts on (a quoted newline makes a row span several lines). */
export type CsvRow = { line: number; cells: string[] };

export type CsvFile = { headers: string[]; rows: CsvRow[] };

/**
 * Parses the text (papaparse): comma or semicolon delimited (spreadsheet programs in many locales write ';'),
 * CRLF or LF line ends, quoted fields with newlines; blank lines are ignored. Checks the file rules of admin §5.
 */
export function parseCsv(text: string): { ok: true; file: CsvFile } | { ok: false; message: string } {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRow[] = [];
  let line = 1;
  let consumed = 0;
  let tooMany = false;
  const delimiter = detectDelimiter(source);
  Papa.parse<string[]>(source, {
    delimiter,
    skipEmptyLines: true,
    step: (result, parser) => {
      // The cursor is where the row ends: the row began after the previous one, blank lines skipped.
      const end = result.meta.cursor;
      let start = consumed;
      while (start < end && (source[start] === "\n" || source[start] === "\r")) {
        if (source[start] === "\n" || source[start + 1] !== "\n") line += 1;
        start += 1;
      }
      records.push({ line, cells: result.data.map(unescapeFormula) });
      line += countLineBreaks(source, start, end);
      consumed = end;
      if (records.length > CSV_LIMITS.rows + 1) {
        tooMany = true;
        parser.abort();
      }
    },
  });
  if (tooMany) return { ok: false, message: M.tooManyRows(countRecords(source, delimiter)) };
  const [header, ...rows] = records;
  if (!header || rows.length === 0) return { ok: false, message: M.tooFewRows };
  const headers = header.cells.map((h) => h.trim());
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !headers.includes(c));
  if (missing.length > 0) return { ok: false, message: M.missingRequired(missing) };
  return { ok: true, file: { headers, rows } };
}

/**
 * ',' or ';', whichever the header line has more of: column names contain neither, where data cells may hold
 * either (tags are 'a;b'), so the header alone decides.
 */
export function detectDelimiter(text: string): "," | ";" {
  const end = text.search(/\r|\n/);
  const header = end === -1 ? text : text.slice(0, end);
  const count = (c: string) => header.split(c).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

function countLineBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    if (text[i] === "\n" || (text[i] === "\r" && text[i + 1] !== "\n")) n += 1;
  }
  return n;
}

/** How many data rows a file too long to import has (for the message): counted without keeping them. */
function countRecords(text: string, delimiter: string): number {
  let n = 0;
  Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true, step: () => void (n += 1) });
  return n - 1;
}

/** The importable columns of a file's header: the required ones first, then the optional ones it has. */
export function fileColumns(headers: readonly string[]): { required: CsvColumn[]; optional: CsvColumn[] } {
  const present = CSV_COLUMNS.filter((c) => headers.includes(c));
  return {
    required: present.filter((c) => isRequired(c)),
    optional: present.filter((c) => !isRequired(c)),
  };
}

function isRequired(column: string): boolean {
  return (REQUIRED_CSV_COLUMNS as readonly string[]).includes(column);
}

/**
 * The columns an import writes: the ticked ones the file has, plus the required ones always (admin §5). Nothing
 * ticked at all is refused (a form always sends the required ones).
 */
export function chosenColumns(
  headers: readonly string[],
  ticked: readonly string[],
): { ok: true; columns: CsvColumn[] } | { ok: false; message: string } {
  if (ticked.length === 0) return { ok: false, message: M.columnsRequired };
  const { required, optional } = fileColumns(headers);
  return { ok: true, columns: [...required, ...optional.filter((c) => ticked.includes(c))] };
}

// ---- One row's rules (admin §5) ----

/** id: an integer, else dropped (the row then creates an activity). */
export function parseCsvId(cell: string | undefined): number | undefined {
  const t = (cell ?? "").trim();
  if (!/^\d+$/.test(t)) return undefined;
  const n = Number(t);
  return n >= 1 && n <= MAX_ID ? n : undefined;
}

/** googleRating: a decimal (the record's 0 to 5), else null. */
export function parseCsvRating(cell: string | undefined): number | null {
  const t = (cell ?? "").trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  const n = Number(t);
  return n >= 0 && n <= 5 ? n : null;
}

/** googleReviewCount: an integer, else null. */
export function parseCsvReviewCount(cell: string | undefined): number | null {
  const t = (cell ?? "").trim();
  if (!/^\+?\d+$/.test(t)) return null;
  const n = Number(t);
  return n <= MAX_ID ? n : null;
}

/** Tags: names separated by ';', blanks dropped. */
export function splitTags(cell: string | undefined): string[] {
  return (cell ?? "")
    .split(TAG_SEPARATOR)
    .map((t) => t.trim())
    .filter((t) => t !== "");
}

const isNumeric = (cell: string | undefined) => /^[-+]?(\d+\.?\d*|\.\d+)$/.test((cell ?? "").trim());
const blank = (cell: unknown) => cell === undefined || (typeof cell === "string" && cell.trim() === "");

/**
 * A row's cells as the values of its columns, with the spec's defaults for empty cells: the stock photo for the
 * image; 'Not available' for touristyLevel, cost and duration; United States for the country and Tennessee for
 * the state (of the United States only: another country's states are its own).
 */
export function csvRowValues(headers: readonly string[], cells: readonly string[], columns: readonly CsvColumn[]) {
  const cell = (column: CsvColumn) => cells[headers.indexOf(column)];
  const values: Record<string, unknown> = {};
  for (const column of columns) {
    if (column === "id") continue;
    const raw = cell(column);
    if (column === "tags") values.tags = splitTags(raw);
    else if (column === "googleRating") values.googleRating = parseCsvRating(raw);
    else if (column === "googleReviewCount") values.googleReviewCount = parseCsvReviewCount(raw);
    else if (column === "image") values.image = blank(raw) ? DEFAULT_ACTIVITY_IMAGE : raw;
    else if (column === "touristyLevel" || column === "cost" || column === "duration") {
      values[column] = blank(raw) ? NOT_AVAILABLE : raw;
    } else values[column] = raw ?? "";
  }
  if (columns.includes("country") && blank(values.country)) values.country = DEFAULT_COUNTRY;
  const country = columns.includes("country") ? values.country : undefined;
  if (columns.includes("state") && blank(values.state) && (country ?? DEFAULT_COUNTRY) === DEFAULT_COUNTRY) {
    values.state = DEFAULT_STATE;
  }
  return values;
}

/** A new activity's stored starting point: what a row leaves out takes the spec's defaults. */
const NEW_ACTIVITY: NewActivityValues = {
  title: "",
  excerpt: "",
  image: DEFAULT_ACTIVITY_IMAGE,
  latitude: 0,
  longitude: 0,
  cityId: "",
  category: "",
  tags: [],
  country: DEFAULT_COUNTRY,
  state: DEFAULT_STATE,
  address: null,
  website: null,
  phoneNumber: null,
  googleMapsUrl: null,
  touristyLevel: NOT_AVAILABLE,
  cost: NOT_AVAILABLE,
  duration: NOT_AVAILABLE,
  photoSource: "original",
  customPhotoUrl: null,
  metaTitle: null,
  metaDescription: null,
  googleRating: null,
  googleReviewCount: null,
};

/** What an import works against: the choices, the stored activities the file's ids name, the addresses taken. */
export type ImportContext = {
  choices: ActivityChoices;
  /** The stored activities whose ids the file names (with their slug). */
  stored: ReadonlyMap<number, Omit<StoredActivity, "id" | GooglePhotoColumn>>;
  /** Whose are the addresses (cityId, slug, as slugKey) the file's rows would take, and the stored rows' own. */
  taken: ReadonlyMap<string, number>;
};

export const slugKey = (cityId: string, slug: string) => `${cityId}\u0000${slug}`;

/** A new activity's values: every column, the row's where it has them, the defaults elsewhere. */
export type NewActivityValues = Omit<StoredActivity, "id" | "slug" | GooglePhotoColumn>;
export type PlannedCreate = { line: number; values: NewActivityValues };
export type PlannedUpdate = { line: number; id: number; values: SelectiveValues };
export type SkippedRow = { line: number; reason: string };

export type ImportPlan = {
  /** The columns written (id excluded): every create writes them all, every update only these. */
  columns: SelectiveColumn[];
  creates: PlannedCreate[];
  updates: PlannedUpdate[];
  skipped: SkippedRow[];
};

/**
 * The plan of an import (admin §5): each row is skipped with its reason, or creates an activity (no id, or an id
 * that is not an integer, or the id column not chosen), or updates the activity of its id, only the chosen columns.
 * A row whose id names no activity is skipped and reported rather than created under another id. An unknown cityId
 * or category (which the spec leaves open) skips the row: creating cities or categories from a file would put
 * half-described pages on the public site. Two rows may not give one city two activities of the same title (they
 * would share one address).
 */
export function planImport(file: CsvFile, columns: readonly CsvColumn[], context: ImportContext): ImportPlan {
  const plan: ImportPlan = { columns: importedColumns(columns), creates: [], updates: [], skipped: [] };
  for (const row of planRows(file, columns, context)) {
    if ("reason" in row) plan.skipped.push(row);
    else if ("id" in row) plan.updates.push(row);
    else plan.creates.push(row);
  }
  return plan;
}

/** The columns an import writes (id excluded): every create writes them all, every update only these. */
export function importedColumns(columns: readonly CsvColumn[]): Exclude<CsvColumn, "id">[] {
  return columns.filter((c): c is Exclude<CsvColumn, "id"> => c !== "id");
}

/** planImport one row at a time, in the file's order (so that an import can write rows while it plans the next). */
export function* planRows(
  file: CsvFile,
  columns: readonly CsvColumn[],
  context: ImportContext,
): Generator<PlannedCreate | PlannedUpdate | SkippedRow> {
  const written = importedColumns(columns);
  const useIds = columns.includes("id") && file.headers.includes("id");
  const categories = categoryChoices(context.choices.categories);
  const taken = new Map(context.taken);
  const width = file.headers.length;
  const at = (cells: readonly string[], column: CsvColumn) => cells[file.headers.indexOf(column)];

  for (const { line, cells } of file.rows) {
    if (cells.length !== width) {
      yield { line, reason: M.fieldCount(cells.length, width) };
      continue;
    }
    if (blank(at(cells, "title")) || blank(at(cells, "excerpt"))) {
      yield { line, reason: M.titleOrExcerptMissing };
      continue;
    }
    if (!isNumeric(at(cells, "latitude")) || !isNumeric(at(cells, "longitude"))) {
      yield { line, reason: M.coordinatesNotNumeric };
      continue;
    }
    const cityId = (at(cells, "cityId") ?? "").trim();
    if (!context.choices.cityIds.includes(cityId)) {
      yield { line, reason: M.unknownCity(cityId) };
      continue;
    }
    const category = (at(cells, "category") ?? "").trim();
    if (!categories.includes(category)) {
      yield { line, reason: M.unknownCategory(category) };
      continue;
    }
    const id = useIds ? parseCsvId(at(cells, "id")) : undefined;
    const stored = id === undefined ? NEW_ACTIVITY : context.stored.get(id);
    if (!stored) {
      yield { line, reason: M.idNotFound(id!) };
      continue;
    }
    const values = csvRowValues(file.headers, cells, written);
    const result = selectiveUpdate(stored, values, written, context.choices);
    if (!result.ok) {
      yield { line, reason: Object.values(result.errors).flat().join("; ") };
      continue;
    }
    // The public address (cityId, slug) must stay one activity's.
    const title = (result.values.title as string | undefined) ?? stored.title;
    const key = slugKey((result.values.cityId as string | undefined) ?? stored.cityId, titleSlug(title));
    const owner = taken.get(key);
    const self = id ?? -line;
    if (owner !== undefined && owner !== self) {
      yield { line, reason: M.duplicateTitle(title) };
      continue;
    }
    if (id !== undefined && "slug" in stored) taken.delete(slugKey(stored.cityId, (stored as { slug: string }).slug));
    taken.set(key, self);
    if (id === undefined) yield { line, values: { ...NEW_ACTIVITY, ...result.values } as NewActivityValues };
    else yield { line, id, values: result.values };
  }
}

/** The ids a file's rows name (what the import context loads). */
export function fileIds(file: CsvFile): number[] {
  if (!file.headers.includes("id")) return [];
  const index = file.headers.indexOf("id");
  return [...new Set(file.rows.flatMap((r) => parseCsvId(r.cells[index]) ?? []))];
}

/** The addresses (cityId, slug) the file's rows would take, each once: whose they are now is what the plan needs. */
export function fileAddresses(file: CsvFile): { cityIds: string[]; slugs: string[] } {
  const cityAt = file.headers.indexOf("cityId");
  const titleAt = file.headers.indexOf("title");
  const seen = new Set<string>();
  const cityIds: string[] = [];
  const slugs: string[] = [];
  for (const { cells } of file.rows) {
    const cityId = (cells[cityAt] ?? "").trim();
    const slug = titleSlug((cells[titleAt] ?? "").trim());
    const key = slugKey(cityId, slug);
    if (seen.has(key)) continue;
    seen.add(key);
    cityIds.push(cityId);
    slugs.push(slug);
  }
  return { cityIds, slugs };
}

/** The preview's counts (admin §2: create, update, skip), with every column of the file chosen. */
export function previewCounts(plan: ImportPlan) {
  return { create: plan.creates.length, update: plan.updates.length, skip: plan.skipped.length };
}

// ---- Export ----

/** One activity as an export row: each column's text in CSV_COLUMNS order, tags as 'a;b'. */
export function csvRow(a: Omit<StoredActivity, "slug" | GooglePhotoColumn>): string[] {
  const text = activityText(a);
  return CSV_COLUMNS.map((column) => {
    if (column === "id") return String(a.id);
    if (column === "tags") return text.tags.join(TAG_SEPARATOR);
    return text[column];
  });
}

// ---- Formulas (OWASP 'CSV injection') ----
//
// A cell that starts with =, +, -, @, a tab or a carriage return is run as a formula by a spreadsheet program, so the
// export writes it with a leading ' (papaparse's escapeFormulae), and the import removes exactly that one ' again:
// export then import changes nothing. Two refinements keep that a round trip for every value:
// - a plain number ('-86.78', '+5') is no formula and is written as it is, so coordinates stay numbers in a
//   spreadsheet;
// - a value that already starts with ' before such a character ("'=x") gets one more, so the import's one removed '
//   gives it back whole (a value starting with ' before anything else, "'Round Midnight", is left alone both ways).
// The import also reads "'-86.78" (another program's escaped number) as -86.78: no export of ours writes that cell.
const PLAIN_NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)`;
export const FORMULA_CELL = new RegExp(String.raw`^(?!${PLAIN_NUMBER}$)'*[=+\-@\t\r]`);
const ESCAPED_CELL = /^'+[=+\-@\t\r]/;

/** The import's cell: the one ' the export put before a formula removed, anything else as it is. */
export function unescapeFormula(cell: string): string {
  return ESCAPED_CELL.test(cell) ? cell.slice(1) : cell;
}

/** Rows as RFC 4180 CSV text (quoted where needed, CRLF after each row), formulas escaped. */
export function csvText(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return "";
  return Papa.unparse(rows as string[][], { newline: "\r\n", escapeFormulae: FORMULA_CELL }) + "\r\n";
}

export const NO_ACTIVITIES_TO_EXPORT = "There are no activities to export";

/** The export's first bytes: a UTF-8 byte order mark, so spreadsheet programs read accents right, and the header. */
export const CSV_EXPORT_START = "\uFEFF" + csvText([[...CSV_COLUMNS]]);

/** 'activities-2026-11-23.csv' (the export's dated file name). */
export function exportFileName(now: Date): string {
  return `activities-${now.toISOString().slice(0, 10)}.csv`;
}
