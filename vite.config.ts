import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  // Every app import of "zod" is zod set up for the browser's Content-Security-Policy first (app/zod-config.ts), so
  // no page needs to load zod up front to configure it (docs/decisions/028).
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("app/zod-config.ts", import.meta.url)) }] },
  build: { target: "es2022", sourcemap: process.env.BUILD_SOURCEMAP === "1" },
  // The server bundle is the HTTP server and the site's commands around React Router's build (server/index.ts), so
  // production runs plain `node cli.js start` on built JavaScript (docs/decisions/033-one-server-build.md).
  environments: { ssr: { build: { rollupOptions: { input: "./server/index.ts" } } } },
  ssr: {
    // Server-only packages with native or wasm parts stay external to the server bundle.
    external: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "@prisma/adapter-pg"],
  },
});
