import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Unit tests sit beside their modules; integration tests (a fresh migrated database per file) in tests/integration;
// end-to-end tests (the built server in Chromium) in tests/e2e.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "tests/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    poolOptions: { forks: { maxForks: 2 } },
  },
});
