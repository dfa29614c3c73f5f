import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  build: { target: "es2022" },
  ssr: {
    // Server-only packages with native or wasm parts stay external to the server bundle.
    external: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "@prisma/adapter-pg"],
  },
});
