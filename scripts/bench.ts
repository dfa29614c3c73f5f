// `npm run bench` (issue #15): the public site at 100,000 activities under a realistic mix of requests, on
// PostgreSQL and on the embedded PGlite, with every figure printed beside its target.
//
// 1. A throw-away PostgreSQL database (bench_<timestamp>, on the server of DATABASE_URL, default
//    postgres://postgres@127.0.0.1:5432) seeded with the real data plus 100,000 synthetic activities spread over the
//    cities with a Zipf skew (prisma/seed.ts).
// 2. The built site, as `npm start` runs it (one process per core), replays a fixed-seed mix of thousands of distinct
//    URLs of ten kinds (scripts/bench/mix.ts) at 10 and then 50 connections: p50/p95/p99, requests/s and errors per
//    kind and overall, and the server's peak memory.
// 3. In Chromium on the same server: the largest city's filtered page against the original's approach (the whole
//    city from /api/activities, filtered in the browser), bytes and time to the first cards; Lighthouse mobile
//    performance and LCP of the home, city and detail pages; the JavaScript loaded before the map.
// 4. CSV export and import figures (scripts/bench/csv.ts).
// 5. The same mix on the embedded PGlite (a throw-away data directory, one process as `npm start` runs it there).
//
// Before all that, the previous version (BENCH_BASE, a git revision; by default where this branch left main, or on
// main the commit before the last merge; `none` to skip) is checked out, installed and built in a throw-away git
// worktree, and both versions' servers take the mix on PostgreSQL at 10 connections on the same database,
// interleaved in short rounds (scripts/bench/side-by-side.ts), printed side by side (issue #25); then each crawls 3,000
// public URLs it was never asked for, the long tail a search engine reads and no cache holds (scripts/bench/crawl.ts).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { openDatabase, type Database } from "../app/data/db.server";
import { seed } from "../prisma/seed";
import { filtersHref } from "../app/domain/pages/city-page";
import { DEFAULT_FILTERS } from "../app/domain/pages/filters";
import { cityThingsToDoPath } from "../app/domain/http/urls";
import { modulesAfterFirstPaint } from "../app/http/script-priority";
import { freePort, startSite, throwAwayDatabase, type SiteProcess } from "./harness";
import {
  compareWithOriginal,
  hostBenchmarkIndex,
  interaction,
  lighthouse,
  LIGHTHOUSE_RUNS,
  type Comparison,
  type InteractionFigures,
  type LighthouseFigures,
} from "./bench/browser";
import { cpuSlowdown, PHONES } from "./bench/phones";
import { benchCsv } from "./bench/csv";
import { startPhotoServer, type PhotoServer } from "./bench/photos";
import { CARD_PHOTO_WIDTH_PX, PHOTO_MAX_WIDTH_PX } from "../app/domain/places/places";
import { PHOTO_WIDTHS } from "../app/domain/activities/photos";
import {
  figures,
  mixUrls,
  requestSequence,
  runLoad,
  type KindFigures,
  type LoadResult,
  type MixUrl,
} from "./bench/mix";
import { CRAWL_URLS, crawlUrls } from "./bench/crawl";
import { checkoutBase, defaultBase, revision, type BaseCheckout } from "./bench/base";
import { sideBySide } from "./bench/side-by-side";
import { SHIPPED_VCL, startVarnish, varnishHit, varnishUnavailable } from "./varnish";

const SYNTHETIC = Number(process.env.BENCH_ACTIVITIES ?? 100_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 15);
const MIN_RATING = 4;
// One server process per core, as a production deployment runs (`WEB_CONCURRENCY`, see server/start.ts).
const WORKERS = Number(process.env.WEB_CONCURRENCY ?? os.availableParallelism());
// V8 optimises the render path and the page cache fills over the first few thousand requests; the figures are
// taken after that, in steady state.
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP_REQUESTS ?? 8000);
const SEQUENCE_LENGTH = 200_000;
const SKIP_PGLITE = process.env.BENCH_PGLITE === "0";
const SKIP_LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE === "0";
const SKIP_INTERACTION = process.env.BENCH_INTERACTION === "0";
const BASE = process.env.BENCH_BASE?.trim() || undefined;
/** A round of one side in the side-by-side run, in seconds: short, so both sides see the same moments' load. */
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
/** The side-by-side targets (issue #25): this version's p50 and requests/s no more than 10% worse than the base's. */
const SIDE_BY_SIDE_TOLERANCE = 0.1;

type Row = [string, string, string];

/** The host's benchmark index at the run's start, named beside every table's title (issue #26). */
let hostIndexAtStart: number | undefined;

function printTable(title: string, header: string[], rows: string[][]) {
  console.log(`\n${title}${hostIndexAtStart === undefined ? "" : ` [host benchmark index ${hostIndexAtStart}]`}\n`);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    "  " + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}

function printTargets(title: string, rows: Row[]) {
  printTable(title, ["measure", "value", "target"], rows);
}

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : "–");

function printMix(title: string, result: { figures: KindFigures[]; peakServerMb: number }) {
  printTable(
    Number.isFinite(result.peakServerMb) ? `${title} (server peak memory ${result.peakServerMb.toFixed(0)} MB)` : title,
    ["kind", "requests", "req/s", "p50", "p95", "p99", "errors", "cached"],
    result.figures.map((f) => [
      f.kind,
      String(f.requests),
      f.perSecond.toFixed(0),
      ms(f.p50),
      ms(f.p95),
      ms(f.p99),
      f.errors === 0 ? "0" : `${f.errors} (${f.errorDetail})`,
      `${f.hitPercent.toFixed(0)}%`,
    ]),
  );
}

/** Every script the page loads without asking (its modules, started after the first paint; script tags). */
function scriptUrls(html: string): string[] {
  const urls = new Set<string>(modulesAfterFirstPaint(html));
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(m[1]!);
  return [...urls];
}

async function javaScriptBeforeMap(origin: string, pagePath: string): Promise<{ gzip: number; files: number }> {
  const html = await (await fetch(origin + pagePath)).text();
  const scripts = await Promise.all(
    scriptUrls(html).map(async (src) => ({
      src,
      gzip: gzipSync(Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer())).length,
    })),
  );
  if (scripts.some((s) => /map(box|libre)/i.test(s.src))) throw new Error("the map library is loaded up front");
  return { gzip: scripts.reduce((sum, s) => sum + s.gzip, 0), files: scripts.length };
}

interface Target {
  /** The largest city's page with its most common category rated 4+. */
  pagePath: string;
  plainCityPath: string;
  cityId: string;
  category: string;
  cityActivities: number;
  matching: number;
  detailPath: string;
}

/** The database's figures the bench needs: the largest city and its busiest filter, and the URL mix. */
async function prepare(
  database: Database,
): Promise<{ target: Target; sequence: MixUrl[]; distinct: number; crawl: MixUrl[][] }> {
  const prisma = database.prisma;
  const [largest] = await prisma.activity.groupBy({
    by: ["cityId"],
    _count: { _all: true },
    orderBy: { _count: { cityId: "desc" } },
    take: 1,
  });
  const city = await prisma.city.findUniqueOrThrow({ where: { id: largest!.cityId } });
  const [common] = await prisma.activity.groupBy({
    by: ["category"],
    where: { cityId: city.id, googleRating: { gte: MIN_RATING } },
    _count: { _all: true },
    orderBy: { _count: { category: "desc" } },
    take: 1,
  });
  const filters = { ...DEFAULT_FILTERS, categories: [common!.category], minRating: MIN_RATING };
  const matching = await prisma.activity.count({
    where: { cityId: city.id, category: common!.category, googleRating: { gte: MIN_RATING } },
  });
  const urls = await mixUrls(prisma);
  const target: Target = {
    pagePath: filtersHref(cityThingsToDoPath(city, city.id), filters),
    plainCityPath: cityThingsToDoPath(city, city.id),
    cityId: city.id,
    category: common!.category,
    cityActivities: largest!._count._all,
    matching,
    detailPath: urls["activity detail"][0]!,
  };
  const distinct = Object.values(urls).reduce((sum, list) => sum + new Set(list).size, 0);
  const sequence = requestSequence(urls, SEQUENCE_LENGTH);
  // One crawl list a server (the base's and this one's), none of it in the mix.
  const crawl = await crawlUrls(prisma, new Set(sequence.map((u) => u.path)), 2);
  return { target, sequence, distinct, crawl };
}

async function seedDatabase(database: Database): Promise<number> {
  const started = performance.now();
  await seed(database.prisma, { synthetic: SYNTHETIC });
  // A table in service has been vacuumed by autovacuum (off on some servers, this machine's included), which is
  // what lets counts be index-only scans; a freshly loaded one has not, so the bench vacuums it itself.
  await database.raw.exec(`VACUUM ANALYZE`);
  const total = await database.prisma.activity.count();
  console.log(`Seeded ${total} activities in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return total;
}

interface MixRun {
  figures: KindFigures[];
  peakServerMb: number;
}

/** Warm-up, then the mix at 10 and at 50 connections. */
async function runMixes(
  origin: string,
  site: SiteProcess,
  sequence: MixUrl[],
): Promise<{ at10: MixRun; at50: MixRun }> {
  const pid = site.child.pid!;
  const warm = await runLoad(origin, sequence, { connections: 10, amount: WARMUP_REQUESTS });
  const at10 = await runLoad(origin, sequence, {
    connections: 10,
    seconds: DURATION_S,
    from: warm.next,
    serverPid: pid,
  });
  const at50 = await runLoad(origin, sequence, {
    connections: 50,
    seconds: DURATION_S,
    from: at10.next,
    serverPid: pid,
  });
  return {
    at10: { figures: figures(at10), peakServerMb: at10.peakServerMb },
    at50: { figures: figures(at50), peakServerMb: at50.peakServerMb },
  };
}

function lighthouseFailed(error: Error): Error {
  console.log(`  ${error.message}`);
  return error;
}

/** The CPU slowdowns that make this host each of the phones (scripts/bench/phones.ts). */
interface Calibration {
  /** The host's benchmark index, measured just before the browser figures. */
  hostIndex: number;
  /** Per phone of PHONES, in order. */
  slowdowns: number[];
}

interface Score {
  /** Without photos, with photos on a first visit, with photos drawn before. */
  pass: string;
  page: string;
  /** Its index in PHONES. */
  phone: number;
  figures: LighthouseFigures | Error;
}

/** Lighthouse on each page for each phone, in turn (`beforeRun` is given a label for the run). */
async function lighthousePass(
  pass: string,
  origin: string,
  pages: Array<[string, string]>,
  calibration: Calibration,
  beforeRun?: (label: string) => Promise<void>,
): Promise<Score[]> {
  const scores: Score[] = [];
  for (const [page, pagePath] of pages)
    for (const [phone, slowdown] of calibration.slowdowns.entries()) {
      console.log(`Lighthouse ${pass}, ${PHONES[phone]!.label} (CPU ×${slowdown}): ${page} page…`);
      const figures = await lighthouse(
        origin + pagePath,
        slowdown,
        beforeRun && ((run) => beforeRun(`${page}-${PHONES[phone]!.index}-${run}`)),
      ).catch(lighthouseFailed);
      scores.push({ pass, page, phone, figures });
    }
  return scores;
}

interface PhotoPasses {
  scores: Score[];
  /** One photo's bytes at each width: the host's JPEGs, and the photo service's drawings as Chromium gets them. */
  original: Map<number, number>;
  drawn: Map<number, number>;
}

/** The photo service's addresses a page names (its images' src and srcset). */
async function photoAddresses(origin: string, pagePath: string): Promise<string[]> {
  const html = await (await fetch(origin + pagePath)).text();
  const found = new Set<string>();
  for (const [, list] of html.matchAll(/\s(?:src|srcset)="([^"]*)"/gi)) {
    for (const candidate of list!.replaceAll("&amp;", "&").split(",")) {
      const address = candidate.trim().split(/\s+/)[0] ?? "";
      if (address.startsWith("/photos/")) found.add(address);
    }
  }
  return [...found];
}

/** Asks for a photo as a browser does, on a new connection each time, so each server process draws it once. */
async function photoBytes(origin: string, address: string): Promise<number> {
  const answer = await new Promise<Buffer>((resolve, reject) => {
    http
      .get(origin + address, { agent: false, headers: { accept: "image/avif,image/webp,*/*" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve(Buffer.concat(chunks)));
        res.on("error", reject);
      })
      .on("error", reject);
  });
  return answer.length;
}

/**
 * Lighthouse again once every activity has Google-like photos (scripts/bench/photos.ts) as the places service
 * stores them: the full size and the card's 800-pixel copy, which pages show through the photo service. First as
 * the first visitor finds them (each photo fetched and drawn on request: before each run every photo gets a new
 * address, so no server process has drawn it), then once the pages' photos have been drawn (each server process
 * keeps its drawings). A write bumps the data version, so the pages render afresh.
 */
async function lighthouseWithPhotos(
  url: string,
  origin: string,
  pages: Array<[string, string]>,
  server: PhotoServer,
  calibration: Calibration,
): Promise<PhotoPasses> {
  const database = await openDatabase({ kind: "postgres", url });
  const photosAt = (visit: string) =>
    database.prisma.$executeRawUnsafe(
      `UPDATE "Activity" SET "googlePhotos" = ARRAY[$1::text || '/p/' || id || '-w${PHOTO_MAX_WIDTH_PX}.jpg?' || $2],
         "googleCardPhoto" = $1::text || '/p/' || id || '-w${CARD_PHOTO_WIDTH_PX}.jpg?' || $2`,
      server.origin,
      visit,
    );
  const scores: Score[] = [];
  try {
    scores.push(
      ...(await lighthousePass("with photos, first visit", origin, pages, calibration, async (visit) => {
        await photosAt(`visit=${visit}`);
      })),
    );
    await photosAt("visit=drawn");
  } finally {
    await database.close();
  }
  for (const [, pagePath] of pages)
    for (const address of await photoAddresses(origin, pagePath))
      for (let i = 0; i < 2 * WORKERS; i++) await photoBytes(origin, address);
  scores.push(...(await lighthousePass("with photos, drawn before", origin, pages, calibration)));
  const detail = await photoAddresses(origin, pages.at(-1)![1]);
  const drawn = new Map<number, number>();
  for (const width of PHOTO_WIDTHS) {
    const address = detail.find((a) => a.split("/")[3]?.startsWith(`${width}x`));
    if (address) drawn.set(width, await photoBytes(origin, address));
  }
  return { scores, original: server.bytes, drawn };
}

function siteEnv(
  port: number,
  database: { DATABASE_URL: string } | { PGLITE_DIR: string },
  more: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  const { DATABASE_URL: _unused, ...rest } = process.env;
  return {
    ...rest,
    ...database,
    ...more,
    PORT: String(port),
    NODE_ENV: "production",
    // The bench addresses the site as 127.0.0.1, and production serves only PUBLIC_URL's host.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: process.env.SESSION_SECRET ?? "bench-session-secret-not-for-production",
    LOG_REQUESTS: "0",
    WEB_CONCURRENCY: String(WORKERS),
  };
}

interface SideBySideFigures {
  base: BaseCheckout;
  rounds: number;
  requestsPerRound: number;
  baseRun: MixRun;
  headRun: MixRun;
  crawl: { base: CrawlFigures; head: CrawlFigures };
}

/** A crawl's figures overall, and how many answers were not a 200 (a redirect would not be a rendered page). */
type CrawlFigures = KindFigures & { notOk: number };

/** How many turns each side's crawl takes, alternating with the other's (as the mix is interleaved). */
const CRAWL_ROUNDS = 6;

/**
 * Each side crawls each URL of its own list once, at 10 connections (pages no cache holds), in CRAWL_ROUNDS turns
 * that alternate between the sides, the first side changing every round, so a change in the machine's speed
 * meanwhile falls on both alike.
 */
async function crawlSideBySide(
  sides: { origin: string; urls: MixUrl[]; serverPid: number }[],
): Promise<CrawlFigures[]> {
  const totals: LoadResult[] = sides.map(() => ({ samples: [], seconds: 0, peakServerMb: 0 }));
  for (let round = 0; round < CRAWL_ROUNDS; round++) {
    const order = round % 2 === 0 ? sides.map((_, i) => i) : sides.map((_, i) => sides.length - 1 - i);
    for (const i of order) {
      const { origin, urls, serverPid } = sides[i]!;
      const slice = urls.slice(
        Math.floor((round * urls.length) / CRAWL_ROUNDS),
        Math.floor(((round + 1) * urls.length) / CRAWL_ROUNDS),
      );
      const run = await runLoad(origin, slice, { connections: 10, amount: slice.length, serverPid });
      totals[i]!.samples.push(...run.samples);
      totals[i]!.seconds += run.seconds;
    }
  }
  return totals.map((total) => ({
    ...figures(total)[0]!,
    notOk: total.samples.filter((s) => s.status !== 200).length,
  }));
}

/** The base's server beside this one on the same database: the mix at 10 connections, interleaved. */
async function runSideBySide(
  checkout: BaseCheckout,
  head: { origin: string; site: SiteProcess },
  env: (port: number) => NodeJS.ProcessEnv,
  sequence: MixUrl[],
  crawlLists: MixUrl[][],
): Promise<SideBySideFigures> {
  const port = await freePort();
  const baseSite = await startSite(env(port), 120_000, checkout.dir);
  try {
    console.log(`Side by side with ${checkout.revision.commit.slice(0, 10)} on PostgreSQL…`);
    const run = await sideBySide(
      [
        { label: "base", origin: `http://127.0.0.1:${port}`, pid: baseSite.child.pid! },
        { label: "head", origin: head.origin, pid: head.site.child.pid! },
      ],
      sequence,
      { connections: 10, seconds: DURATION_S, roundSeconds: ROUND_SECONDS, warmupRequests: WARMUP_REQUESTS },
    );
    const [baseRun, headRun] = run.results.map((r) => ({ figures: figures(r), peakServerMb: r.peakServerMb }));
    console.log(
      `Crawl: ${CRAWL_URLS} URLs never requested before, on each side, in ${CRAWL_ROUNDS} alternating turns…`,
    );
    const [baseCrawl, headCrawl] = await crawlSideBySide([
      { origin: `http://127.0.0.1:${port}`, urls: crawlLists[0]!, serverPid: baseSite.child.pid! },
      { origin: head.origin, urls: crawlLists[1]!, serverPid: head.site.child.pid! },
    ]);
    const crawled = { base: baseCrawl!, head: headCrawl! };
    return {
      crawl: crawled,
      base: checkout,
      rounds: run.rounds,
      requestsPerRound: run.requestsPerRound,
      baseRun: baseRun!,
      headRun: headRun!,
    };
  } finally {
    await baseSite.stop();
  }
}

/** The VCL the Varnish line loads: the shipped one (BENCH_VCL names another, e.g. while developing). */
const VCL = process.env.BENCH_VCL ?? SHIPPED_VCL;

/**
 * The same mix through Varnish in front of the server: warmed up as the server was, then 10 connections for the
 * run's length. The requests name the site's own host (PUBLIC_URL's), as visitors' do through a cache in front.
 */
async function throughVarnish(port: number, sequence: MixUrl[]): Promise<MixRun | string> {
  const unavailable = varnishUnavailable(VCL);
  if (unavailable) return `skipped: ${unavailable}`;
  const varnishPort = await freePort();
  const varnish = await startVarnish(varnishPort, [{ host: "127.0.0.1", port }], { memory: "256m", vcl: VCL });
  try {
    await varnish.answering();
    console.log(`Through Varnish (${VCL}, varnishd pid ${varnish.pid})…`);
    const origin = `http://127.0.0.1:${varnishPort}`;
    const options = { connections: 10, headers: { host: `127.0.0.1:${port}` }, hit: varnishHit };
    const warm = await runLoad(origin, sequence, { ...options, amount: WARMUP_REQUESTS });
    const run = await runLoad(origin, sequence, { ...options, seconds: DURATION_S, from: warm.next });
    return { figures: figures(run), peakServerMb: NaN };
  } finally {
    await varnish.stop();
  }
}

async function benchPostgres(base: string, checkout: BaseCheckout | undefined) {
  const name = `bench_${Date.now()}`;
  const { url, drop } = await throwAwayDatabase(base, name);
  console.log(`Database ${name} created`);
  let site: SiteProcess | undefined;
  // Google's photo host for the photo pass: the site's photo service may fetch from it (a private address) as it is
  // the configured Places origin.
  const photoServer = await startPhotoServer();
  try {
    const database = await openDatabase({ kind: "postgres", url });
    let prepared: Awaited<ReturnType<typeof prepare>>;
    try {
      await seedDatabase(database);
      prepared = await prepare(database);
    } finally {
      await database.close();
    }
    const { target, sequence, distinct } = prepared;
    console.log(
      `Largest city ${target.cityId}: ${target.cityActivities} activities; ${target.matching} in '${target.category}' rated ${MIN_RATING}+.` +
        ` Mix: ${distinct} distinct URLs, ${DURATION_S} s per run after ${WARMUP_REQUESTS} warm-up requests.`,
    );
    const env = (port: number) => siteEnv(port, { DATABASE_URL: url }, { GOOGLE_PLACES_BASE_URL: photoServer.origin });
    const port = await freePort();
    site = await startSite(env(port));
    const origin = `http://127.0.0.1:${port}`;
    const js = await javaScriptBeforeMap(origin, target.pagePath);
    const sideBySideFigures =
      checkout && (await runSideBySide(checkout, { origin, site }, env, sequence, prepared.crawl));
    if (sideBySideFigures) printSideBySide(sideBySideFigures, revision("HEAD"));
    console.log(`Mix: ${distinct} distinct URLs; measuring on PostgreSQL…`);
    const mixes = await runMixes(origin, site, sequence);
    printMix("PostgreSQL, 10 connections", mixes.at10);
    printMix("PostgreSQL, 50 connections", mixes.at50);
    const varnish = await throughVarnish(port, sequence);
    if (typeof varnish === "string") console.log(`\nThrough Varnish: ${varnish}`);
    else printMix(`PostgreSQL through Varnish (${VCL}), 10 connections ('cached': Varnish's hits)`, varnish);
    console.log("Chromium: the city page against the original's approach…");
    const comparison = await compareWithOriginal(origin, target.pagePath, target.cityId, {
      category: target.category,
      minRating: MIN_RATING,
    });
    const pages: Array<[string, string]> = [
      ["home", "/"],
      ["city", target.plainCityPath],
      ["detail", target.detailPath],
    ];
    let calibration: Calibration | undefined;
    let interactions: Array<InteractionFigures | Error> | undefined;
    const scores: Score[] = [];
    let photoScores: PhotoPasses | undefined;
    if (!SKIP_LIGHTHOUSE || !SKIP_INTERACTION) {
      const hostIndex = await hostBenchmarkIndex();
      calibration = { hostIndex, slowdowns: PHONES.map((phone) => cpuSlowdown(hostIndex, phone.index)) };
      console.log(
        `Host benchmark index ${hostIndex}: CPU slowed ${calibration.slowdowns.map((x, i) => `${x}× for the ${PHONES[i]!.label}`).join(", ")}`,
      );
    }
    if (calibration && !SKIP_INTERACTION) {
      interactions = [];
      for (const [i, slowdown] of calibration.slowdowns.entries()) {
        console.log(`Chromium: tapping a chip and opening the filter sheet, ${PHONES[i]!.label} (CPU ×${slowdown})…`);
        interactions.push(await interaction(origin + target.plainCityPath, slowdown).catch(lighthouseFailed));
      }
    }
    if (calibration && !SKIP_LIGHTHOUSE) {
      scores.push(...(await lighthousePass("without photos", origin, pages, calibration)));
      photoScores = await lighthouseWithPhotos(url, origin, pages, photoServer, calibration);
    }
    if (calibration) printPhones(calibration, [...scores, ...(photoScores?.scores ?? [])], interactions);
    await site.stop();
    site = undefined;
    const csv = await benchCsv(url);
    return {
      target,
      distinct,
      js,
      mixes,
      comparison,
      calibration,
      interactions,
      scores: [...scores, ...(photoScores?.scores ?? [])],
      photoScores,
      csv,
      sideBySide: sideBySideFigures,
      varnish,
    };
  } finally {
    await site?.stop();
    await photoServer.close();
    await drop();
    console.log(`Database ${name} dropped`);
  }
}

async function benchPGlite() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-pglite-"));
  const dataDir = path.join(dir, "pglite");
  let site: SiteProcess | undefined;
  try {
    const database = await openDatabase({ kind: "pglite", dataDir });
    let sequence: MixUrl[];
    try {
      await seedDatabase(database);
      sequence = (await prepare(database)).sequence;
    } finally {
      await database.close();
    }
    const port = await freePort();
    site = await startSite(siteEnv(port, { PGLITE_DIR: dataDir }));
    console.log("Measuring on the embedded PGlite…");
    return await runMixes(`http://127.0.0.1:${port}`, site, sequence);
  } finally {
    await site?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function overall(run: MixRun): KindFigures {
  return run.figures.find((f) => f.kind === "all")!;
}

function kindP50(run: MixRun, kind: KindFigures["kind"]): number {
  return run.figures.find((f) => f.kind === kind)!.p50;
}

function comparisonRows(c: Comparison, target: Target): Row[] {
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  return [
    [
      `server-rendered page: bytes; first cards painted (${c.page.shown} cards)`,
      `${kb(c.page.bytes)} (${kb(c.page.decodedBytes)} plain); ${ms(c.page.ms)}`,
      "",
    ],
    [
      `original: /api/activities for all ${target.cityActivities}, filtered in the browser (${c.original.shown} match)`,
      `${kb(c.original.bytes)} (${kb(c.original.decodedBytes)} plain); ${ms(c.original.ms)}`,
      "",
    ],
    [
      "bytes, original ÷ page: compressed; uncompressed",
      `${(c.original.bytes / c.page.bytes).toFixed(0)}×; ${(c.original.decodedBytes / c.page.decodedBytes).toFixed(0)}×`,
      "≥ 100×",
    ],
    ["time to first cards, original ÷ page", `${(c.original.ms / c.page.ms).toFixed(1)}×`, "> 1× (page sooner)"],
  ];
}

const ratio = (head: number, base: number) => (base > 0 ? `${(head / base).toFixed(2)}×` : "–");
const short = (r: { commit: string; subject: string }) =>
  `${r.commit.slice(0, 10)} ${r.subject.length > 70 ? `${r.subject.slice(0, 69)}…` : r.subject}`;

function printSideBySide(s: SideBySideFigures, head: { commit: string; subject: string }) {
  console.log(
    `\nSide by side on one database, the mix interleaved in ${s.rounds} rounds of ${s.requestsPerRound} requests a side`,
  );
  console.log(`  base: ${short(s.base.revision)}`);
  console.log(`  head: ${short(head)}`);
  const b = overall(s.baseRun);
  const h = overall(s.headRun);
  const most = 1 + SIDE_BY_SIDE_TOLERANCE;
  const least = 1 - SIDE_BY_SIDE_TOLERANCE;
  printTable(
    "PostgreSQL, 10 connections, side by side",
    ["measure", "base", "head", "head ÷ base", "target"],
    [
      ["p50", ms(b.p50), ms(h.p50), ratio(h.p50, b.p50), `head ≤ ${most.toFixed(2)}× base`],
      ["p95", ms(b.p95), ms(h.p95), ratio(h.p95, b.p95), ""],
      ["p99", ms(b.p99), ms(h.p99), ratio(h.p99, b.p99), "head < 100 ms"],
      [
        "requests/s",
        b.perSecond.toFixed(0),
        h.perSecond.toFixed(0),
        ratio(h.perSecond, b.perSecond),
        `head ≥ ${least.toFixed(2)}× base`,
      ],
      ["errors", String(b.errors), String(h.errors), "", "0"],
      ["cached (page cache)", `${b.hitPercent.toFixed(0)}%`, `${h.hitPercent.toFixed(0)}%`, "", ""],
      [
        "server peak memory",
        `${s.baseRun.peakServerMb.toFixed(0)} MB`,
        `${s.headRun.peakServerMb.toFixed(0)} MB`,
        ratio(s.headRun.peakServerMb, s.baseRun.peakServerMb),
        "",
      ],
      ["verdict", "", "", "", h.p50 <= most * b.p50 && h.perSecond >= least * b.perSecond ? "met" : "NOT met"],
    ],
  );
  const [cb, ch] = [s.crawl.base, s.crawl.head];
  printTable(
    `Crawl: ${CRAWL_URLS} public URLs never requested before (detail, category and tag pages of small cities), 10 connections, side by side`,
    ["measure", "base", "head", "head ÷ base", "target"],
    [
      ["requests/s", cb.perSecond.toFixed(0), ch.perSecond.toFixed(0), ratio(ch.perSecond, cb.perSecond), "head ≥ 200"],
      ["p50", ms(cb.p50), ms(ch.p50), ratio(ch.p50, cb.p50), ""],
      ["p99", ms(cb.p99), ms(ch.p99), ratio(ch.p99, cb.p99), "head < 150 ms"],
      ["answers not 200", String(cb.notOk), String(ch.notOk), "", "0"],
      ["served from a cache", `${cb.hitPercent.toFixed(0)}%`, `${ch.hitPercent.toFixed(0)}%`, "", "0%"],
      ["verdict", "", "", "", ch.perSecond >= 200 && ch.p99 < 150 && ch.notOk === 0 ? "met" : "NOT met"],
    ],
  );
  printTable(
    "Per kind, side by side",
    ["kind", "p50 base", "p50 head", "head ÷ base", "p99 base", "p99 head", "head ÷ base"],
    s.baseRun.figures
      .filter((f) => f.kind !== "all")
      .map((f) => {
        const g = s.headRun.figures.find((x) => x.kind === f.kind)!;
        return [f.kind, ms(f.p50), ms(g.p50), ratio(g.p50, f.p50), ms(f.p99), ms(g.p99), ratio(g.p99, f.p99)];
      }),
  );
}

const seconds = (msValue: number) => `${(msValue / 1000).toFixed(2)} s`;

/** Lighthouse per phone, then the interaction measure, each figure beside its target (issue #26). */
function printPhones(calibration: Calibration, scores: Score[], interactions?: Array<InteractionFigures | Error>) {
  for (const [i, phone] of PHONES.entries()) {
    const mine = scores.filter((s) => s.phone === i);
    if (mine.length === 0) continue;
    const t = phone.targets;
    const indices = mine.flatMap((s) => (s.figures instanceof Error ? [] : [s.figures.benchmarkIndex]));
    printTable(
      `Lighthouse mobile, ${phone.label} (index ${phone.index}): CPU slowed ${calibration.slowdowns[i]}× = host index ` +
        `${calibration.hostIndex} ÷ ${phone.index}; medians of ${LIGHTHOUSE_RUNS} runs (Lighthouse's own host index ` +
        `${Math.min(...indices)}–${Math.max(...indices)})`,
      ["page", "pass", "score", "TBT", "LCP", "target"],
      mine.map((s) =>
        s.figures instanceof Error
          ? [s.page, s.pass, "failed", s.figures.message.slice(0, 120), "", ""]
          : [
              s.page,
              s.pass,
              String(s.figures.score),
              ms(s.figures.tbtMs),
              seconds(s.figures.lcpMs),
              `≥ ${t.score}; < ${t.tbtMs} ms; < ${seconds(t.lcpMs)}`,
            ],
      ),
    );
  }
  if (!interactions) return;
  const cell = (f: InteractionFigures | Error | undefined, key: keyof InteractionFigures) =>
    f === undefined ? "–" : f instanceof Error ? `failed: ${f.message.slice(0, 60)}` : ms(f[key]);
  const header = ["measure", ...PHONES.map((p, i) => `${p.label} (×${calibration.slowdowns[i]})`), "target"];
  const row = (label: string, key: keyof InteractionFigures, target: string) => [
    label,
    ...PHONES.map((_, i) => cell(interactions[i], key)),
    target,
  ];
  const inpTargets = PHONES.map((p) => `< ${p.targets.inpMs} ms`).join(" / ");
  printTable(
    `The city page on a phone (390 × 844, touch), CPU slowed as for each phone; medians of ${LIGHTHOUSE_RUNS} page loads`,
    header,
    [
      row("INP, ticking a category chip", "chipMs", inpTargets),
      row("INP, opening the filter sheet ('See {n} activities')", "sheetMs", inpTargets),
      row("longest task from the chip's tap until the sheet is open", "longestTaskMs", ""),
      row("longest task while loading and hydrating", "longestLoadTaskMs", ""),
      row("hydrated (data-hydrated) after navigation start", "hydratedMs", ""),
    ],
  );
}

async function main() {
  const base = process.env.DATABASE_URL?.trim() || "postgres://postgres@127.0.0.1:5432/postgres";
  if (!/^postgres(ql)?:\/\//.test(base)) throw new Error("npm run bench needs a PostgreSQL DATABASE_URL");
  if (!existsSync(path.join("build", "server", "index.js"))) {
    console.log("No build found, building…");
    execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
  }
  const builtAt = statSync(path.join("build", "server", "index.js")).mtimeMs / 1000;
  const committedAt = Number(execFileSync("git", ["log", "-1", "--format=%ct"], { encoding: "utf8" }));
  if (builtAt < committedAt)
    console.log("Note: the build is older than HEAD's commit; run `npx react-router build` to measure HEAD's code.");
  const started = performance.now();
  hostIndexAtStart = await hostBenchmarkIndex();
  console.log(
    `${new Date().toISOString()}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ` +
      `${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}; ${WORKERS} server process(es) on ` +
      `PostgreSQL, 1 on PGlite, sharing the cores with the database and the load generator; the host's benchmark ` +
      `index (Lighthouse's measure, in Chromium) ${hostIndexAtStart} at the start. Each table is printed once measured.`,
  );
  const head = revision("HEAD");
  let checkout: BaseCheckout | undefined;
  if (BASE === "none") {
    console.log("BENCH_BASE=none: no side-by-side run.");
  } else {
    const rev = BASE ?? defaultBase();
    const baseRevision = revision(rev);
    console.log(`Head: ${head.commit.slice(0, 10)} ${head.subject}`);
    console.log(
      `Base: ${baseRevision.commit.slice(0, 10)} ${baseRevision.subject} (BENCH_BASE=${BASE ?? `unset: ${rev}`})`,
    );
    if (baseRevision.commit === head.commit)
      console.log("(the same commit: the side-by-side run compares it with itself)");
    console.log("Checking the base out, installing and building it…");
    checkout = checkoutBase(rev);
    console.log(
      `Base ready in ${checkout.dir} (node_modules ${checkout.modules === "shared" ? "shared: the same package-lock.json" : "installed"})`,
    );
  }
  let pg: Awaited<ReturnType<typeof benchPostgres>>;
  try {
    pg = await benchPostgres(base, checkout);
  } finally {
    checkout?.remove();
  }
  const lite = SKIP_PGLITE ? undefined : await benchPGlite();

  const { target } = pg;
  if (lite) {
    printMix("PGlite, 10 connections", lite.at10);
    printMix("PGlite, 50 connections", lite.at50);
  }

  const pg10 = overall(pg.mixes.at10);
  const pg50 = overall(pg.mixes.at50);
  const city = kindP50(pg.mixes.at10, "city page");
  const rows: Row[] = [
    ["PostgreSQL, 10 connections: p50", ms(pg10.p50), "< 20 ms"],
    ["PostgreSQL, 10 connections: p99", ms(pg10.p99), "< 100 ms"],
    ["PostgreSQL, 10 connections: requests/s", pg10.perSecond.toFixed(0), "≥ 300"],
    ["PostgreSQL, 50 connections: errors", String(pg50.errors), "0"],
    ["PostgreSQL, 50 connections: p99", ms(pg50.p99), "< 500 ms"],
  ];
  if (typeof pg.varnish === "string") rows.push(["through Varnish, 10 connections", pg.varnish, ""]);
  else {
    const v = overall(pg.varnish);
    rows.push([
      "through Varnish, 10 connections: requests/s; p50 / p99; hits; errors",
      `${v.perSecond.toFixed(0)}; ${ms(v.p50)} / ${ms(v.p99)}; ${v.hitPercent.toFixed(0)}%; ${v.errors}`,
      `direct: ${pg10.perSecond.toFixed(0)}; ${ms(pg10.p50)} / ${ms(pg10.p99)}`,
    ]);
  }
  if (lite) {
    const lite10 = overall(lite.at10);
    const lite50 = overall(lite.at50);
    rows.push(
      ["PGlite, 10 and 50 connections: errors", `${lite10.errors}, ${lite50.errors}`, "0"],
      [
        "PGlite, 10 and 50 connections: requests/s",
        `${lite10.perSecond.toFixed(0)}, ${lite50.perSecond.toFixed(0)}`,
        "≥ 100",
      ],
    );
  }
  rows.push(
    [
      "home p50 (plain; near me) against a city page's",
      `${ms(kindP50(pg.mixes.at10, "home"))}; ${ms(kindP50(pg.mixes.at10, "home near me"))}`,
      `≤ ${ms(city)}`,
    ],
    ["sitemap p50 against a city page's", ms(kindP50(pg.mixes.at10, "sitemap")), `≤ ${ms(city)}`],
    ...comparisonRows(pg.comparison, target),
    ["JavaScript before the map, gzip", `${(pg.js.gzip / 1024).toFixed(1)} KB in ${pg.js.files} files`, "< 150 KB"],
  );
  if (pg.photoScores) {
    const kb = (sizes: Map<number, number>) =>
      [...sizes].map(([width, bytes]) => `${width} px ${(bytes / 1024).toFixed(0)} KB`).join(", ");
    rows.push(
      ["photos: the host's JPEGs", kb(pg.photoScores.original), ""],
      ["photos: the photo service's AVIF, detail page's 16:9 (what Chromium gets)", kb(pg.photoScores.drawn), ""],
    );
  }
  printTargets("Targets (PostgreSQL figures at 10 connections unless named)", rows);
  printTargets("CSV export and import (in this process, on the PostgreSQL database)", pg.csv);
  console.log(`\nThe bench took ${((performance.now() - started) / 60_000).toFixed(1)} minutes.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
