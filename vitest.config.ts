import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import LongestFirstSequencer from "./tests/helpers/sequencer";

// Unit tests sit beside their modules; integration tests (a fresh database per file) in tests/integration;
// end-to-end tests (the built server in Chromium) in tests/e2e. The fresh databases are copies of templates made
// once per run by tests/helpers/global-setup.ts, which runs only when a test of the "database" project is queued.
// With DATABASE_URL set (the PostgreSQL run of CI), `npm test` runs only what can differ between the databases:
// every integration test (the data layer, jobs, the CLI scripts, the admin's writes) and the end-to-end files below,
// which exercise the database under the server (several processes, faults, imports, sessions, the page cache, two
// admins on one row, every public page once). Unit tests and the browser flows whose queries the integration tests
// cover ran on the embedded database already. TEST_ALL=1 runs everything on PostgreSQL too.
// See docs/decisions/011-postgresql-runs-what-differs.md.
const POSTGRES_E2E = [
  "smoke",
  "every-page",
  "api-methods",
  "oembed",
  "metrics",
  "start-workers",
  "database-faults",
  "validation-two-processes",
  "page-cache",
  "admin-security",
  "admin-sessions",
  "admin-versions",
  "admin-csv",
  "varnish",
].map((name) => `tests/e2e/${name}.test.ts`);
const onPostgresOnly = Boolean(process.env.DATABASE_URL) && !process.env.TEST_ALL;

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll waits as long as a page may take on a busy two-core CI machine (vitest's default is 1 s).
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: true,
    // The files known to take longest start first, so that no worker is left alone with one at the end.
    sequence: { sequencer: LongestFirstSequencer },
    // On PostgreSQL the files wait on the database and on several processes more than on the cores: a third worker
    // took CI's stage from 169 to 141 s (cores 76% → 88% busy). On PGlite two already keep the cores 93% busy; a third
    // made the stage slower (645 → 680 s). docs/decisions/049-longest-files-first.md.
    poolOptions: { forks: { maxForks: onPostgresOnly ? 3 : 2 }, threads: { maxThreads: 2 } },
    projects: [
      ...(onPostgresOnly
        ? []
        : [
            {
              extends: true as const,
              // Unit tests neither change the working directory nor exit the process (neither works in a worker
              // thread): threads start faster than forks, with less overhead loading the app (docs/decisions/032).
              test: { name: "unit", include: ["app/**/*.test.ts", "app/**/*.test.tsx"], pool: "threads" as const },
            },
          ]),
      {
        extends: true,
        test: {
          name: "database",
          include: onPostgresOnly ? ["tests/integration/**/*.test.ts", ...POSTGRES_E2E] : ["tests/**/*.test.ts"],
          globalSetup: ["tests/helpers/global-setup.ts"],
        },
      },
    ],
  },
});
