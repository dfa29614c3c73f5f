import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // The whole route manifest is one immutable file (4.6 KB gzip, fetched once with the scripts after the first
  // paint) rather than a partial manifest worked out for each render (route matching for every prefix of the URL:
  // 2 ms of each render's CPU) and inlined in each page, and links need no /__manifest requests to discover routes.
  routeDiscovery: { mode: "initial" },
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
  },
} satisfies Config;
