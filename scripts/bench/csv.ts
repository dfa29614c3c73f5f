// The bench's CSV figures (admin §2, issue #12): Export CSV of every activity, its time and the process's peak
// memory, and Import CSV of 50,000 rows timed as the column step runs it.
import Papa from "papaparse";
import pg from "pg";
import { copyIn, copyOut } from "./copy";
import { openDatabase, setDatabase, type Database } from "../../app/data/db.server";
import { activitiesCsvStream, csvImportContext } from "../../app/data/activities/csv.server";
import { importActivities, previewVersionsOf } from "../../app/workflows/csv-import.server";
import { getCsvDraft, saveCsvDraft, savePreviewVersions } from "../../app/data/csv-import-drafts.server";
import { CSV_COLUMNS, csvText, parseCsv } from "../../app/domain/activities/activity-csv";

const IMPORT_ROWS = 50_000;
/** What the import writes into each updated row's meta description, and each created row's title prefix. */
const UPDATED = "Updated by the bench";
const CREATED = "Imported activity";
/** Who imports, as the column step names the signed-in administrator. */
const ADMIN = "bench@example.com";

/**
 * Export CSV of every activity (100,000 synthetic plus the seed), read to the end and thrown away as a download
 * would be: the time, and the process's peak resident memory against where it started (the export holds one page of
 * 1,000 rows at a time, so the peak must not grow with the table).
 */
async function benchExport(): Promise<{
  seconds: number;
  startMb: number;
  tenPagesMb: number;
  peakMb: number;
  bytes: number;
}> {
  global.gc?.();
  const startRss = process.memoryUsage().rss;
  let peak = startRss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const reader = activitiesCsvStream().getReader();
  let bytes = 0;
  let chunks = 0;
  let peakAtTenPages = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    // The header, then one chunk per 1,000-row page: the peak after 10 pages against the peak over them all.
    if (++chunks === 11) peakAtTenPages = Math.max(peak, process.memoryUsage().rss);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds, startMb: startRss / 1e6, tenPagesMb: peakAtTenPages / 1e6, peakMb: peak / 1e6, bytes };
}

/** The export's first `rows` rows as CSV text (the file the import figure reads). */
async function exportedRows(rows: number): Promise<string> {
  const reader = activitiesCsvStream().getReader();
  const decoder = new TextDecoder();
  let text = "";
  let lines = 0;
  // Enough text for `rows` records (a record may span lines; parseCsv below counts records properly).
  while (lines <= rows * 1.2) {
    const { done, value } = await reader.read();
    if (done) break;
    const chunk = decoder.decode(value, { stream: true });
    text += chunk;
    lines += chunk.split("\n").length - 1;
  }
  await reader.cancel();
  return csvText(Papa.parse<string[]>(text, { preview: rows + 1 }).data);
}

/**
 * Import CSV of IMPORT_ROWS rows, timed as the column step runs it (its submit to the result): the draft read back,
 * the context loaded, every row checked, and the writes in one transaction, each updated row locked and its version
 * compared with the preview's. Half the rows update exported activities
 * (each column written), half create new ones (the same rows without id, retitled).
 */
async function benchImport(
  exported: string,
): Promise<{ seconds: number; created: number; updated: number; skipped: number }> {
  const parsed = parseCsv(exported);
  if (!parsed.ok) throw new Error(parsed.message);
  const half = IMPORT_ROWS / 2;
  const idAt = parsed.file.headers.indexOf("id");
  const titleAt = parsed.file.headers.indexOf("title");
  // Each update changes a column (a row already as stored is not written at all).
  const changedAt = parsed.file.headers.indexOf("metaDescription");
  const updates = parsed.file.rows.slice(0, half).map((r) => {
    const cells = [...r.cells];
    cells[changedAt] = UPDATED;
    return { line: r.line, cells };
  });
  const creates = parsed.file.rows.slice(half, IMPORT_ROWS).map((r, i) => {
    const cells = [...r.cells];
    cells[idAt] = "";
    cells[titleAt] = `${CREATED} ${i + 1}`;
    return { line: r.line, cells };
  });
  const draftId = await saveCsvDraft(ADMIN, "bench.csv", {
    headers: parsed.file.headers,
    rows: [...updates, ...creates],
  });
  // The preview step (not timed): the versions its plan read, which the import's report compares with.
  const previewed = (await getCsvDraft(ADMIN, draftId))!;
  await savePreviewVersions(ADMIN, draftId, previewVersionsOf(await csvImportContext(previewed)));
  const started = performance.now();
  const draft = (await getCsvDraft(ADMIN, draftId))!;
  const { created, updated, skipped } = await importActivities(draft, CSV_COLUMNS, await csvImportContext(draft), {
    by: ADMIN,
    previewVersions: draft.previewVersions,
  });
  const seconds = (performance.now() - started) / 1000;
  return { seconds, created, updated, skipped: skipped.length };
}

/**
 * The import's yardstick (issue #26: "a plain COPY of the same rows into a scratch copy of the table", in the same
 * run): the rows it wrote, as PostgreSQL's COPY reads them, copied with a plain COPY into a copy of "Activity" made in
 * the same database (LIKE … INCLUDING ALL: its columns, defaults, constraints and indexes, the B-trees and the two
 * trigram GIN indexes, and its storage parameters; logged, as the table is), dropped after. Beside it, for reference,
 * the same COPY into a temporary table with the columns alone (no indexes, no WAL): what the yardstick was before
 * (docs/decisions/047-csv-yardstick-is-a-copy-of-the-table.md).
 */
async function copyOfImportedRows(url: string): Promise<{ rows: number; seconds: number; bareSeconds: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await copyOut(
      client,
      `COPY (SELECT * FROM "Activity" WHERE "metaDescription" = '${UPDATED}' OR title LIKE '${CREATED} %') TO STDOUT`,
    );
    const { rows: options } = await client.query<{ options: string[] | null }>(
      `SELECT reloptions AS options FROM pg_class WHERE oid = '"Activity"'::regclass`,
    );
    const storage = options[0]?.options?.length ? ` WITH (${options[0].options.join(", ")})` : "";
    await client.query(`DROP TABLE IF EXISTS bench_copy`);
    await client.query(`CREATE TABLE bench_copy (LIKE "Activity" INCLUDING ALL)${storage}`);
    let seconds: number;
    try {
      const started = performance.now();
      await copyIn(client, `COPY bench_copy FROM STDIN`, rows);
      seconds = (performance.now() - started) / 1000;
    } finally {
      await client.query(`DROP TABLE bench_copy`);
    }
    await client.query(`CREATE TEMP TABLE bench_copy_bare (LIKE "Activity" INCLUDING DEFAULTS)`);
    const bareStarted = performance.now();
    await copyIn(client, `COPY bench_copy_bare FROM STDIN`, rows);
    const bareSeconds = (performance.now() - bareStarted) / 1000;
    const counted = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM bench_copy_bare`);
    await client.query(`DROP TABLE bench_copy_bare`);
    return { rows: counted.rows[0]!.n, seconds, bareSeconds };
  } finally {
    await client.end();
  }
}

export async function benchCsv(url: string): Promise<Array<[string, string, string]>> {
  const database: Database = await openDatabase({ kind: "postgres", url });
  setDatabase(database);
  try {
    const total = await database.prisma.activity.count();
    const exported = await benchExport();
    const imported = await benchImport(await exportedRows(IMPORT_ROWS));
    const copied = await copyOfImportedRows(url);
    const importRate = IMPORT_ROWS / imported.seconds;
    const copyRate = copied.rows / copied.seconds;
    return [
      [
        `export CSV, ${total} activities (${(exported.bytes / 1e6).toFixed(0)} MB)`,
        `${exported.seconds.toFixed(1)} s`,
        "",
      ],
      [
        "export CSV, peak RSS (at start; after the first 10,000 rows)",
        `${exported.peakMb.toFixed(0)} MB (${exported.startMb.toFixed(0)}; ${exported.tenPagesMb.toFixed(0)} MB)`,
        "flat: one 1,000-row page held",
      ],
      [
        `import CSV, ${IMPORT_ROWS} rows (${imported.updated} updated, ${imported.created} created, ${imported.skipped} skipped)`,
        `${imported.seconds.toFixed(1)} s, ${importRate.toFixed(0)} rows/s`,
        "< 10 s",
      ],
      [
        `plain COPY of the ${copied.rows} rows it wrote into a scratch copy of the table (its indexes, constraints and defaults; logged)`,
        `${copied.seconds.toFixed(2)} s, ${copyRate.toFixed(0)} rows/s`,
        "",
      ],
      ["import's rows/s against COPY's", `${((100 * importRate) / copyRate).toFixed(0)}%`, "≥ 30%"],
      [
        "for reference: the same COPY into a temporary table without indexes (no WAL)",
        `${copied.bareSeconds.toFixed(2)} s, ${(copied.rows / copied.bareSeconds).toFixed(0)} rows/s`,
        "",
      ],
      [
        "import's rows/s against that COPY's",
        `${((100 * importRate * copied.bareSeconds) / copied.rows).toFixed(0)}%`,
        "",
      ],
    ];
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}
