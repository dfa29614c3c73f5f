// A tool for the crawl line's cost (issue #25): CPU a rendered miss costs, the server's and PostgreSQL's.
//   tsx scripts/bench/crawl-cpu.ts seed <database>          a database as the bench seeds it (100,000 activities)
//   tsx scripts/bench/crawl-cpu.ts run <database> [urls]    starts the built site on it, warms it up on one list of
//       crawl URLs, then crawls another at 10 connections: req/s, p50, p99 and CPU ms a page (server, PostgreSQL)
//   tsx scripts/bench/crawl-cpu.ts pair <database> [urls]   the same for two builds at once, the base's (a checkout
//       with its own build in CRAWL_BASE) and this one, each on its own copy of <database> (<database>_base,
//       <database>_head, made afresh): they crawl in CRAWL_ROUNDS (8) short turns, alternating, so a change in the
//       machine's load falls on both alike; CPU ms a page each turn and in all
// WARM (800) crawl pages warm each server up first. CRAWL_PORT picks the (first) server's port, a free one otherwise.
// CRAWL_PROFILE=1 runs one worker under --cpu-prof (profiles in ./crawl-profiles). V8's profiler counts wall time: on
// a busy machine it piles samples where the server wakes another process (socket writes, zlib's thread pool).
// CRAWL_PERF=<file> records the measured crawl with `perf record -g` instead (on-CPU samples of every thread; with
// CRAWL_NODE_ARGS="--perf-basic-prof-only-functions --interpreted-frames-native-stack" for JavaScript's names).
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import os from "node:os";
import { openDatabase } from "../../app/data/db.server";
import { seed } from "../../prisma/seed";
import { freePort, startSite } from "../harness";
import { crawlUrls } from "./crawl";
import { figures, median, runLoad } from "./mix";
import pg from "pg";

const SERVER = process.env.DATABASE_SERVER ?? "postgres://postgres@127.0.0.1:5432";
const [mode, name, count] = process.argv.slice(2);
if (!name) throw new Error("usage: crawl-cpu.ts seed|run|pair <database> [urls]");
const url = `${SERVER}/${name}`;

const TICK_MS = 1000 / 100; // USER_HZ

/** utime + stime of a process (with its waited-for children's), in ms; or only the stime (the kernel's share). */
function cpuMs(pid: number, only: "all" | "kernel" = "all"): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const kernel = Number(fields[12]) + Number(fields[14]);
    return (only === "kernel" ? kernel : Number(fields[11]) + Number(fields[13]) + kernel) * TICK_MS;
  } catch {
    return NaN;
  }
}

function tree(pid: number): number[] {
  const pids = [pid];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(/\s+/) : []) pids.push(...tree(Number(child)));
    }
  } catch {
    // ended
  }
  return pids;
}

async function backends(client: pg.Client, database = name!): Promise<number[]> {
  const r = await client.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [
    database,
  ]);
  return r.rows.map((row: { pid: number }) => row.pid);
}

/** The built site in `cwd` on `databaseUrl`, as the bench starts it (WEB_CONCURRENCY: one worker a core). */
function startBuilt(databaseUrl: string, port: number, cwd: string, nodeArgs: string[] = []) {
  const { DATABASE_URL: _unused, ...rest } = process.env;
  return startSite(
    {
      ...rest,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      NODE_ENV: "production",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: "bench-session-secret-not-for-production",
      LOG_REQUESTS: "0",
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? String(os.availableParallelism()),
    },
    120_000,
    cwd,
    nodeArgs,
  );
}

const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

if (mode === "pair") {
  const baseDir = process.env.CRAWL_BASE;
  if (!baseDir) throw new Error("pair: CRAWL_BASE names the base's checkout (with its build)");
  const amount = Number(count ?? 1000);
  const rounds = Number(process.env.CRAWL_ROUNDS ?? 8);
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  const sides = [
    { label: "base", cwd: baseDir, database: `${name}_base` },
    { label: "head", cwd: ".", database: `${name}_head` },
  ];
  for (const side of sides) {
    await admin.query(`DROP DATABASE IF EXISTS "${side.database}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${side.database}" TEMPLATE "${name}"`);
  }
  const database = await openDatabase({ kind: "postgres", url });
  // Four lists, none in another: each side warms up on one and crawls another (the kinds alike in each).
  const lists = await crawlUrls(database.prisma, new Set(), 4);
  await database.close();
  const firstPort = process.env.CRAWL_PORT ? Number(process.env.CRAWL_PORT) : undefined;
  const running = [];
  try {
    for (const [i, side] of sides.entries()) {
      const port = firstPort ? firstPort + i : await freePort();
      running.push({
        ...side,
        origin: `http://127.0.0.1:${port}`,
        site: await startBuilt(`${SERVER}/${side.database}`, port, side.cwd),
      });
    }
    const warmAmount = Number(process.env.WARM ?? 800);
    for (const [i, side] of running.entries()) {
      await runLoad(side.origin, lists[i]!, { connections: 10, amount: Math.min(warmAmount, lists[i]!.length) });
    }
    const measured = running.map((_, i) => lists[2 + i]!.slice(0, amount));
    const perRound = Math.floor(amount / rounds);
    const turns: Array<{ server: number; postgres: number }[]> = running.map(() => []);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) {
        const side = running[i]!;
        const slice = measured[i]!.slice(round * perRound, (round + 1) * perRound);
        const serverPids = tree(side.site.child.pid!);
        const pgPids = await backends(admin, side.database);
        const before = new Map([...serverPids, ...pgPids].map((pid) => [pid, cpuMs(pid)]));
        const result = await runLoad(side.origin, slice, { connections: 10, amount: slice.length });
        // A backend that started during the turn counts from zero.
        const after = [...new Set([...serverPids, ...pgPids, ...(await backends(admin, side.database))])];
        const spent = (pids: number[]) =>
          pids.reduce((s, pid) => s + (Number.isFinite(cpuMs(pid)) ? cpuMs(pid) - (before.get(pid) ?? 0) : 0), 0);
        const pages = result.samples.length;
        const notOk = result.samples.filter((s) => s.status !== 200).length;
        const turn = {
          server: spent(serverPids) / pages,
          postgres: spent(after.filter((p) => !serverPids.includes(p))) / pages,
        };
        turns[i]!.push(turn);
        console.log(
          `round ${round + 1} ${side.label}: server ${turn.server.toFixed(2)} ms, PostgreSQL ${turn.postgres.toFixed(2)} ms a page, ` +
            `${figures(result)[0]!.perSecond.toFixed(0)} req/s, not 200: ${notOk}; load ${loadNow()}`,
        );
      }
    }
    for (const [i, side] of running.entries()) {
      const t = turns[i]!;
      const mean = (f: (x: { server: number; postgres: number }) => number) =>
        t.reduce((s, x) => s + f(x), 0) / t.length;
      console.log(
        `${side.label}: server ${mean((x) => x.server).toFixed(2)} ms a page (median of turns ${median(t.map((x) => x.server)).toFixed(2)}), ` +
          `PostgreSQL ${mean((x) => x.postgres).toFixed(2)} ms (median ${median(t.map((x) => x.postgres)).toFixed(2)})`,
      );
    }
    const lower = turns[1]!.filter((h, r) => h.server < turns[0]![r]!.server).length;
    console.log(`head's server CPU a page lower than base's in ${lower} of ${rounds} rounds`);
  } finally {
    for (const side of running) await side.site.stop();
    for (const side of sides) await admin.query(`DROP DATABASE IF EXISTS "${side.database}" WITH (FORCE)`);
    await admin.end();
  }
} else if (mode === "seed") {
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const database = await openDatabase({ kind: "postgres", url });
  await seed(database.prisma, { synthetic: Number(process.env.BENCH_ACTIVITIES ?? 100_000) });
  await database.raw.exec(`VACUUM ANALYZE`);
  console.log(`seeded ${await database.prisma.activity.count()} activities`);
  await database.close();
} else {
  const amount = Number(count ?? 1000);
  const database = await openDatabase({ kind: "postgres", url });
  const [warm, measured] = await crawlUrls(database.prisma, new Set(), 2);
  await database.close();
  const port = process.env.CRAWL_PORT ? Number(process.env.CRAWL_PORT) : await freePort();
  const profile = process.env.CRAWL_PROFILE === "1";
  if (profile) process.env.WEB_CONCURRENCY ??= "1";
  const site = await startBuilt(url, port, process.env.CRAWL_CWD ?? ".", [
    ...(profile ? ["--cpu-prof", "--cpu-prof-dir=crawl-profiles"] : []),
    ...(process.env.CRAWL_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
  ]);
  const origin = `http://127.0.0.1:${port}`;
  const client = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  try {
    await runLoad(origin, warm!, { connections: 10, amount: Math.min(warm!.length, Number(process.env.WARM ?? 800)) });
    // Every k-th URL, so the kinds are measured in the crawl's proportions.
    const step = Math.max(1, Math.floor(measured!.length / amount));
    const list = measured!.filter((_, i) => i % step === 0).slice(0, amount);
    const serverPids = tree(site.child.pid!);
    const before = new Map<number, number>();
    for (const pid of [...serverPids, ...(await backends(client))]) before.set(pid, cpuMs(pid));
    const kernelBefore = serverPids.reduce((s, pid) => s + cpuMs(pid, "kernel"), 0);
    const last = new Map<number, number>();
    const sample = async () => {
      for (const pid of await backends(client)) last.set(pid, cpuMs(pid));
    };
    const sampler = setInterval(() => void sample(), 250);
    const perf = process.env.CRAWL_PERF
      ? spawn("perf", ["record", "-F", "499", "-g", "-o", process.env.CRAWL_PERF, "-p", serverPids.join(",")], {
          stdio: "ignore",
        })
      : undefined;
    const result = await runLoad(origin, list, { connections: 10, amount: list.length });
    clearInterval(sampler);
    if (perf) {
      perf.kill("SIGINT");
      await new Promise((resolve) => perf.once("exit", resolve));
    }
    await sample();
    const serverMs = serverPids.reduce((s, pid) => s + cpuMs(pid) - (before.get(pid) ?? 0), 0);
    const kernelMs = serverPids.reduce((s, pid) => s + cpuMs(pid, "kernel"), 0) - kernelBefore;
    let pgMs = 0;
    for (const [pid, ms] of last) if (Number.isFinite(ms)) pgMs += ms - (before.get(pid) ?? 0);
    const [all] = figures(result);
    const notOk = result.samples.filter((s) => s.status !== 200).length;
    const pages = result.samples.length;
    console.log(
      `${pages} pages, ${all!.perSecond.toFixed(0)} req/s, p50 ${all!.p50.toFixed(1)} ms, p99 ${all!.p99.toFixed(1)} ms, ` +
        `not 200: ${notOk}; CPU a page: server ${(serverMs / pages).toFixed(2)} ms ` +
        `(kernel ${(kernelMs / pages).toFixed(2)}), PostgreSQL ${(pgMs / pages).toFixed(2)} ms; ` +
        `load ${loadNow()}`,
    );
    const byKind = new Map<string, number[]>();
    for (const s of result.samples) byKind.set(s.kind, [...(byKind.get(s.kind) ?? []), s.ms]);
    for (const [kind, times] of byKind) {
      times.sort((a, b) => a - b);
      console.log(`  ${kind}: ${times.length}, p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms`);
    }
  } finally {
    await client.end();
    await site.stop();
  }
}
