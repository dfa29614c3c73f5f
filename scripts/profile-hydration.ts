// Where a page's hydration spends the phone's CPU (issue #26), without the whole bench: starts the built site on an
// embedded database (PROFILE_PGLITE_DIR, seeded by `npm start` when empty, kept between runs), finds the host's
// benchmark index, and for each phone of scripts/bench/phones.ts prints Lighthouse's score and total blocking time,
// the chip and filter-sheet interaction (INP, longest tasks), and the biggest costs of one CPU profile of the page
// loading and hydrating (self time by function and by script), the CPU slowed as for that phone.
//
//   npx react-router build && npx tsx scripts/profile-hydration.ts [path, default the largest city's page]
//   PROFILE_LIGHTHOUSE=0 (skip Lighthouse), PROFILE_CPU=0 (skip the CPU profile), PROFILE_PHONES=low (only the
//   low-tier phone), BENCH_LIGHTHOUSE_RUNS=n (runs of each, the median), PROFILE_ORIGINS=http://…,http://… (sites
//   already running, measured in turn, instead of starting this build), PROFILE_HOST_INDEX=n (calibrate to this index
//   rather than the one measured now), PROFILE_INTERACTION=0 (skip the chip and sheet interaction: pages other than
//   a city page)
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { freePort, startSite } from "./harness";
import { hostBenchmarkIndex, hydrated, interaction, launchChromium, lighthouse, phonePage } from "./bench/browser";
import { cpuSlowdown, PHONES } from "./bench/phones";
import { modulesAfterFirstPaint } from "../app/http/script-priority";

const DATA_DIR = process.env.PROFILE_PGLITE_DIR ?? path.join(os.tmpdir(), "profile-hydration", "data", "pglite");
const PAGE = process.argv[2] ?? "/usa/tn/nashville/things-to-do";
const WITH_LIGHTHOUSE = process.env.PROFILE_LIGHTHOUSE !== "0";
const PHONE_FILTER = process.env.PROFILE_PHONES;
const WITH_PROFILE = process.env.PROFILE_CPU !== "0";
/** The interaction measure ticks a chip and opens the filter sheet: a city page's; off for any other page. */
const WITH_INTERACTION = process.env.PROFILE_INTERACTION !== "0";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** One load of `url` until hydrated (and a little after), the CPU slowed `slowdown` times: self time per function. */
async function cpuProfile(url: string, slowdown: number) {
  const browser = await launchChromium();
  try {
    const { page, cdp } = await phonePage(browser, slowdown);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    await page.goto(url, { waitUntil: "load" });
    await hydrated(page);
    const hydratedMs = await page.evaluate(() => performance.now());
    await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
    const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
    const byFunction = new Map<string, number>();
    const byScript = new Map<string, number>();
    for (const node of profile.nodes) {
      const ms = self.get(node.id) ?? 0;
      if (!ms) continue;
      const f = node.callFrame;
      const script = f.url ? f.url.replace(/^https?:\/\/[^/]+/, "") || "(document)" : "(native)";
      const key = `${f.functionName || "(anonymous)"} ${script}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
      byScript.set(script, (byScript.get(script) ?? 0) + ms);
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n) as Array<[string, number]>;
    return { hydratedMs, byFunction: top(byFunction, 25), byScript: top(byScript, 12) };
  } finally {
    await browser.close();
  }
}

async function javaScriptBeforeMap(origin: string): Promise<number> {
  const html = await (await fetch(origin + PAGE)).text();
  const urls = new Set(modulesAfterFirstPaint(html));
  const sizes = await Promise.all(
    [...urls].map(async (u) => gzipSync(Buffer.from(await (await fetch(origin + u)).arrayBuffer())).length),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

const round = (n: number) => Math.round(n);

/** Every figure of one phone for the site at `origin`. */
async function measure(origin: string, phone: (typeof PHONES)[number], slowdown: number) {
  console.log(`\n== ${origin}, ${phone.label}: CPU ×${slowdown}`);
  if (WITH_LIGHTHOUSE) {
    const lh = await lighthouse(origin + PAGE, slowdown);
    console.log(
      `Lighthouse: score ${lh.score}, TBT ${round(lh.tbtMs)} ms (target < ${phone.targets.tbtMs}), LCP ${round(lh.lcpMs)} ms, index ${lh.benchmarkIndex}`,
    );
  }
  const i = WITH_INTERACTION ? await interaction(origin + PAGE, slowdown) : null;
  if (i)
    console.log(
      `Interaction: chip INP ${round(i.chipMs)} ms, sheet INP ${round(i.sheetMs)} ms (target < ${phone.targets.inpMs}), ` +
        `longest task after ${round(i.longestTaskMs)} ms, longest load task ${round(i.longestLoadTaskMs)} ms, hydrated at ${round(i.hydratedMs)} ms`,
    );
  if (!WITH_PROFILE) return;
  const p = await cpuProfile(origin + PAGE, slowdown);
  console.log(`CPU profile (hydrated at ${round(p.hydratedMs)} ms), self time by script:`);
  for (const [k, ms] of p.byScript) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
  console.log("by function:");
  for (const [k, ms] of p.byFunction) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
}

async function main() {
  // Sites already running (PROFILE_ORIGINS, comma-separated: e.g. main's build beside this one), measured in turn
  // for each phone; else this checkout's build, started here.
  const given = process.env.PROFILE_ORIGINS?.split(",").filter(Boolean);
  let site: Awaited<ReturnType<typeof startSite>> | undefined;
  let origins = given ?? [];
  if (!given) {
    mkdirSync(DATA_DIR, { recursive: true });
    const port = await freePort();
    const { DATABASE_URL: _unused, ...rest } = process.env;
    site = await startSite({
      ...rest,
      PGLITE_DIR: DATA_DIR,
      PORT: String(port),
      NODE_ENV: "production",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: "profile-session-secret",
      LOG_REQUESTS: "0",
    });
    origins = [`http://127.0.0.1:${port}`];
  }
  try {
    for (const origin of origins) {
      const html = await (await fetch(origin + PAGE)).text();
      console.log(
        `${origin}${PAGE}: document ${(html.length / 1024).toFixed(1)} KB, ${(gzipSync(html).length / 1024).toFixed(1)} KB gzip; ` +
          `JavaScript before the map ${((await javaScriptBeforeMap(origin)) / 1024).toFixed(1)} KB gzip`,
      );
    }
    // PROFILE_HOST_INDEX fixes the index: on a machine busy with other work, the one measured now swings widely.
    const hostIndex = Number(process.env.PROFILE_HOST_INDEX) || (await hostBenchmarkIndex());
    console.log(`Host benchmark index ${hostIndex}${process.env.PROFILE_HOST_INDEX ? " (given)" : ""}`);
    for (const phone of PHONES) {
      if (PHONE_FILTER && !phone.label.startsWith(PHONE_FILTER)) continue;
      const slowdown = cpuSlowdown(hostIndex, phone.index);
      for (const origin of origins) await measure(origin, phone, slowdown);
    }
  } finally {
    await site?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
