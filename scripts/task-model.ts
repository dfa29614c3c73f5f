// The phone's blocking time by Lighthouse's own task model, read from a trace taken with the CPU not slowed, so a
// machine busy with other work moves it less than a throttled run (issue #26): each main-thread task's thread time
// (CPU time of the page's main thread, not wall-clock) times the phone's slowdown, blocking past 50 ms. For each page:
// the blocking and the main-thread work after the first contentful paint until hydrated (and a second after), the
// longest task; on the city page also the work from a chip's tap, and from the filter sheet's, until the paint after.
//
//   npx tsx scripts/task-model.ts <origin> [slowdown, default 4.8] [runs, default 3] [path …]
//   (paths default to the home, city and detail pages of the seed; TASK_MODEL_TOP=n prints the n longest tasks of
//   the last run of each page with what they ran, and by a CPU profile taken with the trace, the functions they
//   spent it in, named by the build's source maps when it has them: BUILD_SOURCEMAP=1 npx react-router build)
import { existsSync, readFileSync } from "node:fs";
import { SourceMapConsumer } from "source-map-js";
import type { CDPSession, Locator, Page } from "playwright-core";
import { hydrated, launchChromium, phonePage } from "./bench/browser";
import { median } from "./bench/mix";
import { selfTimes, type TraceEvent } from "./bench/trace-events";

const CITY = "/usa/tn/nashville/things-to-do";
const TOP = Number(process.env.TASK_MODEL_TOP ?? 0);

/**
 * The page's main thread, its tasks in order, less those of this script's own probes (Playwright's evaluations run
 * as scripts without an address: waiting for `data-hydrated`, reading the clock), which the page never runs.
 */
function mainThread(events: TraceEvent[]) {
  const scriptTime = new Map<string, number>();
  for (const e of events)
    if (e.ph === "X" && (e.name === "FunctionCall" || e.name === "v8.evaluateModule" || e.name === "EvaluateScript"))
      scriptTime.set(`${e.pid}:${e.tid}`, (scriptTime.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const [thread] = [...scriptTime.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!thread) throw new Error("no script ran");
  const main = events
    .filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === "X" && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const probes = main.filter((e) => e.name === "EvaluateScript" && !(e.args?.data as { url?: string })?.url);
  return main.filter(
    (e) => e.name !== "RunTask" || !probes.some((p) => p.ts >= e.ts && p.ts + p.dur! <= e.ts + e.dur!),
  );
}

/** The phone's blocking and work (ms) of the tasks among `tasks`, each task's thread time × `slowdown`. */
function model(tasks: TraceEvent[], slowdown: number) {
  let blocking = 0;
  let work = 0;
  let longest = 0;
  for (const t of tasks) {
    const ms = ((t.tdur ?? t.dur!) / 1000) * slowdown;
    work += ms;
    longest = Math.max(longest, ms);
    blocking += Math.max(0, ms - 50);
  }
  return { blocking, work, longest };
}

/** What a task spent its own time on: the deepest named events' self time, the largest five. */
function describe(task: TraceEvent, main: readonly TraceEvent[], slowdown: number): string {
  const self = selfTimes(task, main);
  const ms = ((task.tdur ?? task.dur!) / 1000) * slowdown;
  return (
    `${ms.toFixed(0).padStart(5)} ms  ` +
    [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([k, v]) => `${v.toFixed(1)} ${k}`)
      .join(" | ")
  );
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMapConsumer | null>();
/** `file:line` of a built script's position in its source, by the build's source map when there is one. */
function sourceOf(url: string, line: number, column: number): string {
  const file = url.replace(/^https?:\/\/[^/]+/, "");
  if (!file.startsWith("/assets/")) return `${file || "(native)"}:${line + 1}`;
  if (!maps.has(file)) {
    const map = `build/client${file}.map`;
    maps.set(file, existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, "utf8"))) : null);
  }
  const original = maps.get(file)?.originalPositionFor({ line: line + 1, column });
  return original?.source
    ? `${original.source.replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "")}:${original.line} ${original.name ?? ""}`
    : `${file}:${line + 1}`;
}

/** Self time (host ms) by source function of the profile's samples inside `task`. */
function samplesIn(profile: Profile, task: TraceEvent): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let ts = profile.startTime;
  profile.samples.forEach((id, i) => {
    ts += profile.timeDeltas[i] ?? 0;
    if (ts < task.ts || ts > task.ts + task.dur!) return;
    const f = byId.get(id)!.callFrame;
    const key = f.url ? sourceOf(f.url, f.lineNumber, f.columnNumber) : f.functionName || "(native)";
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 100) / 1000);
  });
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
}

async function traced<T>(page: Page, work: () => Promise<T>): Promise<{ result: T; events: TraceEvent[] }> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "toplevel", "loading"],
  });
  const result = await work();
  const buffer = await browser.stopTracing();
  return { result, events: (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents };
}

async function startProfile(cdp: CDPSession) {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
}

interface Figures {
  blocking: number;
  work: number;
  longest: number;
  chip?: number;
  sheet?: number;
}

/** Work from the first of a tap's input events until the first paint after its click was handled. */
function tapWork(main: TraceEvent[], from: number, slowdown: number, profile?: Profile): number {
  const inputs = main.filter((e) => e.name === "EventDispatch" && e.ts >= from);
  const click = inputs.find((e) => (e.args?.data as { type?: string } | undefined)?.type === "click");
  const first = inputs[0];
  if (!click || !first) throw new Error("the tap was not dispatched");
  const paint = main.find((e) => (e.name === "Paint" || e.name === "Commit") && e.ts >= click.ts + click.dur!);
  const end = paint ? paint.ts + paint.dur! : Infinity;
  const start = main.filter((e) => e.name === "RunTask" && e.ts <= first.ts).at(-1)?.ts ?? first.ts;
  const tasks = main.filter((e) => e.name === "RunTask" && e.ts >= start && e.ts < end);
  if (profile)
    for (const t of tasks.filter((t) => (t.tdur ?? t.dur!) > 2000)) {
      console.log(`      ${describe(t, main, slowdown)}`);
      for (const [k, ms] of samplesIn(profile, t)) console.log(`        ${ms.toFixed(1).padStart(6)} ms  ${k}`);
    }
  return model(tasks, slowdown).work;
}

async function once(origin: string, path: string, slowdown: number, top: boolean): Promise<Figures> {
  const browser = await launchChromium();
  try {
    const { page, cdp } = await phonePage(browser, 1);
    if (top) await startProfile(cdp);
    const { events } = await traced(page, async () => {
      await page.goto(origin + path, { waitUntil: "load" });
      await hydrated(page);
      await page.evaluate(() => new Promise((r) => setTimeout(r, 1000)));
    });
    const profile = top ? ((await cdp.send("Profiler.stop")) as unknown as { profile: Profile }).profile : undefined;
    const main = mainThread(events);
    const fcp = events.find((e) => e.name === "firstContentfulPaint")?.ts ?? main[0]!.ts;
    const tasks = main.filter((e) => e.name === "RunTask" && e.ts >= fcp);
    const figures: Figures = model(tasks, slowdown);
    if (top)
      for (const t of [...tasks].sort((a, b) => (b.tdur ?? b.dur!) - (a.tdur ?? a.dur!)).slice(0, TOP)) {
        console.log(`    @${((t.ts - fcp) / 1000).toFixed(0)} ms after FCP: ${describe(t, main, slowdown)}`);
        for (const [k, ms] of samplesIn(profile!, t)) console.log(`        ${ms.toFixed(1).padStart(6)} ms  ${k}`);
      }
    if (path === CITY) {
      // Taps sent as touches at the controls' centres, found beforehand: Playwright's own tap runs its checks in
      // the page, tasks the page itself would not run.
      const box = async (locator: Locator) => {
        const b = (await locator.boundingBox())!;
        return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      };
      const tap = async (at: { x: number; y: number }) => {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [at] });
        await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      };
      const chipBox = await box(page.locator("label.category-chip").first());
      if (top) await startProfile(cdp);
      const chip = await traced(page, async () => {
        await tap(chipBox);
        await page.waitForURL((u) => u.searchParams.has("category"));
        await page.waitForLoadState("networkidle");
      });
      const chipMain = mainThread(chip.events);
      const stop = async () =>
        top ? ((await cdp.send("Profiler.stop")) as unknown as { profile: Profile }).profile : undefined;
      if (top) console.log("    the chip's tap:");
      figures.chip = tapWork(chipMain, chipMain[0]!.ts, slowdown, await stop());
      const sheetBox = await box(page.getByRole("link", { name: /^See \d+ activities$/ }));
      if (top) await startProfile(cdp);
      const sheet = await traced(page, async () => {
        await tap(sheetBox);
        await page.locator("dialog#filters:modal").waitFor();
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
      });
      const sheetMain = mainThread(sheet.events);
      if (top) console.log("    the sheet's tap:");
      figures.sheet = tapWork(sheetMain, sheetMain[0]!.ts, slowdown, await stop());
    }
    return figures;
  } finally {
    await browser.close();
  }
}

async function main() {
  const [origin, slowdownArg, runsArg, ...given] = process.argv.slice(2);
  if (!origin) throw new Error("usage: task-model.ts <origin> [slowdown] [runs] [path …]");
  const slowdown = Number(slowdownArg ?? 4.8);
  const runs = Number(runsArg ?? 3);
  const paths = given.length ? given : ["/", CITY];
  for (const path of paths) {
    const all: Figures[] = [];
    for (let run = 0; run < runs; run++) all.push(await once(origin, path, slowdown, TOP > 0 && run === runs - 1));
    const of = (k: keyof Figures) => {
      const xs = all.map((f) => f[k]).filter((x): x is number => x !== undefined);
      return xs.length ? median(xs).toFixed(0) : "-";
    };
    console.log(
      `${path} ×${slowdown}: blocking ${of("blocking")} ms, work after FCP ${of("work")} ms, longest task ${of("longest")} ms` +
        (path === CITY ? `, chip ${of("chip")} ms, sheet ${of("sheet")} ms` : ""),
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
