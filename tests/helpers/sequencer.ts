// The order test files start in (vitest.config.ts, docs/decisions/049-longest-files-first.md). Vitest starts the
// files it has timings for longest first, but a fresh clone (CI) has none, so it starts the largest first; a file
// that is small but long (validation-two-processes: 10 KB, 63 s, mostly waiting for a chunk's expiry) could then
// start last and leave one worker alone with it for a minute. The files below start first, longest first, from
// `.ci/run`'s own timings on a 2-core machine; the rest follow in vitest's order. `--sequence.shuffle` still
// shuffles every file (the check that no file depends on another's order).
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { randomSource } from "./random";

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

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { sequence, root } = this.ctx.config;
    if (sequence.shuffle) return randomSource(sequence.seed ?? Date.now()).shuffled(files);
    const byVitest = await super.sort(files);
    const seconds = (file: TestSpecification) =>
      LONGEST_FIRST[path.relative(root, file.moduleId).split(path.sep).join("/")] ?? 0;
    // Array.prototype.sort is stable: files without a figure keep vitest's order, after those with one.
    return byVitest.sort((a, b) => seconds(b) - seconds(a));
  }
}
