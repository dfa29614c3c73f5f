// The phones the bench's browser figures stand for (issue #26): Chrome's own calibration puts a mid-tier phone
// (Pixel 5) at a Lighthouse benchmark index of about 1,000 and a low-tier one (Moto G Power 2022) at about 264.
// The CPU is slowed by the host's index over the phone's, so a figure means the same phone on any machine.

export interface Phone {
  label: string;
  /** The phone's Lighthouse benchmark index. */
  index: number;
  targets: { score: number; tbtMs: number; lcpMs: number; inpMs: number };
}

export const PHONES: readonly Phone[] = [
  { label: "mid-tier phone", index: 1000, targets: { score: 98, tbtMs: 100, lcpMs: 1500, inpMs: 100 } },
  { label: "low-tier phone", index: 264, targets: { score: 90, tbtMs: 300, lcpMs: 2500, inpMs: 200 } },
];

/**
 * The CPU slowdown that makes a host of `hostIndex` run like a device of `deviceIndex`, to two decimals; at least 1
 * (a host slower than the device is measured as it is).
 */
export function cpuSlowdown(hostIndex: number, deviceIndex: number): number {
  if (!(hostIndex > 0) || !(deviceIndex > 0)) throw new Error(`no benchmark index (host ${hostIndex})`);
  return Math.max(1, Math.round((hostIndex / deviceIndex) * 100) / 100);
}

/** An Event Timing entry as the page reports it (PerformanceEventTiming's fields the measure needs). */
export interface EventEntry {
  name: string;
  /** 0 for an event that is not part of an interaction (e.g. a pointermove). */
  interactionId: number;
  startTime: number;
  duration: number;
}

/**
 * Interaction to Next Paint over `entries`: an interaction's latency is the longest duration among its events (a
 * tap's pointerdown, pointerup and click share an interactionId); INP is the longest interaction's, with so few
 * interactions (under 50) that web-vitals' high-percentile rule takes the maximum. 0 when none was seen.
 */
export function interactionToNextPaint(entries: readonly EventEntry[]): number {
  const latency = new Map<number, number>();
  for (const e of entries)
    if (e.interactionId > 0) latency.set(e.interactionId, Math.max(latency.get(e.interactionId) ?? 0, e.duration));
  return Math.max(0, ...latency.values());
}

/**
 * Lighthouse's benchmark index of the machine that runs it, the same loop as Lighthouse's computeBenchmarkIndex
 * (GoogleChrome/lighthouse core/lib/page-functions.js, Apache License 2.0): a garbage-collecting string build and a
 * garbage-free array copy, each for half a second, averaged. An expression for the page to evaluate, kept as text:
 * compiled, its inner functions would call a helper the page does not have.
 */
export const BENCHMARK_INDEX_SCRIPT = `(() => {
  function benchmarkIndexGC() {
    const start = Date.now();
    let iterations = 0;
    while (Date.now() - start < 500) {
      let s = "";
      for (let j = 0; j < 10000; j++) s += "a";
      if (s.length === 1) throw new Error("will never happen, but prevents compiler optimizations");
      iterations++;
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  }
  function benchmarkIndexNoGC() {
    const arrA = [];
    const arrB = [];
    for (let i = 0; i < 100000; i++) arrA[i] = arrB[i] = i;
    const start = Date.now();
    let iterations = 0;
    while (iterations % 10 !== 0 || Date.now() - start < 500) {
      const src = iterations % 2 === 0 ? arrA : arrB;
      const tgt = iterations % 2 === 0 ? arrB : arrA;
      for (let j = 0; j < src.length; j++) tgt[j] = src[j];
      iterations++;
    }
    return Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  }
  return (benchmarkIndexGC() + benchmarkIndexNoGC()) / 2;
})()`;
