// The bench's browser figures (issue #15), in the system Chromium: the server-rendered city page against the
// original's approach (the whole city downloaded from /api/activities and filtered in the browser), and the
// Lighthouse mobile performance score and LCP of the home, city and detail pages.
import { spawn } from "node:child_process";
import { chromium, type Browser, type Page } from "playwright-core";
import { median } from "./mix";
import { BENCHMARK_INDEX_SCRIPT, interactionToNextPaint, type EventEntry } from "./phones";

const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu"];
/** Lighthouse 12 is the last major that runs on Node 20 (13 needs Node 22.19). */
const LIGHTHOUSE = "lighthouse@12.8.2";

export interface FirstContent {
  /** Milliseconds from navigation start until the first activity cards are painted. */
  ms: number;
  /** Bytes over the wire (compressed) needed for them. */
  bytes: number;
  /** The same, uncompressed. */
  decodedBytes: number;
  /** Activities shown. */
  shown: number;
}

/** The system Chromium, headless, as every browser figure of the bench and the profiling scripts runs it. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

/**
 * A phone in `browser`: a 390 × 844 touch screen at 2× pixels, its CPU slowed `cpuSlowdown` times (Chrome's CPU
 * throttling, over CDP). The context (to close), a page and the page's CDP session.
 */
export async function phonePage(browser: Browser, cpuSlowdown: number) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  return { context, page, cdp };
}

/** Resolves once the page's scripts have hydrated it (`data-hydrated` on the document element). */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), undefined, { timeout: 120_000 });

async function withBrowser<T>(work: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await launchChromium();
  try {
    return await work(browser);
  } finally {
    await browser.close();
  }
}

/**
 * The server-rendered page: its cards are in the HTML, so they show at the first contentful paint; its bytes are
 * the document's and the stylesheets' (the JavaScript is not needed to see them, and is left out).
 */
async function serverRendered(browser: Browser, url: string): Promise<FirstContent> {
  const page = await browser.newPage();
  try {
    await page.goto(url, { waitUntil: "load" });
    // The load event can come before the first paint (the page's one eager image is small): wait for the paint.
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
    return await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const css = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
        (r) => r.initiatorType === "link" && r.name.endsWith(".css"),
      );
      return {
        ms: paint?.startTime ?? NaN,
        bytes: nav.transferSize + css.reduce((sum, r) => sum + r.transferSize, 0),
        decodedBytes: nav.decodedBodySize + css.reduce((sum, r) => sum + r.decodedBodySize, 0),
        shown: document.querySelectorAll("main article").length,
      };
    });
  } finally {
    await page.close();
  }
}

/**
 * The original's approach, reproduced on the same server: a page that downloads every activity of the city from
 * /api/activities (in pages of 1,000, the API's largest, six at a time as a browser fetches from one host), keeps
 * the ones matching the filters, and only then draws the first 20 cards. Its bytes are the JSON's alone (its own
 * JavaScript bundle, which the original also needed, is not counted).
 */
async function originalApproach(
  browser: Browser,
  origin: string,
  cityId: string,
  filter: { category: string; minRating: number },
): Promise<FirstContent> {
  const page = await browser.newPage();
  const shellUrl = `${origin}/__original-approach`;
  await page.route(shellUrl, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html><head><meta charset="utf-8"><title>Original approach</title></head>
<body><main id="list">Loading…</main><script>
(async () => {
  const base = ${JSON.stringify(`/api/activities?cityId=${encodeURIComponent(cityId)}&limit=1000`)};
  const first = await fetch(base + "&offset=0");
  const total = Number(first.headers.get("X-Total-Count"));
  const all = await first.json();
  const offsets = [];
  for (let o = 1000; o < total; o += 1000) offsets.push(o);
  for (let i = 0; i < offsets.length; i += 6) {
    const pages = await Promise.all(offsets.slice(i, i + 6).map((o) => fetch(base + "&offset=" + o).then((r) => r.json())));
    for (const p of pages) all.push(...p);
  }
  const wanted = all.filter((a) => a.category === ${JSON.stringify(filter.category)} && Number(a.googleRating) >= ${filter.minRating});
  wanted.sort((a, b) => Number(b.googleRating) - Number(a.googleRating));
  const list = document.getElementById("list");
  list.textContent = "";
  for (const a of wanted.slice(0, 20)) {
    const card = document.createElement("article");
    const h = document.createElement("h3");
    h.textContent = a.title;
    const p = document.createElement("p");
    p.textContent = a.excerpt;
    card.append(h, p);
    list.append(card);
  }
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const api = performance.getEntriesByType("resource").filter((r) => r.name.includes("/api/activities"));
    window.__done = { ms: performance.now(), bytes: api.reduce((s, r) => s + r.transferSize, 0), decodedBytes: api.reduce((s, r) => s + r.decodedBodySize, 0), shown: wanted.length };
  }));
})();
</script></body></html>`,
    }),
  );
  try {
    await page.goto(shellUrl);
    await page.waitForFunction(() => "__done" in window, undefined, { timeout: 120_000 });
    return await page.evaluate(() => (window as unknown as { __done: FirstContent }).__done);
  } finally {
    await page.close();
  }
}

export interface Comparison {
  page: FirstContent;
  original: FirstContent;
}

/** Both ways, each after one warm-up load (so neither pays for a cold server cache the other did not). */
export function compareWithOriginal(
  origin: string,
  pagePath: string,
  cityId: string,
  filter: { category: string; minRating: number },
): Promise<Comparison> {
  return withBrowser(async (browser) => {
    await serverRendered(browser, origin + pagePath);
    await originalApproach(browser, origin, cityId, filter);
    const page = await serverRendered(browser, origin + pagePath);
    const original = await originalApproach(browser, origin, cityId, filter);
    return { page, original };
  });
}

export interface LighthouseFigures {
  score: number;
  lcpMs: number;
  /** Total blocking time. */
  tbtMs: number;
  /**
   * Lighthouse's measure of this machine's CPU as it found it at the run's start (about 1,500–4,000 on a desktop);
   * the simulated phone is this machine slowed by the run's CPU slowdown.
   */
  benchmarkIndex: number;
}

/**
 * The host's Lighthouse benchmark index as Chromium finds it now: Lighthouse's own loop run `runs` times in a blank
 * page, the median. (Lighthouse measures it at each run's start; the bench needs it before, to calibrate.)
 */
export function hostBenchmarkIndex(runs = 3): Promise<number> {
  return withBrowser(async (browser) => {
    const page = await browser.newPage();
    try {
      const found: number[] = [];
      for (let i = 0; i < runs; i++) found.push(await page.evaluate<number>(BENCHMARK_INDEX_SCRIPT));
      return Math.round(median(found));
    } finally {
      await page.close();
    }
  });
}

/**
 * Lighthouse runs per page and setting. One run's score swings by several points on one machine (its simulation replays the
 * order in which this fast machine happened to load and run things); Lighthouse's own advice is the median of
 * several runs.
 */
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/**
 * Lighthouse's mobile performance run (a phone on a slow 4G link, simulated) LIGHTHOUSE_RUNS times, with the CPU
 * slowed `cpuSlowdown` times (Lighthouse's default is 4 whatever the host; the bench calibrates it, see phones.ts):
 * the median score, LCP, total blocking time and benchmark index. `beforeRun` prepares each run (the bench's
 * first-visit pass gives every photo a new address, so each run is a first visit).
 */
export async function lighthouse(
  url: string,
  cpuSlowdown: number,
  beforeRun: (run: number) => Promise<void> = async () => {},
): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
    await beforeRun(run);
    runs.push(await lighthouseTwice(url, cpuSlowdown));
  }
  return {
    score: median(runs.map((r) => r.score)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
  };
}

/** One run, tried once more when it fails: now and then Lighthouse cannot record the trace ('NO_NAVSTART'). */
function lighthouseTwice(url: string, cpuSlowdown: number): Promise<LighthouseFigures> {
  return lighthouseOnce(url, cpuSlowdown).catch(() => lighthouseOnce(url, cpuSlowdown));
}

function lighthouseOnce(url: string, cpuSlowdown: number): Promise<LighthouseFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "npx",
      [
        "--yes",
        LIGHTHOUSE,
        url,
        "--quiet",
        "--output=json",
        "--output-path=stdout",
        "--only-categories=performance",
        `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
        `--chrome-flags=${CHROMIUM_ARGS.join(" ")}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) {
        // npm's own warnings come first; Lighthouse's reason is in the lines after them.
        const reason = err
          .split("\n")
          .filter((line) => line.trim() !== "" && !line.startsWith("npm warn"))
          .join(" ");
        return reject(new Error(`lighthouse exited with ${code}: ${reason.slice(-2000)}`));
      }
      try {
        const report = JSON.parse(out);
        resolve({
          score: Math.round(report.categories.performance.score * 100),
          lcpMs: report.audits["largest-contentful-paint"].numericValue,
          tbtMs: report.audits["total-blocking-time"].numericValue,
          benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? NaN),
        });
      } catch (error) {
        reject(error);
      }
    });
  });
}

export interface InteractionFigures {
  /** INP of ticking a category chip. */
  chipMs: number;
  /** INP of opening the filter sheet. */
  sheetMs: number;
  /** The longest task from the chip's tick until the sheet is open and painted. */
  longestTaskMs: number;
  /** The longest task before (loading and hydrating the page). */
  longestLoadTaskMs: number;
  /** From navigation start until the page's scripts have hydrated it (data-hydrated). */
  hydratedMs: number;
}

/** Records the page's Event Timing (16 ms and longer, its least) and long-task entries from its very start. */
function observeInteractions() {
  const recorded: Omit<Recorded, "now"> = { events: [], tasks: [] };
  (window as unknown as { __bench: typeof recorded }).__bench = recorded;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Array<PerformanceEventTiming & { interactionId: number }>)
      recorded.events.push({
        name: e.name,
        interactionId: e.interactionId,
        startTime: e.startTime,
        duration: e.duration,
      });
  }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) recorded.tasks.push({ startTime: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
}

interface Recorded {
  events: EventEntry[];
  tasks: Array<{ startTime: number; duration: number }>;
  now: number;
}

/**
 * A visitor on a phone (390 × 844, touch) with the CPU slowed `cpuSlowdown` times (Chrome's CPU throttling, over
 * CDP): opens the city page, waits until its scripts have hydrated it, taps a category chip and waits for the list
 * it asks for, then taps 'See {n} activities' and waits for the filter sheet. Each tap's Interaction to Next Paint,
 * and the longest tasks, from the page's own Event Timing and Long Tasks entries.
 */
async function interactOnce(browser: Browser, url: string, cpuSlowdown: number): Promise<InteractionFigures> {
  const { context, page } = await phonePage(browser, cpuSlowdown);
  try {
    await context.addInitScript(observeInteractions);
    const response = await page.goto(url, { waitUntil: "load" });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    await hydrated(page);
    const hydratedMs = await page.evaluate(() => performance.now());
    const recorded = () =>
      page.evaluate((): Recorded => ({
        ...(window as unknown as { __bench: Omit<Recorded, "now"> }).__bench,
        now: performance.now(),
      }));
    // The entries for a tap come after its next paint: wait for the tap's own (a pointerup or click after `since`).
    const tapSeen = (since: number) =>
      page.waitForFunction(
        (t) =>
          (window as unknown as { __bench: Recorded }).__bench.events.some(
            (e) => e.interactionId > 0 && e.startTime >= t && (e.name === "click" || e.name === "pointerup"),
          ),
        since,
        { timeout: 60_000 },
      );

    const beforeChip = (await recorded()).now;
    const chip = page.locator("label.category-chip").first();
    const chipName = (await chip.innerText()).trim();
    await chip.tap();
    await page.waitForURL((u) => u.searchParams.has("category"), { timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    await tapSeen(beforeChip);

    const beforeSheet = (await recorded()).now;
    await page.getByRole("link", { name: /^See \d+ activities$/ }).tap();
    await page.locator("dialog#filters:modal").waitFor({ timeout: 60_000 });
    await tapSeen(beforeSheet);
    // One more frame, so the sheet's paint and any task after it are recorded.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    const { events, tasks } = await recorded();
    if (!chipName) throw new Error("no category chip on the city page");
    const longest = (from: number, to = Infinity) =>
      Math.max(0, ...tasks.filter((t) => t.startTime >= from && t.startTime < to).map((t) => t.duration));
    return {
      chipMs: interactionToNextPaint(events.filter((e) => e.startTime >= beforeChip && e.startTime < beforeSheet)),
      sheetMs: interactionToNextPaint(events.filter((e) => e.startTime >= beforeSheet)),
      longestTaskMs: longest(beforeChip),
      longestLoadTaskMs: longest(0, beforeChip),
      hydratedMs,
    };
  } finally {
    await context.close();
  }
}

/** The interaction measured `runs` times, each on a fresh page: the medians. */
export function interaction(url: string, cpuSlowdown: number, runs = LIGHTHOUSE_RUNS): Promise<InteractionFigures> {
  return withBrowser(async (browser) => {
    const all: InteractionFigures[] = [];
    for (let run = 0; run < runs; run++) all.push(await interactOnce(browser, url, cpuSlowdown));
    const of = (key: keyof InteractionFigures) => median(all.map((f) => f[key]));
    return {
      chipMs: of("chipMs"),
      sheetMs: of("sheetMs"),
      longestTaskMs: of("longestTaskMs"),
      longestLoadTaskMs: of("longestLoadTaskMs"),
      hydratedMs: of("hydratedMs"),
    };
  });
}
