/**
 * A seeded pseudo-random source (mulberry32): the same sequence in every run for the same seed. The hostile-input
 * walk makes its junk with it (about a microsecond a query string, where fast-check's sampling of the same shapes took
 * 60 µs each, a quarter of a minute for the walk); the test sequencer shuffles files with it.
 */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  /** An integer from 0 to n - 1. */
  const below = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[below(items.length)]!;
  const chance = (p: number) => next() < p;
  /** A copy of `items` in a random order (Fisher–Yates). */
  const shuffled = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = below(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  return { below, pick, chance, shuffled };
}
export type Random = ReturnType<typeof randomSource>;
