import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * The browser's build of React Router is its production build. The package's exports name only its development build
 * (remix-run/react-router#14102), whose dev warnings run in every page's hooks (a `warningOnce` per route hook call)
 * and ship their messages; the two builds differ in that one switch (`ENABLE_DEV_WARNINGS`). The server keeps what
 * Node resolves, so React Router stays one copy there (its adapters import the package too).
 */
function reactRouterProductionInBrowser(): Plugin {
  const production = (file: string) =>
    fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));
  const builds: Record<string, string> = {
    "react-router": production("index.mjs"),
    "react-router/dom": production("dom-export.mjs"),
  };
  return {
    name: "react-router-production-in-browser",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId: (id) => builds[id] ?? null,
  };
}

/**
 * The browser's scripts and styles also as brotli (quality 11) and gzip (level 9) files beside them, which the server
 * sends as they are (server/app.ts): compressed once when built, not on every first visit
 * (docs/decisions/050-assets-compressed-when-built.md).
 */
function compressedClientAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: "compressed-client-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      await Promise.all(
        Object.values(bundle).map(async (file) => {
          if (!/\.(js|mjs|css)$/.test(file.fileName)) return;
          const source = Buffer.from(file.type === "chunk" ? file.code : file.source);
          if (source.length < 1024) return;
          const target = path.join(outDir, file.fileName);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouterProductionInBrowser(), reactRouter(), tsconfigPaths(), compressedClientAssets()],
  build: { target: "es2022", sourcemap: process.env.BUILD_SOURCEMAP === "1" },
  // The server bundle is the HTTP server and the site's commands around React Router's build (server/index.ts), so
  // production runs plain `node cli.js start` on built JavaScript (docs/decisions/033-one-server-build.md).
  environments: { ssr: { build: { rollupOptions: { input: "./server/index.ts" } } } },
  ssr: {
    // Server-only packages with native or wasm parts stay external to the server bundle.
    external: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "@prisma/adapter-pg"],
  },
});
