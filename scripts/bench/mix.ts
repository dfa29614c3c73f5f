// The bench's request mix (issue #15): thousands of distinct public URLs of every kind a visitor opens, drawn with
// a fixed seed so runs compare, and a closed-loop load generator that replays them and times each answer by kind.
//
// Traffic shares per kind are the bench's assumption of a things-to-do site (home and city pages most, the sitemap
// rarely); within a kind, URLs are drawn from a Zipf distribution (the URL of rank r with weight 1 / r), ranked
// as interest goes: bigger cities first, page 1 before page 5, fewer filters before more.
import http from "node:http";
import { readFileSync, readdirSync } from "node:fs";
import type { Database } from "../../app/data/db.server";
import { filtersHref } from "../../app/domain/pages/city-page";
import { DEFAULT_FILTERS, type Filters } from "../../app/domain/pages/filters";
import { SORT_ORDERS } from "../../app/domain/pages/sort";
import { CATEGORY_NAMES, TAG_NAMES } from "../../app/domain/taxonomy/taxonomy";
import {
  activityPath,
  categoryPath,
  cityThingsToDoPath,
  embedPath,
  tagPath,
  withSearchParams,
} from "../../app/domain/http/urls";

export const KINDS = [
  "home",
  "home near me",
  "explore cities",
  "city page",
  "category page",
  "tag page",
  "activity detail",
  "embed card",
  "search API",
  "sitemap",
] as const;
export type Kind = (typeof KINDS)[number];

/** Each kind's share of requests, in percent. */
const SHARES: Record<Kind, number> = {
  home: 12,
  "home near me": 8,
  "explore cities": 5,
  "city page": 30,
  "category page": 8,
  "tag page": 7,
  "activity detail": 18,
  "embed card": 4,
  "search API": 6,
  sitemap: 2,
};

export interface MixUrl {
  kind: Kind;
  path: string;
}

/** A small, fast, seeded PRNG (mulberry32): the same seed gives the same mix on every machine. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

/** A Zipf sampler over n ranks (weight 1 / rank^s): returns a 0-based rank. */
function zipf(n: number, s = 1): (rand: () => number) => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let r = 1; r <= n; r++) cumulative.push((sum += 1 / r ** s));
  return (rand) => {
    const u = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const SEARCH_WORDS = ["park", "museum", "music", "bar", "tour", "art", "garden", "history", "zoo", "coffee", "place"];

/**
 * Every distinct URL of the mix, grouped by kind and in popularity order, read from the database the site serves:
 * its cities by activity count, a sample of activities spread over them, the built-in categories and tags.
 */
export async function mixUrls(prisma: Database["prisma"], seed = 15): Promise<Record<Kind, string[]>> {
  const rand = random(seed);
  const counts = await prisma.activity.groupBy({ by: ["cityId"], _count: { _all: true } });
  const size = new Map(counts.map((c) => [c.cityId, c._count._all]));
  const cities = (
    await prisma.city.findMany({
      select: { id: true, stateCode: true, country: true, centerLatitude: true, centerLongitude: true },
    })
  )
    .filter((c) => (size.get(c.id) ?? 0) > 0)
    .sort((a, b) => (size.get(b.id) ?? 0) - (size.get(a.id) ?? 0));
  const urls = Object.fromEntries(KINDS.map((k) => [k, [] as string[]])) as Record<Kind, string[]>;

  urls.home.push("/");
  for (const city of cities)
    for (let i = 0; i < 5; i++) {
      // A visitor's position somewhere around a city (within about 20 km), rounded as a browser reports it.
      const lat = (Number(city.centerLatitude) + (rand() - 0.5) * 0.3).toFixed(4);
      const lng = (Number(city.centerLongitude) + (rand() - 0.5) * 0.3).toFixed(4);
      urls["home near me"].push(withSearchParams("/", { lat, lng }));
    }

  urls["explore cities"].push("/cities");
  for (const word of SEARCH_WORDS) urls["explore cities"].push(withSearchParams("/cities", { q: word }));

  // City pages: each city's plain page first, then filter combinations (fewer filters first), pages 1–5.
  const sorts = SORT_ORDERS.filter((s) => s !== DEFAULT_FILTERS.sort);
  const variants: Array<(f: Filters) => Filters> = [
    (f) => f,
    (f) => ({ ...f, categories: [pick(rand, CATEGORY_NAMES)] }),
    (f) => ({ ...f, minRating: pick(rand, [3, 4, 4.5]) }),
    (f) => ({ ...f, sort: pick(rand, sorts) }),
    (f) => ({ ...f, tags: [pick(rand, TAG_NAMES)] }),
    (f) => ({ ...f, categories: [pick(rand, CATEGORY_NAMES)], minRating: 4 }),
    (f) => ({ ...f, categories: [pick(rand, CATEGORY_NAMES)], sort: pick(rand, sorts) }),
    (f) => ({ ...f, tags: [pick(rand, TAG_NAMES), pick(rand, TAG_NAMES)], tagMode: "and" }),
  ];
  for (let page = 1; page <= 5; page++)
    for (const variant of variants)
      for (const city of cities) {
        const f = { ...variant(DEFAULT_FILTERS), page };
        urls["city page"].push(filtersHref(cityThingsToDoPath(city, city.id), f));
      }

  for (const city of cities)
    for (const name of CATEGORY_NAMES) urls["category page"].push(categoryPath(city, city.id, name));
  for (const city of cities) for (const name of TAG_NAMES) urls["tag page"].push(tagPath(city, city.id, name));

  // 3,000 activities, each city's share of them as its share of activities (at least 5 each).
  const total = [...size.values()].reduce((a, b) => a + b, 0);
  for (const city of cities) {
    const take = Math.max(5, Math.round((3000 * (size.get(city.id) ?? 0)) / total));
    const rows = await prisma.activity.findMany({
      where: { cityId: city.id },
      select: { title: true },
      orderBy: { googleReviewCount: { sort: "desc", nulls: "last" } },
      take,
    });
    for (const row of rows) urls["activity detail"].push(activityPath(city, row.title));
  }
  // The order above is city by city; popularity interleaves them (each city's best-known places first).
  urls["activity detail"] = interleaveByCity(urls["activity detail"]);
  urls["embed card"] = urls["activity detail"].slice(0, 1000).map(embedPath);

  for (const word of SEARCH_WORDS)
    for (const prefix of [word.slice(0, 3), word, `${word}s`])
      urls["search API"].push(withSearchParams("/api/search", { q: prefix }));

  urls.sitemap.push("/sitemap.xml");
  return urls;
}

/** Round-robin over the URLs' city segments, keeping each city's own order. */
function interleaveByCity(paths: string[]): string[] {
  const byCity = new Map<string, string[]>();
  for (const p of paths) {
    const city = p.split("/things-to-do/")[0]!;
    byCity.set(city, [...(byCity.get(city) ?? []), p]);
  }
  const lists = [...byCity.values()];
  const out: string[] = [];
  for (let i = 0; out.length < paths.length; i++) for (const list of lists) if (i < list.length) out.push(list[i]!);
  return out;
}

/** `count` requests drawn from the mix: a kind by its share, then a URL of that kind by Zipf rank. */
export function requestSequence(urls: Record<Kind, string[]>, count: number, seed = 15): MixUrl[] {
  const rand = random(seed);
  const samplers = Object.fromEntries(KINDS.map((k) => [k, zipf(urls[k].length)])) as Record<
    Kind,
    ReturnType<typeof zipf>
  >;
  const shareTotal = KINDS.reduce((sum, k) => sum + SHARES[k], 0);
  const sequence: MixUrl[] = [];
  for (let i = 0; i < count; i++) {
    let u = rand() * shareTotal;
    const kind = KINDS.find((k) => (u -= SHARES[k]) < 0) ?? "home";
    sequence.push({ kind, path: urls[kind][samplers[kind](rand)]! });
  }
  return sequence;
}

export interface Sample {
  kind: Kind;
  ms: number;
  /** The HTTP status, or 0 for a connection error or a timeout. */
  status: number;
  /** Served from a cache: the page cache (X-Page-Cache: hit), or the cache in front (see runLoad's `hit`). */
  hit: boolean;
}

export interface LoadResult {
  samples: Sample[];
  seconds: number;
  /** The peak resident memory of the server's processes together, in MB. */
  peakServerMb: number;
}

/** Resident memory (kB) of a process and all its descendants, from /proc. */
function treeRssKb(pid: number): number {
  let kb = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(/\s+/) : []) kb += treeRssKb(Number(child));
    }
  } catch {
    // The process ended meanwhile.
  }
  return kb;
}

/** An answer from the site's page cache. */
export const pageCacheHit = (headers: http.IncomingHttpHeaders) => headers["x-page-cache"] === "hit";

export interface LoadOptions {
  connections: number;
  seconds?: number;
  amount?: number;
  from?: number;
  serverPid?: number;
  /** Request headers besides Accept-Encoding (e.g. the site's Host, through a cache in front). */
  headers?: http.OutgoingHttpHeaders;
  /** Whether an answer came from a cache; the site's page cache unless told. */
  hit?: (headers: http.IncomingHttpHeaders) => boolean;
}

/**
 * Replays `sequence` (from `from`, wrapping) against `origin` with `connections` keep-alive connections, each
 * sending its next request as soon as its last is answered, for `seconds` (or, with `amount`, that many requests).
 */
export async function runLoad(
  origin: string,
  sequence: MixUrl[],
  options: LoadOptions,
): Promise<LoadResult & { next: number }> {
  const isHit = options.hit ?? pageCacheHit;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const samples: Sample[] = [];
  let next = options.from ?? 0;
  let sent = 0;
  let peakKb = 0;
  const sampler =
    options.serverPid !== undefined
      ? setInterval(() => (peakKb = Math.max(peakKb, treeRssKb(options.serverPid!))), 200)
      : undefined;
  const started = performance.now();
  const deadline = options.seconds !== undefined ? started + options.seconds * 1000 : Infinity;
  const more = () => performance.now() < deadline && (options.amount === undefined || sent < options.amount);

  const one = (item: MixUrl) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const done = (status: number, hit = false) => {
        samples.push({ kind: item.kind, ms: performance.now() - t0, status, hit });
        resolve();
      };
      const req = http.get(
        origin + item.path,
        { agent, timeout: 10_000, headers: { ...options.headers, "accept-encoding": "gzip" } },
        (res) => {
          res.on("data", () => {});
          res.on("end", () => done(res.statusCode ?? 0, isHit(res.headers)));
          res.on("error", () => done(0));
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", () => done(0));
    });

  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (more()) {
        const item = sequence[next++ % sequence.length]!;
        sent++;
        await one(item);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (sampler) clearInterval(sampler);
  if (options.serverPid !== undefined) peakKb = Math.max(peakKb, treeRssKb(options.serverPid));
  agent.destroy();
  return { samples, seconds, peakServerMb: peakKb / 1024, next: next % sequence.length };
}

/** The middle value (the upper of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export interface KindFigures {
  kind: Kind | "all";
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** The error statuses seen, e.g. "404×2, 0×1". */
  errorDetail: string;
  /** The share of answers served from a cache (the page cache, or the one in front), in percent. */
  hitPercent: number;
}

/** p50/p95/p99, requests/s and errors overall and per kind (an error: a 4xx or 5xx, or no answer; a redirect is not). */
export function figures(result: LoadResult): KindFigures[] {
  const of = (kind: Kind | "all", samples: Sample[]): KindFigures => {
    const times = samples.map((s) => s.ms).sort((a, b) => a - b);
    const bad = samples.filter((s) => s.status === 0 || s.status >= 400);
    const statuses = new Map<number, number>();
    for (const s of bad) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
    return {
      kind,
      requests: samples.length,
      perSecond: samples.length / result.seconds,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      errors: bad.length,
      errorDetail: [...statuses].map(([status, n]) => `${status}×${n}`).join(", "),
      hitPercent: (100 * samples.filter((s) => s.hit).length) / Math.max(1, samples.length),
    };
  };
  return [
    of("all", result.samples),
    ...KINDS.map((k) =>
      of(
        k,
        result.samples.filter((s) => s.kind === k),
      ),
    ),
  ];
}
