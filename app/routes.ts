import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The route table, explicit: the public path shapes are too irregular for file-name routing.
export default [
  index("routes/public/home.tsx"),

  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("login/link/:token", "routes/admin/login-link.tsx"),
    route("logout", "routes/admin/logout.ts"),
    route("cli/login-link", "routes/admin/cli-login-link.ts"),
    layout("routes/admin/layout.tsx", [index("routes/admin/index.tsx")]),
  ]),

  ...prefix("api", [route("mapbox-token", "routes/api/mapbox-token.ts")]),

  // City activities page and its tag / category variants (browse).
  route(":country/:region/:cityId/things-to-do", "routes/public/city-activities.tsx"),
  route(":country/:region/:cityId/:segment", "routes/public/city-segment.tsx"),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
