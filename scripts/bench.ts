// `npm run bench`: the city activities page at 100,000 activities on PostgreSQL. Creates a throw-away database
// (bench_<timestamp>) on the server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432), seeds it with
// the real data plus 100,000 synthetic activities, serves the built site, and measures the largest city's page
// with a category and a rating filter: latency p50/p95 and requests per second at 10 concurrent connections,
// the HTML bytes, and the gzip bytes of the JavaScript the page loads before the map.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { openDatabase, setDatabase, type Database } from "../app/data/db.server";
import { activitiesCsvStream, csvImportContext, importActivities } from "../app/data/activities.server";
import { getCsvDraft, saveCsvDraft } from "../app/data/csv-import-drafts.server";
import Papa from "papaparse";
import { CSV_COLUMNS, csvText, parseCsv } from "../app/domain/activity-csv";
import { seed } from "../prisma/seed";
import { filtersHref } from "../app/domain/city-page";
import { DEFAULT_FILTERS } from "../app/domain/filters";
import { cityThingsToDoPath } from "../app/domain/urls";
import { freePort, startSite, throwAwayDatabase, type SiteProcess } from "./harness";

const SYNTHETIC = Number(process.env.BENCH_ACTIVITIES ?? 100_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const MIN_RATING = 4;
// One server process per core, as a production deployment runs (`WEB_CONCURRENCY`, see scripts/start.ts).
const WORKERS = Number(process.env.WEB_CONCURRENCY ?? os.availableParallelism());
// V8 needs a few thousand requests to optimise the render path; latency is measured after that, in steady state.
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP_REQUESTS ?? 3000);

async function startBenchSite(url: string): Promise<{ origin: string; site: SiteProcess }> {
  const port = await freePort();
  const site = await startSite({
    ...process.env,
    DATABASE_URL: url,
    PORT: String(port),
    NODE_ENV: "production",
    // The bench addresses the site as 127.0.0.1, and production serves only PUBLIC_URL's host.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: process.env.SESSION_SECRET ?? "bench-session-secret-not-for-production",
    LOG_REQUESTS: "0",
    WEB_CONCURRENCY: String(WORKERS),
  });
  return { origin: `http://127.0.0.1:${port}`, site };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** Every script the HTML loads up front (module preloads, module scripts and static imports), map excluded. */
function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(m[1]!);
  return [...urls];
}

const IMPORT_ROWS = 50_000;

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
 * the context loaded, every row checked, and the writes in one transaction. Half the rows update exported activities
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
    cells[changedAt] = "Updated by the bench";
    return { line: r.line, cells };
  });
  const creates = parsed.file.rows.slice(half, IMPORT_ROWS).map((r, i) => {
    const cells = [...r.cells];
    cells[idAt] = "";
    cells[titleAt] = `Imported activity ${i + 1}`;
    return { line: r.line, cells };
  });
  const draftId = await saveCsvDraft("bench@example.com", "bench.csv", {
    headers: parsed.file.headers,
    rows: [...updates, ...creates],
  });
  const started = performance.now();
  const draft = (await getCsvDraft("bench@example.com", draftId))!;
  const { created, updated, skipped } = await importActivities(draft, CSV_COLUMNS, await csvImportContext(draft));
  const seconds = (performance.now() - started) / 1000;
  return { seconds, created, updated, skipped: skipped.length };
}

async function benchCsv(url: string): Promise<Array<[string, string, string]>> {
  const database: Database = await openDatabase({ kind: "postgres", url });
  setDatabase(database);
  try {
    const total = await database.prisma.activity.count();
    const exported = await benchExport();
    const imported = await benchImport(await exportedRows(IMPORT_ROWS));
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
        `${imported.seconds.toFixed(1)} s, ${(IMPORT_ROWS / imported.seconds).toFixed(0)} rows/s`,
        "well under 10 s (> 5,000 rows/s)",
      ],
    ];
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}

async function main() {
  const base = process.env.DATABASE_URL?.trim() || "postgres://postgres@127.0.0.1:5432/postgres";
  if (!/^postgres(ql)?:\/\//.test(base)) throw new Error("npm run bench needs a PostgreSQL DATABASE_URL");
  const name = `bench_${Date.now()}`;
  const { url, drop } = await throwAwayDatabase(base, name);
  console.log(`Database ${name} created`);
  let site: { origin: string; site: SiteProcess } | undefined;
  try {
    const database = await openDatabase({ kind: "postgres", url });
    let target: { path: string; city: string; category: string; cityActivities: number; matching: number };
    try {
      const started = performance.now();
      await seed(database.prisma, { synthetic: SYNTHETIC });
      // A table in service has been vacuumed by autovacuum (off on some servers, this machine's included), which
      // is what lets counts be index-only scans; a freshly loaded one has not, so the bench vacuums it itself.
      await database.raw.exec(`VACUUM ANALYZE`);
      const total = await database.prisma.activity.count();
      console.log(`Seeded ${total} activities in ${((performance.now() - started) / 1000).toFixed(1)} s`);

      const [largest] = await database.prisma.activity.groupBy({
        by: ["cityId"],
        _count: { _all: true },
        orderBy: { _count: { cityId: "desc" } },
        take: 1,
      });
      const city = await database.prisma.city.findUniqueOrThrow({ where: { id: largest!.cityId } });
      const [common] = await database.prisma.activity.groupBy({
        by: ["category"],
        where: { cityId: city.id, googleRating: { gte: MIN_RATING } },
        _count: { _all: true },
        orderBy: { _count: { category: "desc" } },
        take: 1,
      });
      const filters = { ...DEFAULT_FILTERS, categories: [common!.category], minRating: MIN_RATING };
      const matching = await database.prisma.activity.count({
        where: { cityId: city.id, category: common!.category, googleRating: { gte: MIN_RATING } },
      });
      target = {
        path: filtersHref(cityThingsToDoPath(city, city.id), filters),
        city: city.id,
        category: common!.category,
        cityActivities: largest!._count._all,
        matching,
      };
    } finally {
      await database.close();
    }

    if (!existsSync(path.join("build", "server", "index.js"))) {
      console.log("No build found, building…");
      execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
    }
    site = await startBenchSite(url);
    const pageUrl = site.origin + target.path;

    const first = await fetch(pageUrl);
    if (first.status !== 200) throw new Error(`${target.path} answered ${first.status}`);
    const html = await first.text();
    const htmlBytes = Buffer.byteLength(html);
    const htmlGzip = gzipSync(html).length;
    const scripts = await Promise.all(
      scriptUrls(html).map(async (src) => {
        const body = Buffer.from(await (await fetch(new URL(src, site!.origin))).arrayBuffer());
        return { src, bytes: body.length, gzip: gzipSync(body).length };
      }),
    );
    const jsGzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
    if (scripts.some((s) => /mapbox/i.test(s.src))) throw new Error("the map library is loaded up front");

    // Warm up connections, caches and the JIT before measuring.
    await autocannon({ url: pageUrl, connections: CONNECTIONS, amount: WARMUP_REQUESTS });

    const times: number[] = [];
    const instance = autocannon({ url: pageUrl, connections: CONNECTIONS, duration: DURATION_S });
    instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
      times.push(responseTime),
    );
    const result = await instance;
    times.sort((a, b) => a - b);
    const non2xx = result.non2xx + result.errors + result.timeouts;

    console.log(`\nCity activities page: ${target.path}`);
    console.log(
      `  ${target.city}: ${target.cityActivities} activities; ${target.matching} in '${target.category}' rated ${MIN_RATING}+\n`,
    );
    const rows: Array<[string, string, string]> = [
      ["latency p50", `${percentile(times, 50).toFixed(1)} ms`, "< 50 ms"],
      ["latency p95", `${percentile(times, 95).toFixed(1)} ms`, ""],
      ["requests / second", result.requests.average.toFixed(0), ""],
      ["requests in all (non-2xx or errors)", `${result.requests.total} (${non2xx})`, ""],
      ["HTML bytes (gzip)", `${htmlBytes} (${htmlGzip})`, ""],
      ["JS before the map, gzip", `${(jsGzip / 1024).toFixed(1)} KB in ${scripts.length} files`, "< 150 KB"],
    ];
    const width = Math.max(...rows.map((r) => r[0].length));
    const valueWidth = Math.max(...rows.map((r) => r[1].length));
    console.log(`  ${"measure".padEnd(width)}  ${"value".padEnd(valueWidth)}  target`);
    for (const [label, value, goal] of rows)
      console.log(`  ${label.padEnd(width)}  ${value.padEnd(valueWidth)}  ${goal}`);
    console.log(
      `\n  (${CONNECTIONS} connections for ${DURATION_S} s with autocannon after ${WARMUP_REQUESTS} warm-up requests;` +
        ` ${WORKERS} server process${WORKERS === 1 ? "" : "es"} on ${os.availableParallelism()} cores shared with PostgreSQL and the load generator)`,
    );
    for (const s of scripts) console.log(`    ${s.src}  ${s.bytes} B, ${s.gzip} B gzip`);

    // CSV export and import (admin §2, issue #12), after the page figures as the import adds activities.
    await site.site.stop();
    site = undefined;
    const csv = await benchCsv(url);
    console.log("\nCSV export and import (in this process, on the same database)\n");
    const csvWidth = Math.max(...csv.map((r) => r[0].length));
    const csvValueWidth = Math.max(...csv.map((r) => r[1].length));
    console.log(`  ${"measure".padEnd(csvWidth)}  ${"value".padEnd(csvValueWidth)}  target`);
    for (const [label, value, goal] of csv)
      console.log(`  ${label.padEnd(csvWidth)}  ${value.padEnd(csvValueWidth)}  ${goal}`);
  } finally {
    await site?.site.stop();
    await drop();
    console.log(`Database ${name} dropped`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
