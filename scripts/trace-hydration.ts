// A Chromium performance trace of one page load until hydrated, the CPU slowed as for a phone: the long tasks
// (over 50 ms) on the page's main thread, each with what it spent its time on.
//   npx tsx scripts/trace-hydration.ts <url> <cpu slowdown> [trace.json]
// (BUILD_SOURCEMAP=1 npx react-router build writes source maps, to read a saved trace or profile by source names.)
import { writeFileSync } from "node:fs";
import { hydrated, launchChromium, phonePage } from "./bench/browser";
import { selfTimes, type TraceEvent } from "./bench/trace-events";

async function main() {
  const [url, slowdownArg, out] = process.argv.slice(2);
  if (!url) throw new Error("usage: trace-hydration.ts <url> <cpu slowdown> [trace.json]");
  const browser = await launchChromium();
  try {
    const { page } = await phonePage(browser, Number(slowdownArg ?? 4));
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "toplevel", "v8"],
    });
    await page.goto(url, { waitUntil: "load" });
    await hydrated(page);
    await page.evaluate(() => new Promise((r) => setTimeout(r, 1000)));
    const buffer = await browser.stopTracing();
    if (out) writeFileSync(out, buffer);
    const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    // The page's main thread: the renderer thread that ran the most script.
    const scriptTime = new Map<string, number>();
    for (const e of events)
      if (e.ph === "X" && (e.name === "FunctionCall" || e.name === "v8.evaluateModule"))
        scriptTime.set(`${e.pid}:${e.tid}`, (scriptTime.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
    const [thread] = [...scriptTime.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
    if (!thread) throw new Error("no script ran");
    const main = events
      .filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === "X" && e.dur !== undefined)
      .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const pid = Number(thread.split(":")[0]);
    const nav = events.find((e) => e.name === "navigationStart" && e.pid === pid)?.ts ?? main[0]!.ts;
    const tasks = main.filter((e) => e.name === "RunTask" && e.dur! > 50_000);
    const blocking = tasks.reduce((sum, t) => sum + t.dur! / 1000 - 50, 0);
    console.log(`${tasks.length} long tasks, blocking ${blocking.toFixed(0)} ms (all tasks, not only before TTI)`);
    const total = new Map<string, number>();
    for (const task of tasks) {
      const self = selfTimes(task, main);
      for (const [k, ms] of self) total.set(k, (total.get(k) ?? 0) + ms);
      const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
      console.log(
        `@${((task.ts - nav) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(0)} ms  ` +
          top.map(([k, ms]) => `${ms.toFixed(0)} ${k}`).join(" | "),
      );
    }
    console.log("\nIn all long tasks, self time:");
    for (const [k, ms] of [...total.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20))
      console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
