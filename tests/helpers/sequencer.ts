// The order test files start in (vitest.config.ts, docs/decisions/049-longest-files-first.md). Vitest starts the
// files it has timings for longest first, but a fresh clone (CI) has none, so it starts the largest first; a file
// that is small but long (validation-two-processes: 10 KB, 63 s, mostly waiting for a chunk's expiry) could then
// start last and leave one worker alone with it for a minute. The files below start first, longest first, from
// `.ci/run`'s own timings on a 2-core machine; the rest follow in vitest's order. `--sequence.shuffle` still
// shuffles every file (the check that no file depends on another's order).
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Seconds each took in `.ci/run` (2 cores, 2026-11-28): PGlite stage, PostgreSQL stage where it runs there too. */
const LONGEST_FIRST: Record<string, number> = {
  "tests/e2e/hostile-input.test.ts": 138,
  "tests/e2e/validation-two-processes.test.ts": 63,
  "tests/e2e/phone-widths.test.ts": 58,
  "tests/e2e/admin-taxonomy.test.ts": 58,
  "tests/e2e/admin-places.test.ts": 55,
  "tests/e2e/admin-activities.test.ts": 50,
  "tests/e2e/every-page.test.ts": 48,
  "tests/e2e/admin-data-quality.test.ts": 48,
  "tests/e2e/detail.test.ts": 46,
  "tests/e2e/embedded-database.test.ts": 41,
  "tests/e2e/admin-csv.test.ts": 31,
  "tests/e2e/admin-city-images.test.ts": 26,
  "tests/e2e/embedded-job-recovery.test.ts": 24,
  "tests/integration/database-owner.test.ts": 21,
  "tests/integration/places-jobs.test.ts": 19,
};

/** A seeded shuffle (mulberry32 + Fisher–Yates): the same order for the same seed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { sequence, root } = this.ctx.config;
    if (sequence.shuffle) return shuffled(files, sequence.seed ?? Date.now());
    const byVitest = await super.sort(files);
    const seconds = (file: TestSpecification) =>
      LONGEST_FIRST[path.relative(root, file.moduleId).split(path.sep).join("/")] ?? 0;
    // Array.prototype.sort is stable: files without a figure keep vitest's order, after those with one.
    return byVitest.sort((a, b) => seconds(b) - seconds(a));
  }
}
