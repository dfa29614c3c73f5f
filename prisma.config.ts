import path from "node:path";
import { defineConfig } from "prisma/config";
import { createAdapterFactory } from "./app/data/adapter.server.ts";

// The schema engine runs as WebAssembly through the app's own driver adapter, so no engine is downloaded.
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  async adapter() {
    return createAdapterFactory();
  },
});
