import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Unit tests sit beside their modules; integration tests (a fresh database per file) in tests/integration;
// end-to-end tests (the built server in Chromium) in tests/e2e. The fresh databases are copies of templates made
// once per run by tests/helpers/global-setup.ts, which runs only when a test of the "database" project is queued.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll waits as long as a page may take on a busy two-core CI machine (vitest's default is 1 s).
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: true,
    poolOptions: { forks: { maxForks: 2 } },
    projects: [
      { extends: true, test: { name: "unit", include: ["app/**/*.test.ts", "app/**/*.test.tsx"] } },
      {
        extends: true,
        test: { name: "database", include: ["tests/**/*.test.ts"], globalSetup: ["tests/helpers/global-setup.ts"] },
      },
    ],
  },
});
